/// Which GSK renderer Iro asks GTK for.
///
/// Without a GPU, GTK 4.8's GL renderer runs on Mesa's llvmpipe, where every frame
/// of an image viewer costs ~100 ms (docs/PERFORMANCE.md); the cairo renderer draws
/// Iro's screen-sized renderings 1:1 in a few milliseconds. So when the machine has
/// no GPU render node, Iro picks cairo — unless the user chose a renderer.
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
}
