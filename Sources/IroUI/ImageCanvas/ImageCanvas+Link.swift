import IroCore

/// The canvas's side of linked views (BEHAVIOUR F6): what it shows, as a `LinkedView`, and
/// taking one.
extension ImageCanvas {
    /// Where the view comes to rest: the scroll position, or where a zoom animation ends.
    var restingOffset: Point {
        guard let zoom, animator.isRunning else { return offset }
        return zoom.offsetKeeping(anchor: animator.anchor, offset: offset, fromScale: displayScale, toScale: zoom.scale)
    }

    /// The view at rest with `hue`, once there is an image with a size on screen.
    func linkedView(hue: Double) -> LinkedView? {
        guard let zoom, pyramid != nil else { return nil }
        return LinkedView(model: zoom, offset: restingOffset, quarterTurns: quarterTurns, hue: hue)
    }

    /// Turns, zooms and scrolls to `linked` (its hue is the document's to set); before the
    /// view has a size, once it has one.
    func follow(_ linked: LinkedView) {
        guard pyramid != nil else { return }
        stopAnimation()
        let turns = ViewGeometry.normalized(linked.quarterTurns - quarterTurns)
        if turns != 0 { turn(by: turns) }
        guard let zoom else {
            pendingLink = linked
            return
        }
        pendingLink = nil
        let (model, offset) = linked.applied(to: zoom)
        place(model, offset: offset)
    }
}
