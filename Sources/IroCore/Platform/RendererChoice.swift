/// Which GSK renderer Iro asks GTK for, and whether GDK should set up OpenGL at all.
///
/// Without a GPU, GTK 4.8's GL renderer runs on Mesa's llvmpipe, where every frame
/// of an image viewer costs ~100 ms (docs/PERFORMANCE.md); the cairo renderer draws
/// Iro's screen-sized renderings 1:1 in a few milliseconds. So when the machine has
/// no GPU render node, Iro picks cairo — unless the user chose a renderer.
///
/// Even with the cairo renderer, GDK on X11 still loads Mesa (and with it LLVM) to
/// pick a GL visual: about 58 MB of resident memory and some startup time spent on
/// GL that nothing uses. So with cairo chosen, GDK's GL is switched off too, unless
/// the user set `GDK_DEBUG` themselves.
public enum RendererChoice {
    /// The renderer to set, or nil to leave GTK's own choice.
    /// - Parameters:
    ///   - environment: the process environment (`GSK_RENDERER` set means the user chose).
    ///   - renderNodes: names in /dev/dri (e.g. "card0", "renderD128").
    public static func renderer(environment: [String: String], renderNodes: [String]) -> String? {
        if let chosen = environment["GSK_RENDERER"], !chosen.isEmpty { return nil }
        let hasGPU = renderNodes.contains { $0.hasPrefix("renderD") }
        return hasGPU ? nil : "cairo"
    }

    /// The environment variables to set before GTK starts (names to values); empty when
    /// GTK's own choices stand.
    public static func settings(environment: [String: String], renderNodes: [String]) -> [String: String] {
        guard let renderer = renderer(environment: environment, renderNodes: renderNodes) else { return [:] }
        var settings = ["GSK_RENDERER": renderer]
        if environment["GDK_DEBUG", default: ""].isEmpty { settings["GDK_DEBUG"] = "gl-disable" }
        return settings
    }
}
