import Foundation
import PackagePlugin

/// Compiles Iro's GResource bundle (data/io.github.iroviewer.Iro.gresource.xml: the
/// stylesheet and the icons) at build time and embeds it in the target that uses this
/// plugin, so every `iro` binary carries its own resources, wherever it runs from.
///
/// GNOME apps in C do this with `glib-compile-resources --generate-source`. SwiftPM
/// compiles only Swift sources that a plugin generates, so the bundle travels as a
/// base64 string literal in a generated Swift file (`embed-resources.sh`), which
/// the app decodes with GLib and registers at start-up (IroUI's `Resources`).
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let data = context.package.directoryURL.appending(path: "data")
        let manifest = data.appending(path: "io.github.iroviewer.Iro.gresource.xml")
        let script = context.package.directoryURL.appending(path: "Plugins/EmbedResources/embed-resources.sh")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        guard let compiler = Self.findOnPath("glib-compile-resources") else {
            Diagnostics.error(
                "glib-compile-resources was not found on PATH: install libglib2.0-dev-bin (meson-helpers/install-deps.sh does)")
            return []
        }
        return [
            .buildCommand(
                displayName: "Embedding the GResource bundle",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, compiler.path, manifest.path, data.path, output.path],
                inputFiles: [script, manifest] + Self.listedFiles(in: manifest, relativeTo: data),
                outputFiles: [output])
        ]
    }

    /// The files the manifest names (`<file …>path</file>`), so editing any of them rebuilds.
    static func listedFiles(in manifest: URL, relativeTo folder: URL) -> [URL] {
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
        return text.split(separator: "</file>").compactMap { chunk in
            guard let start = chunk.range(of: "<file", options: .backwards),
                let close = chunk[start.upperBound...].firstIndex(of: ">")
            else { return nil }
            let path = chunk[chunk.index(after: close)...].trimmingCharacters(in: .whitespacesAndNewlines)
            return path.isEmpty ? nil : folder.appending(path: path)
        }
    }

    static func findOnPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appending(path: name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
