import CGtk
import GtkSupport
import IroCore

extension ImageCanvas {
    /// Draws the visible part of the image at `displayScale`, clipped to the widget.
    func snapshot(_ snapshot: OpaquePointer, width: Double, height: Double) {
        guard let image, let zoom else { return }
        let origin = zoom.contentOrigin(offset: offset, scale: displayScale)
        let content = zoom.contentSize(at: displayScale)
        var clip = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                   size: graphene_size_t(width: Float(width), height: Float(height)))
        gtk_snapshot_push_clip(snapshot, &clip)
        let matrix = HueMatrix(sliderValue: hue)
        if !matrix.isIdentity { pushColorMatrix(matrix, on: snapshot) }
        defer { if !matrix.isIdentity { gtk_snapshot_pop(snapshot) } }
        var bounds = graphene_rect_t(origin: graphene_point_t(x: Float(origin.x), y: Float(origin.y)),
                                     size: graphene_size_t(width: Float(content.width), height: Float(content.height)))
        gtk_snapshot_append_texture(snapshot, image.texture, &bounds)
        gtk_snapshot_pop(snapshot)
    }
}

    /// GSK colour-matrix node for the hue rotation (graphene's layout: see HueMatrix.columnMajor4x4).
    func pushColorMatrix(_ hue: HueMatrix, on snapshot: OpaquePointer) {
        var matrix = graphene_matrix_t()
        var values = hue.columnMajor4x4
        values.withUnsafeMutableBufferPointer { _ = graphene_matrix_init_from_float(&matrix, $0.baseAddress) }
        var offset = graphene_vec4_t()
        graphene_vec4_init(&offset, 0, 0, 0, 0)
        gtk_snapshot_push_color_matrix(snapshot, &matrix, &offset)
    }
