import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The text of a note package, read-only, beside its image (BEHAVIOUR A8). It lays out the
/// package's `NoteText`, and says above the text what of it is not shown as it is.
///
/// A long note goes into the text view a piece at a time, one piece per turn of the main
/// loop. GtkTextView lays out its unvalidated lines in idle steps of about 2000 pixels; given
/// the whole of 100 000 characters of stacked marks, bidi overrides and emoji at once, each
/// step held the main loop for 55 to 105 ms. Given `piece` characters at a time, a step has
/// only those to lay out.
final class NoteSidebar {
    /// Characters added to the view per turn of the main loop: the longest step measured 28–32 ms
    /// for the hostile note with 800, 35–38 ms with 1500 (docs/PERFORMANCE.md).
    static let piece = 800
    private let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    private let scroller: UnsafeMutablePointer<GtkScrolledWindow> = cast(gtk_scrolled_window_new())
    private let view: UnsafeMutablePointer<GtkTextView> = cast(gtk_text_view_new())
    /// The text not yet in the view, and the idle that adds it.
    private var pending: Substring = ""
    private var feeder: SourceID?
    /// What was left out or changed, when something was.
    let shortening: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new(nil))
    var widget: UnsafeMutablePointer<GtkWidget> { box.widget }

    init() {
        gtk_text_view_set_editable(view, 0)
        gtk_text_view_set_cursor_visible(view, 0)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_left_margin(view, 18)
        gtk_text_view_set_right_margin(view, 18)
        gtk_text_view_set_top_margin(view, 18)
        gtk_text_view_set_bottom_margin(view, 18)
        iro_accessible_set_label(view.widget, tr("Note"))
        // A reading measure: a note alone in a wide tab keeps lines of about 90 characters
        // (and a screenful of text is less to lay out and draw).
        let clamp = adw_clamp_scrollable_new()!
        adw_clamp_scrollable_set_maximum_size(OpaquePointer(clamp), 760)
        adw_clamp_scrollable_set_tightening_threshold(OpaquePointer(clamp), 600)
        adw_clamp_scrollable_set_child(OpaquePointer(clamp), view.widget)
        gtk_scrolled_window_set_child(scroller, clamp)
        gtk_scrolled_window_set_policy(scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scroller.widget, 1)
        gtk_label_set_wrap(shortening, 1)
        gtk_label_set_xalign(shortening, 0)
        gtk_widget_set_margin_start(shortening.widget, 18)
        gtk_widget_set_margin_end(shortening.widget, 18)
        gtk_widget_set_margin_top(shortening.widget, 12)
        gtk_widget_add_css_class(shortening.widget, "dim-label")
        gtk_widget_set_visible(shortening.widget, 0)
        gtk_box_append(box, shortening.widget)
        gtk_box_append(box, scroller.widget)
        gtk_widget_set_size_request(widget, 340, -1)
        gtk_widget_add_css_class(widget, "note-sidebar")
        gtk_widget_set_visible(widget, 0)
    }

    var isShown: Bool { gtk_widget_get_visible(widget) != 0 }

    var text: String {
        let buffer = gtk_text_view_get_buffer(view)
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        return takeString(gtk_text_buffer_get_text(buffer, &start, &end, 0)) ?? ""
    }

    /// Whether the whole note is in the view.
    var isComplete: Bool { pending.isEmpty }

    func hide() {
        stopFeeding()
        gtk_widget_set_visible(widget, 0)
    }

    /// Shows `note`; with `alone` (no image) the note takes the whole tab.
    func show(_ note: NoteText, alone: Bool) {
        stopFeeding()
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(view), "", 0)
        pending = Substring(note.shown)
        addPiece()
        if !pending.isEmpty {
            // After the view's own layout step (a higher priority), so each step lays out one piece.
            feeder = addIdle { [weak self] in
                guard let self else { return false }
                self.addPiece()
                if self.pending.isEmpty { self.feeder = nil }
                return !self.pending.isEmpty
            }
        }
        let explanation = Self.explanation(of: note.changes)
        gtk_label_set_text(shortening, explanation)
        gtk_widget_set_visible(shortening.widget, explanation.isEmpty ? 0 : 1)
        gtk_widget_set_hexpand(widget, alone ? 1 : 0)
        gtk_widget_set_visible(widget, 1)
    }

    /// Appends the next piece: up to `piece` characters, ending at a paragraph's end when one
    /// is in reach (a paragraph added to later is laid out again).
    private func addPiece() {
        var end = pending.index(pending.startIndex, offsetBy: Self.piece, limitedBy: pending.endIndex) ?? pending.endIndex
        if end != pending.endIndex, let newline = pending[..<end].lastIndex(of: "\n") { end = pending.index(after: newline) }
        let buffer = gtk_text_view_get_buffer(view)
        var iter = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &iter)
        gtk_text_buffer_insert(buffer, &iter, String(pending[..<end]), -1)
        pending = pending[end...]
    }

    private func stopFeeding() {
        feeder?.cancel()
        feeder = nil
        pending = ""
    }

    /// One sentence for each way the text shown differs from the file.
    static func explanation(of changes: Set<NoteText.Change>) -> String {
        var sentences: [String] = []
        if changes.contains(.cut) {
            sentences.append(tr("This note is too long to show whole: only its first %d characters are shown.", NoteText.maximumCharacters))
        }
        if changes.contains(.paragraphsBroken) {
            sentences.append(tr("Paragraphs longer than %d characters are broken into shorter ones.", NoteText.maximumParagraphLength))
        }
        if changes.contains(.marksDropped) {
            sentences.append(tr("Characters stacked with more than %d marks are shortened.", NoteText.maximumMarksPerCharacter))
        }
        return sentences.joined(separator: " ")
    }
}
