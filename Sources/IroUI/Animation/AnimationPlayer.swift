import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Plays an animated image (BEHAVIOUR A10): each frame is composed off the main thread
/// when its time comes (never all frames ahead), becomes the document's levels (`show`),
/// which every view of it draws through the same exact rendering as a still image, so zoom, pan,
/// rotation and the hue apply to every frame. It pauses while its tab is not shown (in a
/// compare pane counts as shown), and on Space; it stops after the loops the file asks for, on the last frame.
final class AnimationPlayer {
    private let frames: AnimationFrames
    private let show: @MainActor (ImagePyramid) -> Void
    private var timer: SourceID?
    private var step: Task<Void, Never>?
    /// When the frame on screen was due (monotonic seconds); the next is due its delay later.
    private var shownAt = monotonicSeconds()
    private var isVisible = false

    private(set) var isPaused = false
    /// The loops are over: the last frame stays.
    private(set) var isFinished = false
    /// Frames shown since playing began (the first one not counted).
    private(set) var framesShown = 0

    /// Whether every frame was on screen once (a slideshow moves on then, BEHAVIOUR H3): the
    /// loops are over, or as many frames were shown as the file holds. Without a count, a
    /// paused or hidden one has played enough.
    var hasPlayedOnce: Bool {
        isFinished || frames.frameCount.map { framesShown >= $0 } ?? (isPaused || !isVisible)
    }
    /// `visible`: shown somewhere now; `show` takes each new frame.
    init(frames: AnimationFrames, visible: Bool, show: @escaping @MainActor (ImagePyramid) -> Void) {
        self.frames = frames
        self.show = show
        isVisible = visible
        schedule()
    }

    /// The tab was shown or hidden: a hidden animation does no work.
    func setVisible(_ visible: Bool) {
        guard visible != isVisible else { return }
        isVisible = visible
        if visible {
            shownAt = monotonicSeconds()
            schedule()
        } else {
            cancelTimer()
        }
    }

    func togglePause() {
        isPaused.toggle()
        if isPaused {
            cancelTimer()
        } else {
            shownAt = monotonicSeconds()
            schedule()
        }
    }

    /// For good (another image, the tab closing).
    func stop() {
        cancelTimer()
        step?.cancel()
        step = nil
        isFinished = true
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    private func schedule() {
        guard isVisible, !isPaused, !isFinished, timer == nil, step == nil else { return }
        guard let delay = frames.delay else {
            isFinished = true
            return
        }
        // Due one delay after the frame on screen was; late frames catch up at once.
        let wait = max(0, shownAt + Double(delay) / 1000 - monotonicSeconds())
        timer = after(milliseconds: UInt32(wait * 1000)) { [weak self] in
            guard let self else { return }
            self.timer = nil
            self.showNextFrame(due: max(self.shownAt + Double(delay) / 1000, monotonicSeconds() - 0.25))
        }
    }

    private func showNextFrame(due: Double) {
        let frames = self.frames
        step = Task { [weak self] in
            let pyramid = await Self.nextFrame(of: frames)
            guard let self, !Task.isCancelled else { return }
            self.step = nil
            guard let pyramid else {
                self.isFinished = true
                return
            }
            self.shownAt = due
            self.framesShown += 1
            self.show(pyramid)
            self.schedule()
        }
    }

    /// The next frame, composed and with its levels made; nil when the loops are over.
    @concurrent
    nonisolated private static func nextFrame(of frames: AnimationFrames) async -> ImagePyramid? {
        guard frames.advance(), let image = frames.currentFrame() else { return nil }
        return ImagePyramid(image: image)
    }
}
