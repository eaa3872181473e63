/// Zoom state of one document view (BEHAVIOUR C2–C5): the scale the image is drawn at, its
/// limits, the targets of the zoom commands, pinch semantics and the offset maths that keeps
/// an anchor point still while the scale changes.
///
/// `scale` is displayed pixels per image pixel, so the view is `imageSize × scale` and the
/// aspect ratio is always kept. Scroll offsets are the distance from the content's top-left
/// corner to the viewport's top-left corner (what a GtkAdjustment's value holds).
public struct ZoomModel: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        /// Follows the viewport: the whole image, never larger than 100 %.
        case bestFit
        /// A scale the user chose; kept when the viewport changes.
        case manual
    }

    /// Upper limit, as a multiple of the natural size (BEHAVIOUR C2).
    public static let maximumScale = 5.0
    /// Lower limit unless best fit needs less (BEHAVIOUR C5).
    public static let minimumScale = 0.2
    /// Toolbar zoom in multiplies by this, zoom out divides by it (BEHAVIOUR C3).
    public static let stepFactor = 2.0
    /// The pinch factor is clamped to this range, live and at the end (BEHAVIOUR C2).
    public static let pinchFactorRange = 0.1...5.0
    /// Tolerance for "at the limit" so that floating-point noise never leaves a button
    /// sensitive that would do nothing.
    static let tolerance = 1e-9

    /// Natural image size; the caller swaps width and height for a 90° view rotation.
    public private(set) var imageSize: Size
    public var viewportSize: Size {
        didSet { refit() }
    }
    public private(set) var mode: Mode = .bestFit
    public private(set) var scale: Double = 1
    /// Scale when the current pinch began; the gesture reports factors relative to it.
    public private(set) var pinchStartScale: Double?

    public init(imageSize: Size, viewportSize: Size) {
        self.imageSize = imageSize
        self.viewportSize = viewportSize
        scale = bestFitScale
    }

    /// Changes the image size (e.g. for rotation) keeping the mode: best fit refits,
    /// a manual scale is only re-clamped.
    public mutating func setImageSize(_ size: Size) {
        imageSize = size
        refit()
    }

    private mutating func refit() {
        switch mode {
        case .bestFit:
            scale = bestFitScale
        case .manual:
            // A viewport that is not laid out yet says nothing about the limits; re-clamping
            // against it would lose the user's zoom.
            if !viewportSize.isDegenerate { scale = clampedScale(scale) }
        }
    }

    // MARK: Limits

    /// The scale at which the whole image just fits the viewport (may exceed 1).
    /// Degenerate sizes (not yet laid out, empty image) count as 1 so nothing divides by zero.
    public var fitScale: Double {
        guard !imageSize.isDegenerate, !viewportSize.isDegenerate else { return 1 }
        return min(viewportSize.width / imageSize.width, viewportSize.height / imageSize.height)
    }

    /// Best fit shows the whole image but never upscales a small one (BEHAVIOUR C5).
    public var bestFitScale: Double { min(1, fitScale) }

    /// The smaller of 0.2 and fit, so any image can be seen whole (BEHAVIOUR C5).
    public var minScale: Double { min(Self.minimumScale, fitScale) }

    public var maxScale: Double { Self.maximumScale }

    /// `proposed` limited to `[minScale, maxScale]`; NaN keeps the current scale.
    public func clampedScale(_ proposed: Double) -> Double {
        guard !proposed.isNaN else { return scale }
        return min(max(proposed, minScale), maxScale)
    }

    public var canZoomIn: Bool { scale < maxScale - Self.tolerance }
    public var canZoomOut: Bool { scale > minScale + Self.tolerance }
    public var isNatural: Bool { abs(scale - 1) < Self.tolerance }

    /// The zoom as a whole percentage, for the label next to the toolbar.
    public var percent: Int {
        let value = (scale * 100).rounded()
        return value.isFinite ? Int(value) : 100
    }

    public var contentSize: Size { contentSize(at: scale) }

    public func contentSize(at scale: Double) -> Size { imageSize.scaled(by: scale) }

    // MARK: Targets (pure, so the UI can animate towards them)

    public func zoomInTarget() -> Double { clampedScale(scale * Self.stepFactor) }
    public func zoomOutTarget() -> Double { clampedScale(scale / Self.stepFactor) }
    public func resetTarget() -> Double { clampedScale(1) }
    /// 200 % (the `2` key), or as near as the limits allow.
    public func doubleSizeTarget() -> Double { clampedScale(2) }
    public func bestFitTarget() -> Double { bestFitScale }
    /// Where `toggleBestFit()` will end, for animating the F key.
    public func toggleBestFitTarget() -> Double { mode == .bestFit ? resetTarget() : bestFitTarget() }

    // MARK: Commands

    /// Sets a user-chosen scale, clamped to the limits. NaN is ignored.
    public mutating func setScale(_ proposed: Double) {
        guard !proposed.isNaN else { return }
        scale = clampedScale(proposed)
        mode = .manual
    }

    public mutating func applyBestFit() {
        mode = .bestFit
        scale = bestFitScale
    }

    /// F: from best fit to 100 %, from anything else to best fit.
    public mutating func toggleBestFit() {
        if mode == .bestFit { setScale(1) } else { applyBestFit() }
    }

    // MARK: Pinch (BEHAVIOUR C2)

    public var isPinching: Bool { pinchStartScale != nil }

    public mutating func beginPinch() { pinchStartScale = scale }

    /// The scale to draw while pinching: deliberately not clamped to the zoom limits, only
    /// the gesture factor is, so the image follows the fingers and springs back at the end.
    public func livePinchScale(factor: Double) -> Double {
        (pinchStartScale ?? scale) * Self.clampedPinchFactor(factor)
    }

    /// Applies the final factor (clamped again) and the zoom limits.
    public mutating func endPinch(factor: Double) {
        let start = pinchStartScale ?? scale
        pinchStartScale = nil
        setScale(start * Self.clampedPinchFactor(factor))
    }

    /// The gesture was cancelled: keep the scale from before it.
    public mutating func cancelPinch() { pinchStartScale = nil }

    public static func clampedPinchFactor(_ factor: Double) -> Double {
        guard !factor.isNaN else { return 1 }
        return min(max(factor, pinchFactorRange.lowerBound), pinchFactorRange.upperBound)
    }

    // MARK: Layout

    public var viewportCentre: Point {
        Point(x: viewportSize.width / 2, y: viewportSize.height / 2)
    }

    /// Where the image's top-left corner lands in viewport coordinates: scrolled by the
    /// offset on an axis where the content fills the viewport, centred where it does not.
    public func contentOrigin(offset: Point, scale: Double) -> Point {
        let content = contentSize(at: scale)
        return Point(
            x: Self.origin(content: content.width, viewport: viewportSize.width, offset: offset.x),
            y: Self.origin(content: content.height, viewport: viewportSize.height, offset: offset.y))
    }

    /// The offset limited to the scrollable range on each axis (0 where nothing scrolls).
    public func clampedOffset(_ offset: Point, scale: Double) -> Point {
        let content = contentSize(at: scale)
        return Point(
            x: Self.clamp(offset.x, content: content.width, viewport: viewportSize.width),
            y: Self.clamp(offset.y, content: content.height, viewport: viewportSize.height))
    }

    /// The image point (in natural image pixels) under a viewport point.
    public func imagePoint(at viewportPoint: Point, offset: Point, scale: Double) -> Point {
        guard scale > 0, scale.isFinite else { return .zero }
        let origin = contentOrigin(offset: offset, scale: scale)
        return Point(x: (viewportPoint.x - origin.x) / scale, y: (viewportPoint.y - origin.y) / scale)
    }

    /// The offset at `toScale` that keeps the image point under `anchor` (viewport
    /// coordinates: pointer, pinch centre or view centre) under it, clamped to the
    /// scrollable range (BEHAVIOUR C2/C4). Where the content is smaller than the viewport the
    /// axis is centred instead.
    public func offsetKeeping(anchor: Point, offset: Point, fromScale: Double, toScale: Double) -> Point {
        guard fromScale > 0, fromScale.isFinite, toScale > 0, toScale.isFinite else {
            return clampedOffset(offset, scale: toScale)
        }
        let image = imagePoint(at: anchor, offset: offset, scale: fromScale)
        let wanted = Point(x: image.x * toScale - anchor.x, y: image.y * toScale - anchor.y)
        return clampedOffset(wanted, scale: toScale)
    }

    private static func origin(content: Double, viewport: Double, offset: Double) -> Double {
        content >= viewport ? -offset : (viewport - content) / 2
    }

    private static func clamp(_ value: Double, content: Double, viewport: Double) -> Double {
        let upper = max(0, content - viewport)
        guard !value.isNaN, upper.isFinite else { return 0 }
        return min(max(value, 0), upper)
    }
}
