import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Print… (BEHAVIOUR F4; Ctrl+P): the selected tab's image as the view shows it (hue and
/// rotation), fitted to the page's printable area and centred, on a page turned to the
/// image's shape. GTK's print dialog offers the printers and “Print to File” (PDF).
enum PrintImage {
    /// The printer and options last printed with, offered again next time (this run).
    private static var lastSettings: ObjectRef?

    /// Prepares every pixel of the image as shown, then runs the print dialog; with
    /// `exportingTo`, writes that PDF without a dialog instead (tests). `done` gets the
    /// failure's reason, or nil.
    static func begin(
        in window: DocumentWindow, exportingTo pdf: RawPath? = nil, done: (@MainActor (String?) -> Void)? = nil
    ) {
        guard let view = window.selectedView, let image = view.model.levels?.image else { return }
        let source = view.model.imagePath ?? view.document.path
        let hue = view.model.hue, turns = view.model.view.quarterTurns
        let name = view.document.displayName
        let snapshot = image.isFullResolution ? PixbufSnapshot(copying: image.pixbuf) : nil
        Task { [weak window] in
            let pixels: PixbufSnapshot?
            if let snapshot { pixels = snapshot } else { pixels = await ExportAdjustedCopy.fullResolution(of: source) }
            var shown: OpaquePointer?
            if let pixels {
                do throws(ExportError) { shown = try await HueExport.asShown(pixels, hue: hue, quarterTurns: turns) } catch {
                    Log.debug("cannot print \(name): \(error)")
                }
            }
            guard let window else { return }
            guard let shown else {
                window.toasts.show(tr("“%s” could not be printed: its pixels could not be read", name))
                done?("no pixels")
                return
            }
            run(shown, named: name, over: window, exportingTo: pdf, done: done)
        }
    }

    /// Runs the print operation on `pixbuf` (+1, adopted).
    private static func run(
        _ pixbuf: OpaquePointer, named name: String, over window: DocumentWindow, exportingTo pdf: RawPath?,
        done: (@MainActor (String?) -> Void)?
    ) {
        let pixels = ObjectRef(taking: UnsafeMutableRawPointer(pixbuf))
        let operation = gtk_print_operation_new()!
        let width = Double(gdk_pixbuf_get_width(pixbuf)), height = Double(gdk_pixbuf_get_height(pixbuf))
        gtk_print_operation_set_n_pages(operation, 1)
        gtk_print_operation_set_job_name(operation, name)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        let setup = gtk_page_setup_new()!
        gtk_page_setup_set_orientation(setup, width > height ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT)
        gtk_print_operation_set_default_page_setup(operation, setup)
        if let lastSettings { gtk_print_operation_set_print_settings(operation, OpaquePointer(lastSettings.raw)) }
        g_object_unref(raw(setup))
        onSignalWithPointerInt(raw(operation), "draw-page") { context, _ in
            guard let context else { return }
            draw(pixels, on: OpaquePointer(context))
        }
        onSignal(raw(operation), "done") { [weak window] (result: Int32) in
            let failure = Self.failure(of: operation, result: result, named: name, over: window)
            if failure == nil {
                if GtkPrintOperationResult(UInt32(result)) == GTK_PRINT_OPERATION_RESULT_APPLY, pdf == nil,
                    let settings = gtk_print_operation_get_print_settings(operation)
                {
                    lastSettings = ObjectRef(retaining: UnsafeMutableRawPointer(settings))
                }
            }
            done?(failure)
            g_object_unref(raw(operation))
        }
        if let pdf { pdf.withCString { gtk_print_operation_set_export_filename(operation, $0) } }
        let action = pdf == nil ? GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG : GTK_PRINT_OPERATION_ACTION_EXPORT
        gtk_print_operation_set_allow_async(operation, 1)
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, action, window.window, &error)
        if result == GTK_PRINT_OPERATION_RESULT_ERROR, let error {
            window.toasts.show(tr("“%1$s” could not be printed: %2$s", name, String(cString: error.pointee.message)))
            g_error_free(error)
        }
    }

    /// Why a print operation that ended with `result` failed, said in a toast over `window`;
    /// nil when it did not (printed, or cancelled).
    static func failure(
        of operation: UnsafeMutablePointer<GtkPrintOperation>, result: Int32, named name: String, over window: DocumentWindow?
    ) -> String? {
        guard GtkPrintOperationResult(UInt32(result)) == GTK_PRINT_OPERATION_RESULT_ERROR else { return nil }
        var error: UnsafeMutablePointer<GError>?
        gtk_print_operation_get_error(operation, &error)
        let failure = error.map { String(cString: $0.pointee.message) } ?? tr("the printer failed")
        g_clear_error(&error)
        window?.toasts.show(tr("“%1$s” could not be printed: %2$s", name, failure))
        return failure
    }

    /// Draws the image fitted into the printable area, centred.
    private static func draw(_ pixels: ObjectRef, on context: OpaquePointer) {
        let pixbuf = OpaquePointer(pixels.raw)
        guard let cr = gtk_print_context_get_cairo_context(context) else { return }
        let areaWidth = gtk_print_context_get_width(context), areaHeight = gtk_print_context_get_height(context)
        let width = Double(gdk_pixbuf_get_width(pixbuf)), height = Double(gdk_pixbuf_get_height(pixbuf))
        let scale = min(areaWidth / width, areaHeight / height)
        cairo_translate(cr, (areaWidth - width * scale) / 2, (areaHeight - height * scale) / 2)
        cairo_scale(cr, scale, scale)
        gdk_cairo_set_source_pixbuf(cr, pixbuf, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_fill(cr)
    }
}
