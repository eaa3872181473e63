import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Print… for a document with pages (BEHAVIOUR G4, F4): every page, or the range or current
/// page chosen in GTK's dialog, each drawn in the decoder helper at the printer's resolution
/// (at least 300 dpi: never a screen-sized bitmap) and fitted to the paper. GTK waits for
/// each page while the helper draws it (`gtk_print_operation_set_defer_drawing`).
enum PrintDocument {
    /// The least resolution a page is drawn at, in dots per inch.
    static let minimumDPI = 300.0

    /// Runs GTK's print dialog (its Pages: all, the current page, ranges); with `exportingTo`,
    /// writes every page to that PDF without a dialog instead (tests). `done` gets the
    /// failure's reason, or nil.
    static func begin(in window: DocumentWindow, exportingTo pdf: RawPath? = nil, done: (@MainActor (String?) -> Void)? = nil) {
        guard let model = window.selectedModel, let path = model.imagePath else { return }
        let document = model.document, name = document.displayName
        let operation = gtk_print_operation_new()!
        gtk_print_operation_set_n_pages(operation, Int32(document.pageCount))
        gtk_print_operation_set_current_page(operation, Int32(document.page))
        gtk_print_operation_set_job_name(operation, name)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        let password = document.password
        onSignalWithPointerInt(raw(operation), "draw-page") { context, page in
            guard let context else { return }
            gtk_print_operation_set_defer_drawing(operation)
            draw(page: Int(page), of: path, password: password, on: OpaquePointer(context)) {
                gtk_print_operation_draw_page_finish(operation)
            }
        }
        onSignal(raw(operation), "done") { [weak window] (result: Int32) in
            done?(PrintImage.failure(of: operation, result: result, named: name, over: window))
            g_object_unref(raw(operation))
        }
        if let pdf { pdf.withCString { gtk_print_operation_set_export_filename(operation, $0) } }
        gtk_print_operation_set_allow_async(operation, 1)
        var error: UnsafeMutablePointer<GError>?
        let action = pdf == nil ? GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG : GTK_PRINT_OPERATION_ACTION_EXPORT
        if gtk_print_operation_run(operation, action, window.window, &error) == GTK_PRINT_OPERATION_RESULT_ERROR, let error {
            window.toasts.show(tr("“%1$s” could not be printed: %2$s", name, String(cString: error.pointee.message)))
            g_error_free(error)
        }
    }

    /// Draws page `page` on the context's paper, fitted and centred, once the helper has drawn
    /// it at the printer's resolution; then `finished` (a page that cannot be drawn prints blank).
    private static func draw(
        page: Int, of path: RawPath, password: String?, on context: OpaquePointer, finished: @escaping @MainActor () -> Void
    ) {
        let areaWidth = gtk_print_context_get_width(context), areaHeight = gtk_print_context_get_height(context)
        let dpi = max(minimumDPI, gtk_print_context_get_dpi_x(context))
        let contextRef = ObjectRef(retaining: UnsafeMutableRawPointer(context))
        Task {
            let page = DocumentPage(page, password: password)
            var region: DetailRegion?
            do throws(LoadError) {
                // The page's size at 100 % (96 dpi) first, then the whole of it at the printer's.
                if let small = try await ImageDecoder.decode(path: path, page: page, detail: .screen(side: 16)) {
                    let whole = PixelRect(x: 0, y: 0, width: small.imageWidth, height: small.imageHeight)
                    let fitted = min(areaWidth / Double(small.imageWidth), areaHeight / Double(small.imageHeight))
                    // Points on paper × dots per point: the scale that gives the printer's dots.
                    let scale = min(fitted * dpi / 72, Double(ImageLimits.maxSide) / Double(max(small.imageWidth, small.imageHeight)))
                    region = try await ImageDecoder.decodeRegion(path: path, page: page, covering: whole, detail: scale)
                }
            } catch {
                Log.warning("page \(page.index + 1) of \(path.displayString) could not be printed: \(error.reason)")
            }
            let context = OpaquePointer(contextRef.raw)
            if let region, let cr = gtk_print_context_get_cairo_context(context) {
                let width = Double(region.rect.width), height = Double(region.rect.height)
                let scale = min(areaWidth / width, areaHeight / height)
                cairo_save(cr)
                cairo_translate(cr, (areaWidth - width * scale) / 2, (areaHeight - height * scale) / 2)
                cairo_scale(cr, scale, scale)
                gdk_cairo_set_source_pixbuf(cr, region.pixbuf, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                cairo_rectangle(cr, 0, 0, width, height)
                cairo_fill(cr)
                cairo_restore(cr)
            }
            finished()
        }
    }
}
