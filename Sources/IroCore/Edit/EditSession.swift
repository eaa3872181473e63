/// An edit under way in a tab (BEHAVIOUR D7): the turns and flips made so far and the crop
/// over the picture they give, for a picture `width` × `height` as the tab shows it. Done
/// turns it into an `ImageEdit` (with the hue of that moment).
public struct EditSession: Equatable, Sendable {
    public let width: Int, height: Int
    public private(set) var transform = ImageTransform.identity
    public var box: CropBox

    /// `turned`: where the edit starts, such as the view's own turn, kept if nothing else is done.
    public init(width: Int, height: Int, turned: ImageTransform = .identity) {
        self.width = width
        self.height = height
        box = CropBox(width: width, height: height)
        apply(turned)
    }

    /// Turns the picture, and the crop with it, a quarter turn.
    public mutating func rotate(clockwise: Bool) { apply(clockwise ? .turnRight : .turnLeft) }

    /// Flips the picture left to right (`horizontally`) or top to bottom, and the crop with it.
    public mutating func flip(horizontally: Bool) { apply(horizontally ? .flipHorizontal : .flipVertical) }

    private mutating func apply(_ step: ImageTransform) {
        transform = transform.then(step)
        box.transform(step)
    }

    /// Nothing turned, flipped or cut.
    public var isUnchanged: Bool { transform.isIdentity && box.isWhole }

    /// Back to the picture as its file has it, keeping nothing.
    public mutating func reset() {
        transform = .identity
        box = CropBox(width: width, height: height)
    }

    /// The edit made, with `hue` (the slider's value) as its colours.
    public func edit(hue: Double) -> ImageEdit {
        ImageEdit(transform: transform, crop: box.isWhole ? nil : box.rect, hue: hue)
    }
}
