import CGtk
import GtkSupport
import IroCore

/// The canvas draws a document's levels, following its model: each new image, more detail
/// of it, each frame of an animation. The tab's canvas, the compare panes' and the
/// presentation's all draw the same levels this way; none decodes anything.
extension ImageCanvas {
    /// Draws `model`'s levels from now on (nothing for nil). A canvas whose `viewOwner` is the
    /// model (the tab's) shows the view the document holds; others keep their own.
    func draw(_ model: DocumentModel?) {
        guard source?.model !== model else { return }
        if let source { for observer in source.observers { disconnect(source.model.observable.object, observer) } }
        source = nil
        guard let model else { return }
        let levels = model.observable.observe(DocumentModel.Property.levels) { [weak self] in self?.levelsChanged() }
        // A search's highlights, the text selected and the markup are drawn over the page (`+Snapshot`).
        let highlights = [
            DocumentModel.Property.search, DocumentModel.Property.selection, DocumentModel.Property.markup, DocumentModel.Property.ink,
        ].map { property in
            model.observable.observe(property) { [weak self] in if let self { gtk_widget_queue_draw(self.widget) } }
        }
        let editing = model.observable.observe(DocumentModel.Property.editing) { [weak self] in self?.editingChanged() }
        source = (model, [levels, editing] + highlights)
        levelsChanged()
    }

    /// The page shown, and the point of it under `point` of the canvas (`PageSurface`).
    func pageUnder(_ point: Point) -> (page: Int, point: Point)? {
        guard let model = source?.model, let onPage = pagePoint(at: point) else { return nil }
        return (model.document.page, onPage)
    }

    func point(_ point: Point, onPage page: Int) -> Point? {
        page == source?.model.document.page ? pagePoint(at: point) : nil
    }

    /// The point of the page shown (its image pixels at 100 %, unturned) under `point` of the canvas.
    func pagePoint(at point: Point) -> Point? {
        guard let zoom, let pyramid else { return nil }
        let turned = zoom.imagePoint(at: point, offset: offset, scale: displayScale)
        return ViewGeometry.unturn(turned, quarterTurns: quarterTurns, width: Double(pyramid.width), height: Double(pyramid.height))
    }

    /// Scrolls an area of the page (its image pixels at 100 %: a search's current match) into
    /// the middle of the view, unless all of it shows already.
    func reveal(_ area: TextMatches.Area) {
        guard let zoom, let pyramid else { return }
        let shown = turned(area, of: pyramid), scale = displayScale, origin = wholePixelOrigin, viewport = viewportSize
        let left = origin.x + shown.x * scale, top = origin.y + shown.y * scale
        let right = left + shown.width * scale, bottom = top + shown.height * scale
        guard left < 0 || top < 0 || right > viewport.width || bottom > viewport.height else { return }
        let centre = Point(x: (shown.x + shown.width / 2) * scale, y: (shown.y + shown.height / 2) * scale)
        configureAdjustments(offset: Point(x: centre.x - zoom.viewportSize.width / 2, y: centre.y - zoom.viewportSize.height / 2))
    }

    /// Edit mode began, changed or ended: the tab's canvas shows the edit's turn and flip, and
    /// after it the turn the view should rest at (`DocumentModel.turnsAfterEdit`).
    private func editingChanged() {
        guard let model = source?.model, viewOwner === model else { return }
        if let session = model.editing {
            showEditTransform(session.transform)
        } else if let turns = model.edits.turnsAfterEdit {
            model.edits.turnsAfterEdit = nil
            showEditTransform(ImageTransform(quarterTurns: turns))
        }
        gtk_widget_queue_draw(widget)
    }

    private func levelsChanged() {
        guard let model = source?.model, let levels = model.levels else { return }
        show(levels, named: model.document.displayName, arrival: model.arrival)
    }
}
