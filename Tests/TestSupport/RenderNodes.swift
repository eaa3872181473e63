import CGtk
import CGtkShims
import GtkSupport

@MainActor
public enum RenderNodes {
    /// What `widget` draws now, in GSK's text form (`gsk_render_node_serialize`): one
    /// block per node, in drawing order ("color {", "cairo {", "texture {" …).
    public static func serialized(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        gtk_test_widget_wait_for_draw(widget)
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(raw(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(gtk_widget_get_width(widget)), Double(gtk_widget_get_height(widget)))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        guard let bytes = gsk_render_node_serialize(node) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size = 0
        guard let data = g_bytes_get_data(bytes, &size) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    }

    /// The bounds (x, y, width, height) of every colour node in `text`.
    public static func colourBounds(in text: String) -> [[Double]] {
        var found: [[Double]] = []
        var rest = Substring(text)
        while let start = rest.range(of: "color {") {
            rest = rest[start.upperBound...]
            guard let bounds = rest.range(of: "bounds: "), let end = rest[bounds.upperBound...].firstIndex(of: ";") else { break }
            found.append(rest[bounds.upperBound..<end].split(separator: " ").compactMap { Double($0) })
        }
        return found
    }
}
