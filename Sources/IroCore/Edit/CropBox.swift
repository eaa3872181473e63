/// The crop rectangle being edited (BEHAVIOUR D7), in pixels of the picture as it is turned
/// and flipped (`bounds`): dragged by its handles or its inside, moved and resized by keys,
/// held to an aspect. Every change keeps it inside the picture, at least `minimumSide` a
/// side, and at its aspect.
public struct CropBox: Equatable, Sendable {
    /// The picture's size.
    public private(set) var bounds: (width: Int, height: Int)
    public private(set) var rect: PixelRect
    public private(set) var aspect: CropAspect = .free
    public private(set) var portrait = false

    /// Smaller than this, handles cover the whole crop; a picture smaller still keeps its size.
    public static let minimumSide = 16

    public init(width: Int, height: Int) {
        bounds = (max(1, width), max(1, height))
        rect = PixelRect(x: 0, y: 0, width: bounds.width, height: bounds.height)
    }

    public static func == (a: CropBox, b: CropBox) -> Bool {
        a.bounds == b.bounds && a.rect == b.rect && a.aspect == b.aspect && a.portrait == b.portrait
    }

    /// The whole picture: nothing is cut.
    public var isWhole: Bool { rect == PixelRect(x: 0, y: 0, width: bounds.width, height: bounds.height) }

    /// Width over height that the crop keeps; nil when free.
    public var ratio: Double? {
        guard let own = aspect.ratio(width: bounds.width, height: bounds.height) else { return nil }
        return portrait ? 1 / own : own
    }

    private var minimumSide: (width: Int, height: Int) {
        (min(Self.minimumSide, bounds.width), min(Self.minimumSide, bounds.height))
    }

    /// Holds the crop to `aspect` (`portrait`: taller than wide): the largest rectangle of
    /// that shape inside the current crop, about its centre.
    public mutating func setAspect(_ aspect: CropAspect, portrait: Bool) {
        self.aspect = aspect
        self.portrait = aspect.turns && portrait
        guard let ratio else { return }
        var width = Double(rect.width), height = Double(rect.height)
        if width / height > ratio { width = height * ratio } else { height = width / ratio }
        let w = max(1, Int(width.rounded())), h = max(1, Int(height.rounded()))
        rect = clamped(PixelRect(x: rect.x + (rect.width - w) / 2, y: rect.y + (rect.height - h) / 2, width: w, height: h))
    }

    /// The picture was turned or flipped by `transform`: the crop goes with it, and a
    /// held aspect turns with it.
    public mutating func transform(_ transform: ImageTransform) {
        rect = transform.apply(to: rect, width: bounds.width, height: bounds.height)
        bounds = transform.apply(to: bounds)
        // A fixed ratio turns with the picture; the original's turns by itself (it is the
        // picture's own, which turned).
        if transform.swapsSides, aspect.turns, aspect != .original { portrait.toggle() }
    }

    /// Back to the whole picture, free.
    public mutating func reset() {
        rect = PixelRect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        aspect = .free
        portrait = false
    }

    /// Moves the crop by (`dx`, `dy`), stopping at the picture's edges.
    public mutating func move(dx: Int, dy: Int) {
        rect.x = min(max(0, rect.x + dx), bounds.width - rect.width)
        rect.y = min(max(0, rect.y + dy), bounds.height - rect.height)
    }

    /// Grows (or shrinks, with negative values) the crop from its right and bottom edges;
    /// at an aspect the other side follows.
    public mutating func resize(dWidth: Int, dHeight: Int) {
        var handle = CropHandle.bottomRight
        if dWidth == 0 { handle = .bottom }
        if dHeight == 0 { handle = .right }
        drag(handle, from: rect, dx: Double(dWidth), dy: Double(dHeight))
    }

    /// `handle` dragged by (`dx`, `dy`) picture pixels from where it was when the drag began,
    /// when the crop was `start`.
    public mutating func drag(_ handle: CropHandle, from start: PixelRect, dx: Double, dy: Double) {
        let dx = Int(dx.rounded()), dy = Int(dy.rounded())
        if handle == .inside {
            rect = start
            move(dx: dx, dy: dy)
            return
        }
        var left = start.x, top = start.y, right = start.maxX, bottom = start.maxY
        let minimum = minimumSide
        if handle.movesLeft { left = min(max(0, left + dx), right - minimum.width) }
        if handle.movesRight { right = max(min(bounds.width, right + dx), left + minimum.width) }
        if handle.movesTop { top = min(max(0, top + dy), bottom - minimum.height) }
        if handle.movesBottom { bottom = max(min(bounds.height, bottom + dy), top + minimum.height) }
        guard let ratio else {
            rect = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
            return
        }
        rect = held(PixelRect(x: left, y: top, width: right - left, height: bottom - top), ratio: ratio, handle: handle, start: start)
    }

    /// `proposed` brought to `ratio`, anchored at the corner or edge opposite `handle`, and
    /// shrunk until it fits in the picture.
    private func held(_ proposed: PixelRect, ratio: Double, handle: CropHandle, start: PixelRect) -> PixelRect {
        var width = Double(proposed.width), height = Double(proposed.height)
        // An edge handle drives its own side; a corner the side that moved more.
        let drivesWidth: Bool
        switch handle {
        case .left, .right: drivesWidth = true
        case .top, .bottom: drivesWidth = false
        default: drivesWidth = abs(width - Double(start.width)) / ratio >= abs(height - Double(start.height))
        }
        if drivesWidth { height = width / ratio } else { width = height * ratio }
        // Room from the anchor to the picture's edges, in each direction the crop may grow.
        let anchorX =
            handle.movesLeft ? Double(proposed.maxX) : handle.movesRight ? Double(proposed.x) : Double(start.x) + Double(start.width) / 2
        let anchorY =
            handle.movesTop ? Double(proposed.maxY) : handle.movesBottom ? Double(proposed.y) : Double(start.y) + Double(start.height) / 2
        let roomX =
            handle.movesLeft
            ? anchorX : handle.movesRight ? Double(bounds.width) - anchorX : 2 * min(anchorX, Double(bounds.width) - anchorX)
        let roomY =
            handle.movesTop
            ? anchorY : handle.movesBottom ? Double(bounds.height) - anchorY : 2 * min(anchorY, Double(bounds.height) - anchorY)
        let fit = min(1, roomX / max(1, width), roomY / max(1, height))
        width *= fit
        height *= fit
        let w = max(1, Int(width.rounded())), h = max(1, Int(height.rounded()))
        let x = handle.movesLeft ? Int(anchorX) - w : handle.movesRight ? Int(anchorX) : Int((anchorX - Double(w) / 2).rounded())
        let y = handle.movesTop ? Int(anchorY) - h : handle.movesBottom ? Int(anchorY) : Int((anchorY - Double(h) / 2).rounded())
        return clamped(PixelRect(x: x, y: y, width: w, height: h))
    }

    /// `proposed`, no larger than the picture, moved inside it.
    private func clamped(_ proposed: PixelRect) -> PixelRect {
        var r = proposed
        r.width = min(max(1, r.width), bounds.width)
        r.height = min(max(1, r.height), bounds.height)
        r.x = min(max(0, r.x), bounds.width - r.width)
        r.y = min(max(0, r.y), bounds.height - r.height)
        return r
    }

    /// Sets the crop outright (a snap to a grid, a restored edit), kept inside the picture.
    public mutating func set(_ proposed: PixelRect) { rect = clamped(proposed) }
}

/// What a pointer grabs of the crop rectangle.
public enum CropHandle: Equatable, Hashable, Sendable, CaseIterable {
    case topLeft, top, topRight, right, bottomRight, bottom, bottomLeft, left, inside

    var movesLeft: Bool { self == .topLeft || self == .left || self == .bottomLeft }
    var movesRight: Bool { self == .topRight || self == .right || self == .bottomRight }
    var movesTop: Bool { self == .topLeft || self == .top || self == .topRight }
    var movesBottom: Bool { self == .bottomLeft || self == .bottom || self == .bottomRight }

    /// The pointer's shape over it (CSS cursor names).
    public var cursorName: String {
        switch self {
        case .topLeft, .bottomRight: "nwse-resize"
        case .topRight, .bottomLeft: "nesw-resize"
        case .top, .bottom: "ns-resize"
        case .left, .right: "ew-resize"
        case .inside: "move"
        }
    }

    /// The handle at `point` (view points) over a crop drawn at `rect` (view points), with
    /// handles reaching `reach` points around each corner and edge; nil outside.
    public static func at(_ point: Point, in rect: (x: Double, y: Double, width: Double, height: Double), reach: Double) -> CropHandle? {
        let left = abs(point.x - rect.x) <= reach, right = abs(point.x - (rect.x + rect.width)) <= reach
        let top = abs(point.y - rect.y) <= reach, bottom = abs(point.y - (rect.y + rect.height)) <= reach
        let withinX = point.x >= rect.x - reach && point.x <= rect.x + rect.width + reach
        let withinY = point.y >= rect.y - reach && point.y <= rect.y + rect.height + reach
        guard withinX, withinY else { return nil }
        switch (left, right, top, bottom) {
        case (true, _, true, _): return .topLeft
        case (_, true, true, _): return .topRight
        case (true, _, _, true): return .bottomLeft
        case (_, true, _, true): return .bottomRight
        case (true, _, _, _): return .left
        case (_, true, _, _): return .right
        case (_, _, true, _): return .top
        case (_, _, _, true): return .bottom
        default:
            let inside = point.x > rect.x && point.x < rect.x + rect.width && point.y > rect.y && point.y < rect.y + rect.height
            return inside ? .inside : nil
        }
    }
}
