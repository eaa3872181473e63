import CGtk
import CGtkShims
import GtkSupport
import IroCore
import IroImaging

/// The Image Properties side panel (BEHAVIOUR F4): the shown image's size and format, its
/// file, and the camera data in its metadata. Beside the tabs, never over the image.
///
/// It follows the window's selected tab: `show(_:)` is called whenever the tab or what it
/// shows changes, and reads the file again only when the file shown changed.
final class PropertiesPanel {
    /// Fades rather than slides: a slide resizes the image area on every frame, which
    /// costs a full re-fit of the image each time; a fade resizes it once.
    private let revealer: UnsafeMutablePointer<GtkRevealer> = cast(gtk_revealer_new())
    private let scroller: UnsafeMutablePointer<GtkScrolledWindow> = cast(gtk_scrolled_window_new())
    private var content: UnsafeMutablePointer<GtkWidget>?
    /// What is listed (tests read it).
    private(set) var properties: ImageProperties?
    /// The value labels by row label (tests read them as a user would).
    private(set) var valueLabels: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    /// What the listed properties were read for.
    private var shown: Subject?
    private var reading: Task<Void, Never>?

    /// The Folder link was activated.
    var onShowInFolder: (@MainActor () -> Void)?
    /// Opens a link's URI (a `geo:` position) with its default application; tests replace it.
    var openURI: @MainActor (String, UnsafeMutablePointer<GtkWidget>) -> Void = PropertiesPanel.launchDefault

    var widget: UnsafeMutablePointer<GtkWidget> { revealer.widget }
    var isRevealed: Bool { gtk_revealer_get_reveal_child(revealer) != 0 }

    static let width: Int32 = 300

    init() {
        gtk_revealer_set_transition_type(revealer, GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        gtk_scrolled_window_set_policy(scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_size_request(scroller.widget, Self.width, -1)
        gtk_widget_add_css_class(scroller.widget, "view")
        let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_box_append(box, gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        gtk_widget_set_hexpand(scroller.widget, 0)
        gtk_box_append(box, scroller.widget)
        gtk_revealer_set_child(revealer, box.widget)
        gtk_revealer_set_reveal_child(revealer, 0)
        // Hidden, it takes no room and no Tab stops.
        onNotify(raw(revealer), "child-revealed") { [weak self] in
            guard let self else { return }
            gtk_widget_set_visible(self.revealer.widget, self.isRevealed || gtk_revealer_get_child_revealed(self.revealer) != 0 ? 1 : 0)
        }
        gtk_widget_set_visible(revealer.widget, 0)
    }

    func reveal(_ on: Bool) {
        if on { gtk_widget_set_visible(revealer.widget, 1) }
        gtk_revealer_set_reveal_child(revealer, on ? 1 : 0)
    }

    /// What a tab shows that the panel lists: a change of any of it is read again.
    private struct Subject: Equatable {
        let path: RawPath
        let image: ImageProperties.Image?
        let state: String
    }

    /// Lists `model`'s file (nothing without one). Reads only while revealed.
    func show(_ model: DocumentModel?) {
        guard isRevealed else { return }
        guard let model else {
            shown = nil
            reading?.cancel()
            return list(nil)
        }
        let image = model.levels.map { pyramid in
            ImageProperties.Image(
                width: pyramid.width, height: pyramid.height, hasAlpha: pyramid.hasAlpha,
                isAnimated: pyramid.image?.animation != nil, frameCount: pyramid.image?.animation?.frameCount)
        }
        let subject = Subject(path: model.imagePath ?? model.document.path, image: image, state: "\(model.document.state)")
        guard subject != shown else { return }
        shown = subject
        reading?.cancel()
        reading = Task { [weak self] in
            let (file, photo) = await Self.read(subject.path)
            guard !Task.isCancelled, let self, self.shown == subject else { return }
            self.list(ImageProperties(image: subject.image, file: file, photo: photo))
        }
    }

    /// The file's facts and its metadata, off the main thread.
    @concurrent
    nonisolated private static func read(_ path: RawPath) async -> (ImageProperties.File, PhotoMetadata?) {
        let file = PropertiesReader.file(at: path)
        let photo = PropertiesReader.photo(at: path)
        if let problem = photo.problem { Log.debug("no metadata read from \(path.displayString): \(problem)") }
        return (file, photo.metadata)
    }

    /// Lays out `properties` (an empty panel for nil); nothing is rebuilt when they did not change.
    private func list(_ properties: ImageProperties?) {
        guard properties != self.properties || content == nil else { return }
        self.properties = properties
        valueLabels = [:]
        let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 18))
        gtk_widget_set_margin_start(box.widget, 18)
        gtk_widget_set_margin_end(box.widget, 18)
        gtk_widget_set_margin_top(box.widget, 18)
        gtk_widget_set_margin_bottom(box.widget, 18)
        for section in properties?.sections ?? [] {
            let heading = gtk_label_new(section.title)!
            gtk_widget_add_css_class(heading, "heading")
            gtk_label_set_xalign(cast(heading), 0)
            gtk_box_append(box, heading)
            let grid: UnsafeMutablePointer<GtkGrid> = cast(gtk_grid_new())
            gtk_grid_set_column_spacing(grid, 12)
            gtk_grid_set_row_spacing(grid, 6)
            for (index, row) in section.rows.enumerated() {
                let key = gtk_label_new(row.label)!
                gtk_widget_add_css_class(key, "dim-label")
                gtk_label_set_xalign(cast(key), 1)
                gtk_label_set_yalign(cast(key), 0)
                gtk_widget_set_valign(key, GTK_ALIGN_START)
                let value = valueLabel(row)
                gtk_grid_attach(grid, key, 0, Int32(index), 1, 1)
                gtk_grid_attach(grid, value, 1, Int32(index), 1, 1)
                valueLabels[row.label] = value
            }
            if let note = section.note {
                let label = gtk_label_new(note)!
                gtk_widget_add_css_class(label, "dim-label")
                gtk_label_set_xalign(cast(label), 0)
                gtk_grid_attach(grid, label, 0, 0, 2, 1)
                valueLabels[section.title] = label
            }
            gtk_box_append(box, grid.widget)
        }
        gtk_scrolled_window_set_child(scroller, box.widget)
        content = box.widget
    }

    private func valueLabel(_ row: ImageProperties.Row) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        if let link = row.link {
            let target: String
            switch link {
            case .showInFolder: target = "show-in-folder:"
            case .uri(let uri): target = uri
            }
            gtk_label_set_markup(cast(label), "<a href=\"\(escaped(target))\">\(escaped(row.value))</a>")
            onSignalWithPointerReturningBool(raw(label), "activate-link") { [weak self] _ in
                guard let self else { return true }
                if case .uri(let uri) = link { self.openURI(uri, label) } else { self.onShowInFolder?() }
                return true // handled here, not by GTK's own launcher
            }
        } else {
            gtk_label_set_text(cast(label), row.value)
        }
        gtk_label_set_selectable(cast(label), 1)
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_wrap_mode(cast(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(cast(label), 0)
        gtk_widget_set_hexpand(label, 1)
        // Selectable labels take the focus: none of them should be where Tab lands first.
        gtk_widget_set_focus_on_click(label, 0)
        iro_accessible_set_label(label, "\(row.label): \(row.value)")
        return label
    }

    private func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// The desktop's default application for `uri` (a map for `geo:`); a toast when none.
    static func launchDefault(_ uri: String, _ from: UnsafeMutablePointer<GtkWidget>) {
        let launcher = gtk_widget_get_display(from).flatMap { gdk_display_get_app_launch_context($0) }
        defer { launcher.map { g_object_unref(raw($0)) } }
        do throws(GLibError) {
            _ = try withGError {
                g_app_info_launch_default_for_uri(uri, launcher.map { gcast(raw($0), g_app_launch_context_get_type()) }, $0)
            }
        } catch {
            Log.debug("cannot open \(uri): \(error.message)")
            if let root = gtk_widget_get_root(from), let window = DocumentWindow.key.get(raw(root)) {
                window.toasts.show(tr("No application can show this place: %s", error.message))
            }
        }
    }
}
