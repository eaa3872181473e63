/// Zoom state of one document view (BEHAVIOUR C2–C5): the scale the image is drawn at, its
/// limits, the targets of the zoom commands, pinch semantics and the offset maths that keeps
/// an anchor point still while the scale changes.
///
/// `scale` is view points (GTK's logical pixels) per image pixel, so the view is
/// `imageSize × scale` and the aspect ratio is always kept. 100 % is one image pixel per
/// device pixel: on a display with scale factor 2 that is a scale of 0.5 (`pixelsPerPoint`).
/// Scroll offsets are the distance from the content's top-left corner to the viewport's
/// top-left corner (what a GtkAdjustment's value holds).
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
    /// Device pixels per view point: the display's scale factor (2 on most laptops).
    public private(set) var pixelsPerPoint: Double = 1
    /// Scale when the current pinch began; the gesture reports factors relative to it.
    public private(set) var pinchStartScale: Double?

    public init(imageSize: Size, viewportSize: Size, pixelsPerPoint: Double = 1) {
        self.imageSize = imageSize
        self.viewportSize = viewportSize
        self.pixelsPerPoint = Self.validPixelsPerPoint(pixelsPerPoint)
        scale = bestFitScale
    }

    /// The display's scale factor changed (the window moved to another monitor): best fit
    /// refits, a manual zoom keeps its percentage.
    public mutating func setPixelsPerPoint(_ value: Double) {
        let valid = Self.validPixelsPerPoint(value)
        guard valid != pixelsPerPoint else { return }
        let percentage = scale * pixelsPerPoint
        pixelsPerPoint = valid
        if mode == .manual { scale = percentage / valid }
        refit()
    }

    private static func validPixelsPerPoint(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 1 }

    /// The scale of 100 %: one image pixel per device pixel.
    public var naturalScale: Double { 1 / pixelsPerPoint }

    /// Device pixels per image pixel at `scale`: what a rendering or a decode must hold.
    public func deviceScale(_ scale: Double) -> Double { scale * pixelsPerPoint }

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
    public var bestFitScale: Double { min(naturalScale, fitScale) }

    /// The smaller of 20 % and fit, so any image can be seen whole (BEHAVIOUR C5).
    public var minScale: Double { min(Self.minimumScale * naturalScale, fitScale) }

    public var maxScale: Double { Self.maximumScale * naturalScale }

    /// `proposed` limited to `[minScale, maxScale]`; NaN keeps the current scale.
    public func clampedScale(_ proposed: Double) -> Double {
        guard !proposed.isNaN else { return scale }
        return min(max(proposed, minScale), maxScale)
    }

    public var canZoomIn: Bool { scale < maxScale - Self.tolerance }
    public var canZoomOut: Bool { scale > minScale + Self.tolerance }
    public var isNatural: Bool { abs(scale - naturalScale) < Self.tolerance }

    /// The zoom as a whole percentage (of device pixels), for the label next to the toolbar.
    public var percent: Int {
        let value = (deviceScale(scale) * 100).rounded()
        return value.isFinite ? Int(value) : 100
    }

    public var contentSize: Size { contentSize(at: scale) }

    public func contentSize(at scale: Double) -> Size { imageSize.scaled(by: scale) }

    // MARK: Targets (pure, so the UI can animate towards them)

    public func zoomInTarget() -> Double { clampedScale(scale * Self.stepFactor) }
    public func zoomOutTarget() -> Double { clampedScale(scale / Self.stepFactor) }
    public func resetTarget() -> Double { clampedScale(naturalScale) }
    /// 200 % (the `2` key), or as near as the limits allow.
    public func doubleSizeTarget() -> Double { clampedScale(2 * naturalScale) }
    public func bestFitTarget() -> Double { bestFitScale }
    /// The scale at which the whole image fills the viewport, enlarged if small (a document's
    /// "fit page", BEHAVIOUR G2; best fit never enlarges), within the limits.
    public func fitPageTarget() -> Double { clampedScale(fitScale) }
    /// The scale at which the image's width fills the viewport (a document page read down its
    /// length, BEHAVIOUR G2), within the limits.
    public func fitWidthTarget() -> Double {
        guard !imageSize.isDegenerate, !viewportSize.isDegenerate else { return scale }
        return clampedScale(viewportSize.width / imageSize.width)
    }
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
        if mode == .bestFit { setScale(naturalScale) } else { applyBestFit() }
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
