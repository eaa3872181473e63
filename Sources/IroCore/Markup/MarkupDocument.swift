/// The markup of a tab's document: a layer for each page marked (page 0 for an image), and
/// whether any of it changed since it was last saved, so that closing can ask first.
public struct MarkupDocument: Equatable, Sendable {
    /// By page index; a page never marked has none.
    public private(set) var layers: [Int: MarkupLayer]
    /// Set by every change to a layer (undo too: the layer is then not what was saved), cleared
    /// by `markSaved()`.
    public private(set) var hasUnsavedChanges = false

    /// Markup as it was read or saved: nothing unsaved.
    public init(layers: [Int: MarkupLayer] = [:]) { self.layers = layers }

    /// Page `page`'s layer, empty when it has none. Setting a layer that changed (another
    /// `revision`, or other items) marks the document unsaved.
    public subscript(page: Int) -> MarkupLayer {
        get { layers[page] ?? MarkupLayer() }
        set {
            let old = self[page]
            if newValue.revision != old.revision || newValue != old { hasUnsavedChanges = true }
            layers[page] = newValue
        }
    }

    /// Changes page `page`'s layer in place (`document.change(page: 2) { $0.undo() }`).
    @discardableResult public mutating func change<Result>(page: Int, _ body: (inout MarkupLayer) -> Result) -> Result {
        var layer = self[page]
        let result = body(&layer)
        self[page] = layer
        return result
    }

    /// Whether no page has any markup.
    public var isEmpty: Bool { layers.values.allSatisfy(\.isEmpty) }

    /// The pages that have markup, in order.
    public var markedPages: [Int] { layers.filter { !$0.value.isEmpty }.keys.sorted() }

    /// What is shown is now what is saved.
    public mutating func markSaved() { hasUnsavedChanges = false }
}
