import CGtk
import GtkSupport
import IroCore

/// The user's preferences (BEHAVIOUR H4), one set for the application: kept in the
/// `SettingsStore` (GSettings, else the key file), read once, and told to whoever observes
/// them when one changes (the preferences window, every window's strip, every view's wheel
/// and background), so that a change applies everywhere at once.
@MainActor
final class Preferences {
    static let shared = Preferences()

    /// What the mouse wheel does over an image (SPEC F7); Ctrl+wheel always zooms.
    enum WheelAction: String, CaseIterable {
        case scroll, zoom, step
    }

    /// What is behind the image: around it, and under its transparent pixels.
    enum Background: String, CaseIterable {
        /// The style's backdrop around the image, a checkerboard under transparency.
        case checkerboard
        /// The style's backdrop, under transparency too.
        case style
        /// Near-black, in the light style too, around the image and under transparency.
        case dark
    }

    static let secondsRange = 1...600

    private(set) var wheel: WheelAction
    private(set) var slideshowSeconds: Int
    private(set) var slideshowLoops: Bool
    private(set) var slideshowShuffles: Bool
    private(set) var stripShown: Bool
    private(set) var background: Background
    /// The folders' order, for stepping and the grid (BEHAVIOUR H1): the grid's choice, kept.
    private(set) var folderSort: FolderSort
    private var observers: [(owner: Weak, changed: @MainActor () -> Void)] = []

    private struct Weak {
        weak var object: AnyObject?
    }

    private init() {
        wheel = WheelAction(rawValue: SettingsStore.choice("wheel-action", otherwise: "scroll")) ?? .scroll
        slideshowSeconds = SettingsStore.number("slideshow-seconds", in: Self.secondsRange, otherwise: 5)
        slideshowLoops = SettingsStore.flag("slideshow-loop", otherwise: true)
        slideshowShuffles = SettingsStore.flag("slideshow-shuffle", otherwise: false)
        stripShown = SettingsStore.flag("thumbnail-strip-shown", otherwise: false)
        background = Background(rawValue: SettingsStore.choice("background", otherwise: "checkerboard")) ?? .checkerboard
        folderSort = FolderSort(rawValue: SettingsStore.choice("folder-sort", otherwise: "name")) ?? .name
    }

    /// Calls `changed` whenever a preference changes, while `owner` lives.
    func observe(_ owner: AnyObject, _ changed: @escaping @MainActor () -> Void) {
        observers.removeAll { $0.owner.object == nil }
        observers.append((Weak(object: owner), changed))
    }

    func setWheel(_ value: WheelAction) {
        guard value != wheel else { return }
        wheel = value
        SettingsStore.setChoice("wheel-action", value.rawValue)
        changed()
    }

    func setSlideshow(seconds: Int? = nil, loops: Bool? = nil, shuffles: Bool? = nil) {
        let seconds = min(Self.secondsRange.upperBound, max(Self.secondsRange.lowerBound, seconds ?? slideshowSeconds))
        guard
            seconds != slideshowSeconds || (loops ?? slideshowLoops) != slideshowLoops
                || (shuffles ?? slideshowShuffles) != slideshowShuffles
        else { return }
        if seconds != slideshowSeconds { SettingsStore.setNumber("slideshow-seconds", seconds) }
        if let loops, loops != slideshowLoops { SettingsStore.setFlag("slideshow-loop", loops) }
        if let shuffles, shuffles != slideshowShuffles { SettingsStore.setFlag("slideshow-shuffle", shuffles) }
        slideshowSeconds = seconds
        slideshowLoops = loops ?? slideshowLoops
        slideshowShuffles = shuffles ?? slideshowShuffles
        changed()
    }

    func setStripShown(_ value: Bool) {
        guard value != stripShown else { return }
        stripShown = value
        SettingsStore.setFlag("thumbnail-strip-shown", value)
        changed()
    }

    func setBackground(_ value: Background) {
        guard value != background else { return }
        background = value
        SettingsStore.setChoice("background", value.rawValue)
        changed()
    }

    func setFolderSort(_ value: FolderSort) {
        guard value != folderSort else { return }
        folderSort = value
        SettingsStore.setChoice("folder-sort", value.rawValue)
        changed()
    }

    private func changed() {
        observers.removeAll { $0.owner.object == nil }
        for observer in observers { observer.changed() }
    }
}
