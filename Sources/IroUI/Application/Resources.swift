import CGtk
import FoundationEssentials
import GtkSupport

/// Finds and registers Iro's GResource bundle (stylesheet, icons).
///
/// Installed: `<prefix>/share/io.github.iroviewer.Iro/`, found from the
/// executable's own path. From a source tree: `$IRO_GRESOURCE`, which the run and
/// test scripts set after compiling the bundle. Missing resources are not fatal:
/// Iro still runs, only unstyled.
enum Resources {
    static func register() {
        for path in candidates() where FileManager.default.fileExists(atPath: path) {
            do {
                let resource = try withGError { g_resource_load(path, $0) }
                if let resource {
                    g_resources_register(resource)
                    g_resource_unref(resource)
                    return
                }
            } catch {
                printError("iro: could not load resources from \(path): \(error.message)")
            }
        }
    }

    static func candidates() -> [String] {
        var paths: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["IRO_GRESOURCE"], !explicit.isEmpty {
            paths.append(explicit)
        }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        if let real = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let prefix = URL(fileURLWithPath: real).deletingLastPathComponent().deletingLastPathComponent()
            paths.append(prefix.appendingPathComponent("share/\(AppInfo.id)/\(AppInfo.resourceFile)").path)
        }
        paths.append(exe.deletingLastPathComponent().appendingPathComponent(AppInfo.resourceFile).path)
        return paths
    }
}
