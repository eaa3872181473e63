import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The cells of a folder view, the strip's or the grid's (BEHAVIOUR H1): each a thumbnail,
/// and in the grid the file's name under it. They are made and bound by the view's
/// factory; a cell on screen asks `FolderThumbnails` for its picture, one just off screen
/// asks for it later, and a cell recycled or scrolled away stops asking. GTK 4.8's list
/// views bind many cells beyond the viewport (up to 200), so which are on screen comes from
/// each bound cell's place in the scrolled window.
@MainActor
final class FolderCells {
    let factory = gtk_signal_list_item_factory_new()!
    private let items: FolderItems
    private let thumbnails: FolderThumbnails
    /// The picture's size in the cell, in points.
    private let side: Int32
    private let named: Bool
    /// The bound cells' pictures, by position.
    private var pictures: [Int: UnsafeMutablePointer<GtkWidget>] = [:]
    private var scroller: UnsafeMutablePointer<GtkScrolledWindow>?
    /// The placeholder of a file that cannot be thumbnailed, made once.
    private var brokenImage: ObjectRef?

    /// `named`: the file's name under the picture (the grid).
    init(items: FolderItems, thumbnails: FolderThumbnails, side: Int32, named: Bool) {
        self.items = items
        self.thumbnails = thumbnails
        self.side = side
        self.named = named
        onSignalWithPointer(raw(factory), "setup") { [weak self] item in if let self, let item { self.setUp(item) } }
        onSignalWithPointer(raw(factory), "bind") { [weak self] item in if let item { self?.bind(item) } }
        onSignalWithPointer(raw(factory), "unbind") { [weak self] item in if let item { self?.unbind(item) } }
    }

    /// Follows `scroller`'s scrolling and size: other cells come on screen.
    func watch(_ scroller: UnsafeMutablePointer<GtkScrolledWindow>) {
        self.scroller = scroller
        for adjustment in [gtk_scrolled_window_get_hadjustment(scroller), gtk_scrolled_window_get_vadjustment(scroller)] {
            guard let adjustment else { continue }
            for signal in ["value-changed", "changed"] { onSignal(raw(adjustment), signal) { [weak self] in self?.wantCellsOnScreen() } }
        }
    }

    /// Whether a cell of this view shows `path` now.
    func shows(_ path: RawPath) -> Bool {
        guard let index = items.index(of: path.lastComponent), items.path(at: index) == path else { return false }
        return pictures[index] != nil
    }

    /// The list's own widget for the cell at `index` (what takes the focus), when it is bound.
    func cell(at index: Int) -> UnsafeMutablePointer<GtkWidget>? {
        pictures[index].flatMap(gtk_widget_get_parent).flatMap(gtk_widget_get_parent)
    }

    /// A thumbnail arrived: its cell, if bound, shows it.
    func ready(_ path: RawPath) {
        guard let index = items.index(of: path.lastComponent), items.path(at: index) == path, let picture = pictures[index] else { return }
        show(path, in: picture)
    }

    /// Asks for the thumbnails of the bound cells: those on screen first, then the others
    /// by how far off screen they are; those bound no longer stop being asked for (`unbind`).
    /// A cell's place is its allocation in the list, which GTK's list views lay out in the
    /// viewport's own coordinates: no transform to compute for each of hundreds of cells.
    func wantCellsOnScreen() {
        guard let scroller, gtk_widget_get_mapped(scroller.widget) != 0 else { return }
        let width = Int32(gtk_widget_get_width(scroller.widget)), height = Int32(gtk_widget_get_height(scroller.widget))
        for (index, picture) in pictures {
            guard let path = items.path(at: index), thumbnails.thumbnail(of: path) == nil, let cell = cell(at: index) else { continue }
            var place = GtkAllocation()
            gtk_widget_get_allocation(cell, &place)
            let across = max(0, max(-(place.x + place.width), place.x - width))
            let down = max(0, max(-(place.y + place.height), place.y - height))
            thumbnails.want(path, distance: Int(across) + Int(down), order: index)
        }
    }

    // MARK: Cells

    private func setUp(_ item: UnsafeMutableRawPointer) {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        let picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
        gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_CONTAIN)
        gtk_widget_set_size_request(picture, side, side * 3 / 4)
        gtk_widget_add_css_class(picture, "folder-thumbnail")
        gtk_box_append(cast(box), picture)
        if named {
            let label = gtk_label_new(nil)!
            gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_MIDDLE)
            gtk_label_set_max_width_chars(cast(label), 1)
            gtk_widget_set_hexpand(label, 1)
            gtk_widget_add_css_class(label, "caption")
            gtk_box_append(cast(box), label)
        }
        gtk_list_item_set_child(OpaquePointer(item), box)
    }

    private func parts(of item: UnsafeMutableRawPointer) -> (
        index: Int, box: UnsafeMutablePointer<GtkWidget>, picture: UnsafeMutablePointer<GtkWidget>
    )? {
        guard let box = gtk_list_item_get_child(OpaquePointer(item)), let picture = gtk_widget_get_first_child(box) else { return nil }
        return (Int(gtk_list_item_get_position(OpaquePointer(item))), box, picture)
    }

    private func bind(_ item: UnsafeMutableRawPointer) {
        guard let (index, box, picture) = parts(of: item), let path = items.path(at: index) else { return }
        let name = path.lastComponent.displayString
        if let label = gtk_widget_get_next_sibling(picture) { gtk_label_set_text(cast(label), name) }
        iro_accessible_set_label(box, name)
        gtk_widget_set_tooltip_text(box, name)
        pictures[index] = picture
        show(path, in: picture)
        if thumbnails.thumbnail(of: path) == nil { wantSoon() }
    }

    private func unbind(_ item: UnsafeMutableRawPointer) {
        guard let (index, _, picture) = parts(of: item) else { return }
        if pictures[index] == picture { pictures[index] = nil }
        if let path = items.path(at: index) { thumbnails.unwant(path) }
    }

    /// The thumbnail, the broken-image placeholder (with why, in the tooltip), or nothing yet
    /// (the cell keeps its size meanwhile).
    private func show(_ path: RawPath, in picture: UnsafeMutablePointer<GtkWidget>) {
        switch thumbnails.thumbnail(of: path) {
        case .texture(let texture):
            gtk_picture_set_paintable(OpaquePointer(picture), OpaquePointer(texture.raw))
            gtk_widget_remove_css_class(picture, "broken")
        case .failed(let reason):
            if brokenImage == nil { brokenImage = Self.brokenImage(for: picture) }
            gtk_picture_set_paintable(OpaquePointer(picture), brokenImage.map { OpaquePointer($0.raw) })
            gtk_widget_add_css_class(picture, "broken")
            if let box = gtk_widget_get_parent(picture) {
                gtk_widget_set_tooltip_text(box, "\(path.lastComponent.displayString)\n\(reason)")
            }
        case nil:
            gtk_picture_set_paintable(OpaquePointer(picture), nil)
            gtk_widget_remove_css_class(picture, "broken")
        }
    }

    /// The icon theme's broken-image symbol, as a paintable.
    private static func brokenImage(for widget: UnsafeMutablePointer<GtkWidget>) -> ObjectRef? {
        let theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(widget))
        let icon = gtk_icon_theme_lookup_icon(theme, "image-missing-symbolic", nil, 64, 1, GTK_TEXT_DIR_NONE, GtkIconLookupFlags(0))
        return icon.map { ObjectRef(taking: raw($0)) }
    }

    /// Cells are bound in bursts (a scroll, the first layout): one look at which are on
    /// screen once the burst is over.
    private var pendingWant: SourceID?
    private func wantSoon() {
        guard pendingWant == nil else { return }
        pendingWant = addIdle { [weak self] in
            self?.pendingWant = nil
            self?.wantCellsOnScreen()
            return false
        }
    }
}
