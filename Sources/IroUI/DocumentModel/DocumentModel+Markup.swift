import GtkSupport
import IroCore
import IroImaging

/// Markup (BEHAVIOUR I): what is drawn over each page of the document, in its image pixels,
/// and markup mode's tool, colour and thickness. The model owns it; the tab's canvas and the
/// presentation's draw it from here, so a stroke shows on both in the same frame.
extension DocumentModel {
    struct MarkupState {
        var document = MarkupDocument()
        /// Markup mode: the bar shows and drags draw.
        var isOn = false
        var tool = MarkupTool.pen
        var colour = MarkupColour.red
        /// Each tool's thickness in view points: a line looks as thick on screen at any zoom
        /// (it is kept in image pixels, at the zoom it was drawn at).
        var thickness: [MarkupTool: Double] = [
            .pen: 3, .highlighter: 16, .eraser: 12, .arrow: 3, .rectangle: 3, .ellipse: 3, .text: 20, .note: 14,
        ]
        /// What the pointer is drawing now, not yet in the layer.
        var inProgress: MarkupItem?
        /// The presenter hid the markup on the presentation for a moment (BEHAVIOUR I3).
        var hiddenOnPresentation = false
    }

    /// The shown page's layer.
    var markupLayer: MarkupLayer { markup.document[document.page] }

    /// Changes the shown page's layer; every view of the document redraws.
    func changeMarkup(_ change: (inout MarkupLayer) -> Void) {
        markup.document.change(page: document.page, change)
        observable.bump(Property.markup)
    }

    /// Changes the mode, tool, colour, thickness or the stroke being drawn.
    func changeMarkupState(_ change: (inout MarkupState) -> Void) {
        change(&markup)
        observable.bump(Property.markup)
    }

    /// The stroke or shape being drawn: the views redraw, nothing else runs (the bar and the
    /// commands follow `markup`, which a pointer event must not cost).
    func setInk(_ item: MarkupItem?) {
        markup.inProgress = item
        observable.bump(Property.ink)
    }

    /// The thickness of the tool chosen.
    var markupThickness: Double { markup.thickness[markup.tool] ?? 4 }

    /// Markup mode on or off; edit mode ends first (the two share the pointer).
    func setMarkupMode(_ on: Bool) {
        if on { cancelEdit() }
        changeMarkupState {
            $0.isOn = on
            $0.inProgress = nil
        }
    }

    /// Markup drawn and not saved (Save Markup): leaving the image would lose it.
    var hasMarkupToLose: Bool { markup.document.hasUnsavedChanges && !markup.document.isEmpty }

    /// Another image is shown in the tab: the markup was the last one's.
    func forgetMarkup() {
        guard !markup.document.isEmpty || markup.inProgress != nil else { return }
        changeMarkupState {
            $0.document = MarkupDocument()
            $0.inProgress = nil
        }
    }

    /// Markup can be drawn: an image or a page is shown.
    var canMarkUp: Bool { shown == .image && levels != nil && editing == nil }
}
