import CGtk
import GtkSupport

/// Registers Iro's GResource bundle (stylesheet, icons), which the build compiles into
/// the binary itself (the EmbedResources plugin), so every `iro` is styled wherever it
/// runs from: installed, straight from `.build/`, under a debugger or a benchmark.
enum Resources {
    /// Once per process (tests make several applications in one).
    static let register: Void = {
        var length: gsize = 0
        guard let data = g_base64_decode(embeddedResourceBundle, &length) else { return }
        // GResource reads the data in place: it must stay (and stay aligned, as g_malloc's is).
        let bytes = g_bytes_new_take(data, length)
        defer { g_bytes_unref(bytes) }
        do throws(GLibError) {
            guard let resource = try withGError({ g_resource_new_from_data(bytes, $0) }) else { return }
            g_resources_register(resource)
            g_resource_unref(resource)
        } catch {
            Log.warning("the built-in resources could not be registered: \(error.message)")
        }
    }()
}
