import CGtk
import GtkSupport
import IroCore

/// A slideshow of the selected tab's folder (BEHAVIOUR H3), started with S, the header's
/// button or the image menu. It shows each image for the preferred interval (an animation
/// plays to its end first) in the folder's order or shuffled, and stops after the last or
/// starts again (Preferences). It runs full screen, or, while the window presents on another
/// monitor (F3), there: the audience sees the show and this window keeps the controls. Space
/// pauses, Left and Right step through the show's order, Esc leaves at the image shown.
/// The screensaver waits while it runs.
@MainActor
final class Slideshow {
    private unowned let window: DocumentWindow
    private let items: FolderItems
    private var order: SlideshowOrder<RawPath>?
    private var timer: SourceID?
    private var random = SystemRandomNumberGenerator()
    /// `gtk_application_inhibit`'s cookie while the screensaver is held off.
    private var inhibition: guint = 0
    /// Whether the show made the window full screen (and so leaves it when it ends).
    private var madeFullscreen = false
    private(set) var isPaused = false
    /// When the image on screen was shown (monotonic seconds), for its interval.
    private(set) var shownAt = 0.0
    /// The image on screen when the show last looked, to tell when another is shown.
    private var current: RawPath?
    /// The image the show goes on to from `current` (decoded ahead meanwhile); nil: the end.
    private var planned: RawPath?
    /// The folder list's revision the order was last matched to.
    private var revisionSeen = -1

    var isRunning: Bool { order != nil }

    init(_ window: DocumentWindow, items: FolderItems) {
        self.window = window
        self.items = items
        window.actions.add("slideshow", enabled: false) { [weak self] in self?.start() }
        window.actions.add("stop-slideshow", enabled: false) { [weak self] in self?.stop() }
        window.actions.add("pause-slideshow", enabled: false) { [weak self] in self?.togglePause() }
        window.actions.add("slideshow-next", enabled: false) { [weak self] in self?.step(forward: true) }
        window.actions.add("slideshow-previous", enabled: false) { [weak self] in self?.step(forward: false) }
        // Leaving full screen (Esc, the header's button) ends a show that made it.
        onNotify(raw(window.window), "fullscreened") { [weak self] in
            guard let self, self.madeFullscreen, gtk_window_is_fullscreen(self.window.window) == 0 else { return }
            self.madeFullscreen = false
            self.stop()
        }
    }

    /// Whether a show can start: the tab's folder is listed, with an image to go on to.
    func update() {
        window.actions.setEnabled("slideshow", items.count > 1 && !isRunning)
        guard isRunning, let shown = shownName else { return }
        // Files gone leave the order: looked at when the folder's list changed, not at every
        // change of the tab's state.
        if items.revision != revisionSeen {
            revisionSeen = items.revision
            order?.keep(only: Set(items.entries.map(\.name)))
        }
        if shown != current {
            // Another image (a step of the show's or the user's): its interval starts now.
            current = shown
            shownAt = monotonicSeconds()
            plan()
            schedule()
        }
    }

    /// What comes after the image shown, decoded ahead so that the step takes one frame.
    private func plan() {
        guard var order, let current else { return }
        planned = order.next(after: current, using: &random)
        self.order = order
        window.selectedModel?.upcoming = planned.flatMap(items.index(of:)).map { items.entries[$0] }
    }

    private var shownName: RawPath? { items.current.map { items.entries[$0].name } }

    func start() {
        guard !isRunning, items.count > 1, let shown = shownName, let owner = window.owner else { return }
        let preferences = Preferences.shared
        order = SlideshowOrder(
            items.entries.map(\.name), startingAt: shown, shuffled: preferences.slideshowShuffles, loops: preferences.slideshowLoops,
            using: &random)
        current = shown
        isPaused = false
        shownAt = monotonicSeconds()
        for (name, on) in [
            ("slideshow", false), ("stop-slideshow", true), ("pause-slideshow", true), ("slideshow-next", true),
            ("slideshow-previous", true),
        ] {
            window.actions.setEnabled(name, on)
        }
        // TRANSLATORS: why the screensaver waits (shown by the desktop).
        inhibition = gtk_application_inhibit(
            cast(owner.application), window.window, GTK_APPLICATION_INHIBIT_IDLE, tr("Showing a slideshow"))
        if !window.presenting.isActive, gtk_window_is_fullscreen(window.window) == 0 {
            madeFullscreen = true
            gtk_window_fullscreen(window.window)
        }
        plan()
        schedule()
        window.toasts.show(tr("Slideshow: Space pauses, Esc ends"))
    }

    /// Ends the show at the image shown.
    func stop() {
        guard isRunning else { return }
        order = nil
        timer?.cancel()
        timer = nil
        window.selectedModel?.upcoming = nil
        for name in ["stop-slideshow", "pause-slideshow", "slideshow-next", "slideshow-previous"] { window.actions.setEnabled(name, false) }
        window.actions.setEnabled("slideshow", items.count > 1)
        if inhibition != 0, let owner = window.owner { gtk_application_uninhibit(cast(owner.application), inhibition) }
        inhibition = 0
        if madeFullscreen {
            madeFullscreen = false
            gtk_window_unfullscreen(window.window)
        }
    }

    func togglePause() {
        guard isRunning else { return }
        isPaused.toggle()
        window.toasts.show(isPaused ? tr("Slideshow paused") : tr("Slideshow goes on"))
        // Going on: the image shown gets a whole interval again.
        shownAt = monotonicSeconds()
        schedule()
    }

    /// The image after (or before) the one shown, in the show's order; past the end of a
    /// show that does not loop, the show ends there.
    private func step(forward: Bool) {
        guard let shown = shownName else { return }
        if shown != current { update() } // the image changed since the show last looked
        let target = forward ? planned : order?.previous(before: shown)
        guard let target else { return forward ? stop() : () }
        show(target)
    }

    private func show(_ name: RawPath) {
        guard let index = items.index(of: name) else { return }
        window.selectedModel?.show(items.entries[index])
    }

    /// The next step, an interval after the image was shown.
    private func schedule() {
        timer?.cancel()
        timer = nil
        guard isRunning, !isPaused else { return }
        let due = shownAt + Double(Preferences.shared.slideshowSeconds)
        timer = after(milliseconds: UInt32(max(0, due - monotonicSeconds()) * 1000)) { [weak self] in
            self?.timer = nil
            self?.advance()
        }
    }

    private func advance() {
        guard isRunning, !isPaused else { return }
        // An animation plays to its end first: looked at again shortly.
        if let player = window.selectedModel?.player, !player.hasPlayedOnce {
            timer = after(milliseconds: 100) { [weak self] in
                self?.timer = nil
                self?.advance()
            }
            return
        }
        step(forward: true)
    }
}
