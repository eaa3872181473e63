import CGtk
import Glibc
import GtkSupport
import IroCore
import IroImaging

/// Editing (BEHAVIOUR D7): the edit under way (`editing`), and the edits made but not saved
/// (`unsaved`), which the tab shows as new pixels until Save writes them or they are discarded.
/// While there are unsaved edits nothing is decoded from the file again: the file no longer
/// holds what the tab shows.
extension DocumentModel {
    /// Edit mode is on: the crop box and the turns and flips made so far.
    var editing: EditSession? {
        get { edits.session }
        set {
            edits.session = newValue
            observable.bump(Property.editing)
        }
    }

    /// Edits made (Done) and not saved, as one edit of the picture the file holds.
    var unsaved: ImageEdit? { edits.unsaved }
    var hasUnsavedEdits: Bool { edits.unsaved != nil }
    /// Leaving the picture would lose edits: made and not saved, or under way in edit mode.
    var hasEditsToLose: Bool { hasUnsavedEdits || editing.map { !$0.isUnchanged } == true }

    /// What the edits remember beside the session.
    struct Edits {
        var session: EditSession?
        /// The view's turn before edit mode took it over, put back by Cancel.
        var viewTurns = 0
        /// The turn the view takes once edit mode ends (the tab's canvas takes it).
        var turnsAfterEdit: Int?
        var unsaved: ImageEdit?
        /// The picture's upright size as its file holds it, which `unsaved` applies to.
        var fileSize: (width: Int, height: Int) = (0, 0)
        /// The file as it was when first edited (modification time and size), so Save can
        /// tell that something else changed it meanwhile.
        var stamp: FileStamp?
        /// Making the edited pixels after Done.
        var applying: Task<Void, Never>?
        /// The file's block grid and quality when it is a JPEG, read when editing begins.
        var jpeg: JPEGFacts?
    }

    /// Whether the shown picture can be edited: a still image that has loaded (not a
    /// document's pages, a note package's, or an animation).
    var canEdit: Bool {
        shown == .image && levels != nil && player == nil && !hasPages && note == nil && edits.applying == nil
            && formatName != ImageFormats.pdf
    }

    /// Edit mode starts from the picture as the view shows it, turn included.
    func beginEdit() {
        guard canEdit, editing == nil, let pyramid = levels else { return }
        if markup.isOn { setMarkupMode(false) } // the two share the pointer
        edits.viewTurns = view.quarterTurns
        if edits.unsaved == nil {
            edits.fileSize = (pyramid.width, pyramid.height)
            edits.stamp = imagePath.flatMap(FileStamp.init)
            edits.jpeg = nil
            if formatName == "jpeg", let path = imagePath {
                Task { [weak self] in
                    let facts = await Self.jpegFacts(path)
                    guard let self, self.imagePath == path else { return }
                    self.edits.jpeg = facts
                    self.observable.bump(Property.editing)
                }
            }
        }
        editing = EditSession(width: pyramid.width, height: pyramid.height, turned: ImageTransform(quarterTurns: view.quarterTurns))
    }

    @concurrent
    nonisolated private static func jpegFacts(_ path: RawPath) async -> JPEGFacts? { JPEGFacts.read(path) }

    /// Leaves edit mode keeping nothing of it.
    func cancelEdit() {
        guard editing != nil else { return }
        edits.turnsAfterEdit = edits.viewTurns
        editing = nil
    }

    /// Changes the edit under way.
    func changeEdit(_ change: (inout EditSession) -> Void) {
        // Once Done is making the pixels, the edit is what it was.
        guard edits.applying == nil, var session = editing else { return }
        change(&session)
        editing = session
    }

    /// Done: the tab shows the edited picture, hue included, as unsaved edits. Its pixels are
    /// made from every pixel of the image (decoded again when the view holds fewer).
    func applyEdit() {
        guard edits.applying == nil, let session = editing, let pyramid = levels else { return }
        let edit = session.edit(hue: hue)
        guard !edit.isIdentity(width: session.width, height: session.height) else { return cancelEdit() }
        let composed = (edits.unsaved ?? .none).then(edit, width: edits.fileSize.width, height: edits.fileSize.height)
        let path = imagePath, format = pyramid.image?.formatName ?? formatName ?? ""
        let held = pyramid.image.map(PixbufSnapshot.init(sharing:))
        let decodesAgain = held == nil && edits.unsaved == nil
        // The edit stays shown until its pixels replace it, in the same frame.
        setProgress(LoadProgress())
        edits.applying = Task { [weak self] in
            let made = await Self.editedPixels(of: held, orDecoding: decodesAgain ? path : nil, edit: edit)
            // Discarded meanwhile (the tab closed, the user stepped on): nothing to show.
            guard !Task.isCancelled, let self else {
                if let made { g_object_unref(UnsafeMutableRawPointer(made)) }
                return
            }
            self.edits.applying = nil
            self.setProgress(nil)
            guard let made else {
                self.setBanner(tr("The edit could not be made: there is not enough memory for the image."))
                return
            }
            self.edits.unsaved = composed
            self.edits.turnsAfterEdit = 0 // the new pixels stand as the edit turned them
            self.edits.session = nil
            self.hue = HueControl.neutral // now in the pixels
            self.view.zoom = nil // a fresh view of the new picture: best fit
            self.setLevels(ImagePyramid(image: DecodedImage(adopting: made, formatName: format)), .newImage(renderedAhead: nil))
            self.observable.bump(Property.editing)
        }
    }

    /// The edited pixels (+1 `GdkPixbuf *`): from `held`, or the file at `path` decoded whole.
    @concurrent
    nonisolated private static func editedPixels(of held: PixbufSnapshot?, orDecoding path: RawPath?, edit: ImageEdit) async
        -> OpaquePointer?
    {
        var source = held
        if source == nil, let path { source = await ExportAdjustedCopy.fullResolution(of: path) }
        guard let source else { return nil }
        do { return try EditedPixels.apply(edit, to: source.readOnlyPixbuf) } catch {
            Log.warning("an edit could not be applied: \(error)")
            return nil
        }
    }

    /// Forgets the unsaved edits and shows the file again.
    func discardEdits() {
        if let applying = edits.applying {
            applying.cancel()
            edits.applying = nil
            setProgress(nil)
        }
        cancelEdit()
        guard edits.unsaved != nil else { return }
        edits.unsaved = nil
        edits.stamp = nil
        observable.bump(Property.editing)
        reload()
    }

    /// Save wrote the edits: the file holds them now, and is shown from it again.
    func editsSaved() {
        edits.unsaved = nil
        edits.stamp = nil
        observable.bump(Property.editing)
        reload()
    }

    /// Something other than Iro changed the file since it was first edited.
    var fileChangedSinceEdit: Bool {
        guard let stamp = edits.stamp, let path = imagePath else { return false }
        return FileStamp(path) != stamp
    }
}

/// A file's modification time and size: enough to tell that it was rewritten.
struct FileStamp: Equatable {
    let modified: Int64, nanoseconds: Int64, size: Int64

    init?(_ path: RawPath) {
        guard !path.isURI else { return nil }
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        modified = Int64(info.st_mtim.tv_sec)
        nanoseconds = Int64(info.st_mtim.tv_nsec)
        size = Int64(info.st_size)
    }
}
