import CGLib
import IroCore

/// What the installed gdk-pixbuf loaders can read (BEHAVIOUR A1), and what Iro decodes itself
/// beside them: the same source the Open dialog's filter and the desktop entry's MimeType come from.
public enum ImageFormats {
    /// MIME types of every installed loader.
    nonisolated public static let mimeTypes: Set<String> = {
        var result = Set<String>()
        guard let list = gdk_pixbuf_get_formats() else { return result }
        defer { g_slist_free(list) }
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            if let format = current.pointee.data.map(OpaquePointer.init), let types = gdk_pixbuf_format_get_mime_types(format) {
                var index = 0
                while let type = types[index] {
                    result.insert(String(cString: type))
                    index += 1
                }
                g_strfreev(types)
            }
            node = current.pointee.next
        }
        return result
    }()

    /// gdk-pixbuf-style name of the PDF format Iro reads itself (`DecodedImage.formatName`).
    nonisolated public static let pdf = "pdf"

    /// Documents Iro reads itself, beside the loaders' images (BEHAVIOUR G1): their pages
    /// are drawn in the decoder helper. A multi-page TIFF is among the loaders' types already.
    nonisolated public static let documentMimeTypes: Set<String> = ["application/pdf"]

    /// Images Iro decodes with its own libraries where Debian's gdk-pixbuf has no loader
    /// (BEHAVIOUR A1): JPEG XL, JPEG 2000 and camera RAW. `image/x-dcraw` is the parent
    /// shared-mime-info gives every camera's RAW type. data/decoded-mime-types.txt, which the
    /// desktop entry is made from, lists these and the documents.
    nonisolated public static let decodedImageMimeTypes: Set<String> = [
        "image/jxl", "image/jp2", "image/x-jp2-codestream", "image/x-dcraw", "image/x-adobe-dng", "image/x-canon-cr2",
        "image/x-canon-cr3", "image/x-fuji-raf", "image/x-nikon-nef", "image/x-olympus-orf", "image/x-panasonic-rw2",
        "image/x-pentax-pef", "image/x-sony-arw",
    ]

    /// Everything Iro opens: what a folder steps through, what Open offers.
    nonisolated public static let openableMimeTypes = mimeTypes.union(documentMimeTypes).union(decodedImageMimeTypes)

    /// Whether images of the format are drawn afresh at any scale (SVG, a PDF's pages): they
    /// have no finest detail to decode whole, and a zoom draws the part shown at its scale.
    nonisolated public static func isDrawnAtAnyScale(_ formatName: String?) -> Bool {
        formatName == "svg" || formatName == PDFFile.formatName
    }

    /// The MIME type GIO guesses from a file's first bytes (magic numbers, not the name).
    nonisolated public static func sniffedMimeType(of source: ImageSource) -> String? {
        guard let file = source.open().file else { return nil }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 4096, file) }
        guard count > 0 else { return nil }
        var uncertain: gboolean = 0
        let guessed = head.withUnsafeBytes {
            g_content_type_guess(nil, $0.baseAddress?.assumingMemoryBound(to: guchar.self), gsize(count), &uncertain)
        }
        guard let guessed else { return nil }
        defer { g_free(guessed) }
        guard uncertain == 0, let mime = g_content_type_get_mime_type(guessed) else { return nil }
        defer { g_free(mime) }
        return String(cString: mime)
    }
}
