import Foundation
import PackagePlugin

/// Compiles Iro's translations (po/LANG.po, the languages in po/LINGUAS) into gettext
/// catalogues at build time, beside the build's other outputs, and tells the target where
/// they are (`BuiltTranslations`): an `iro` run from `.build/` speaks the user's language
/// without being installed. An installed Iro reads the catalogues meson installed instead.
@main
struct CompileTranslations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let po = context.package.directoryURL.appending(path: "po")
        let script = context.package.directoryURL.appending(path: "Plugins/CompileTranslations/compile-translations.sh")
        let locale = context.pluginWorkDirectoryURL.appending(path: "locale")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltTranslations.swift")
        guard let msgfmt = Self.findOnPath("msgfmt") else {
            Diagnostics.error("msgfmt was not found on PATH: install gettext (meson-helpers/install-deps.sh does)")
            return []
        }
        let linguas = po.appending(path: "LINGUAS")
        let languages = ((try? String(contentsOf: linguas, encoding: .utf8)) ?? "")
            .split(separator: "\n").map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0] }
            .flatMap { $0.split(separator: " ") }.map(String.init)
        return [
            .buildCommand(
                displayName: "Compiling the translations",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, msgfmt.path, po.path, locale.path, output.path],
                inputFiles: [script, linguas] + languages.map { po.appending(path: "\($0).po") },
                outputFiles: [output])
        ]
    }

    static func findOnPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appending(path: name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
