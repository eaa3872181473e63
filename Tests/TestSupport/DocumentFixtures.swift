import CGtk
import Foundation

/// Documents with pages made at test time: PDFs drawn with cairo's PDF surface (known
/// sizes, colours and text on known pages), and TIFFs of several pages written here byte
/// by byte (uncompressed RGB strips), so that each page's size and Orientation tag, and
/// hostile page chains, are exactly what a test says.
public enum DocumentFixtures {
    /// One page of a made PDF: its size in points, its background and the text written on it.
    public struct PDFPage: Sendable {
        public var width: Double
        public var height: Double
        public var colour: (red: Double, green: Double, blue: Double)
        public var text: String
        /// Link areas (points from the top left) and their cairo link attributes:
        /// "dest='name'" (a page's `destination`) or "uri='https://…'". (cairo 1.16 writes no
        /// target for "page=N" to a page after the link's.)
        public var links: [(x: Double, y: Double, width: Double, height: Double, target: String)]
        /// A named destination at the page's top, for links to it.
        public var destination: String?
        /// Lines of small print (8 points, 10 apart) from the page's top, for pages dense with text.
        public var body: [String] = []

        public init(
            width: Double, height: Double, colour: (red: Double, green: Double, blue: Double), text: String,
            links: [(x: Double, y: Double, width: Double, height: Double, target: String)] = [], destination: String? = nil,
            body: [String] = []
        ) {
            (self.width, self.height, self.colour, self.text, self.links) = (width, height, colour, text, links)
            (self.destination, self.body) = (destination, body)
        }
    }

    /// Writes a PDF of `pages` at `url`: each page filled with its colour but for a white
    /// band across its middle third, where its text is written in black.
    /// `outline`: entries of the table of contents, in order, each going to a page's
    /// `destination`, under the last entry one level up.
    public static func writePDF(_ pages: [PDFPage], outline: [(title: String, depth: Int, destination: String)] = [], to url: URL) {
        guard let first = pages.first else { return }
        let surface = cairo_pdf_surface_create(url.path, first.width, first.height)
        let cr = cairo_create(surface)
        for page in pages {
            cairo_pdf_surface_set_size(surface, page.width, page.height)
            cairo_set_source_rgb(cr, page.colour.red, page.colour.green, page.colour.blue)
            cairo_paint(cr)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_rectangle(cr, 0, page.height / 3, page.width, page.height / 3)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, 24)
            cairo_move_to(cr, 20, page.height / 2)
            cairo_show_text(cr, page.text)
            cairo_set_font_size(cr, 8)
            for (index, line) in page.body.enumerated() {
                cairo_move_to(cr, 10, 10 + 10 * Double(index + 1))
                cairo_show_text(cr, line)
            }
            if let name = page.destination {
                cairo_tag_begin(cr, CAIRO_TAG_DEST, "name='\(name)'")
                cairo_tag_end(cr, CAIRO_TAG_DEST)
            }
            for link in page.links {
                cairo_tag_begin(cr, CAIRO_TAG_LINK, "rect=[\(link.x) \(link.y) \(link.width) \(link.height)] \(link.target)")
                cairo_tag_end(cr, CAIRO_TAG_LINK)
            }
            cairo_show_page(cr)
        }
        var parents: [Int32] = [Int32(CAIRO_PDF_OUTLINE_ROOT)]
        for entry in outline {
            let parent = parents[min(entry.depth, parents.count - 1)]
            let id = cairo_pdf_surface_add_outline(surface, parent, entry.title, "dest='\(entry.destination)'", CAIRO_PDF_OUTLINE_FLAG_OPEN)
            parents = Array(parents.prefix(entry.depth + 1)) + [id]
        }
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
    }

    /// `source` locked with `password` (AES-256, qpdf), at `target`; skips the test when qpdf
    /// is not installed.
    public static func lockPDF(_ source: URL, password: String, to target: URL) throws {
        try HEIFFixtures.run("qpdf", ["--encrypt", password, password + "-owner", "256", "--", source.path, target.path])
    }

    /// A PDF written out by hand from `objects` (numbered from 1 in order: the first must be
    /// the catalog), with its cross-reference table; `trailer` adds entries to the trailer.
    /// For the documents cairo cannot make: hostile page trees, forms, encryption.
    public static func rawPDF(_ objects: [[UInt8]], trailer: String = "") -> [UInt8] {
        var out = Array("%PDF-1.7\n".utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(index + 1) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let table = out.count
        out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            let digits = String(offset)
            out += Array((String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n").utf8)
        }
        out += Array("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R \(trailer) >>\nstartxref\n\(table)\n%%EOF\n".utf8)
        return out
    }

    /// An object's text as bytes.
    public static func object(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A content stream object holding `content`.
    public static func stream(_ content: String, dictionary: String = "") -> [UInt8] {
        Array("<< /Length \(content.utf8.count) \(dictionary) >>\nstream\n\(content)\nendstream".utf8)
    }

    /// One page of a made TIFF: its stored size, its colour (every pixel) and its Orientation tag.
    public struct TIFFPage: Sendable {
        public var width: Int
        public var height: Int
        public var rgb: (UInt8, UInt8, UInt8)
        public var orientation: Int
        /// Where the stored pixels' first row's first quarter is painted red instead, to see
        /// the page turned.
        public var marksCorner: Bool

        public init(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8), orientation: Int = 1, marksCorner: Bool = false) {
            (self.width, self.height, self.rgb, self.orientation, self.marksCorner) = (width, height, rgb, orientation, marksCorner)
        }
    }

    /// A little-endian TIFF of `pages`, one directory each. `loopsBack`: the last page's
    /// next-directory offset points at the first page's directory (a chain that loops).
    public static func tiff(_ pages: [TIFFPage], loopsBack: Bool = false) -> [UInt8] {
        var out: [UInt8] = [0x49, 0x49, 42, 0, 0, 0, 0, 0] // "II", 42, first IFD offset (patched)
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8(value >> $0 & 0xFF) } }
        func patch32(_ at: Int, _ value: Int) { out.replaceSubrange(at..<at + 4, with: le32(value)) }
        var previousNextOffset = 4
        var firstDirectory = 0
        for page in pages {
            // The pixels, then the bits per sample (3 shorts), then the directory.
            let pixelsAt = out.count
            for y in 0..<page.height {
                for x in 0..<page.width {
                    let marked = page.marksCorner && y < max(1, page.height / 4) && x < max(1, page.width / 4)
                    out += marked ? [255, 0, 0] : [page.rgb.0, page.rgb.1, page.rgb.2]
                }
            }
            if out.count % 2 == 1 { out.append(0) }
            let bitsAt = out.count
            out += le16(8) + le16(8) + le16(8)
            let directoryAt = out.count
            if firstDirectory == 0 { firstDirectory = directoryAt }
            patch32(previousNextOffset, directoryAt)
            let entries: [(tag: Int, type: Int, count: Int, value: [UInt8])] = [
                (256, 4, 1, le32(page.width)), // ImageWidth
                (257, 4, 1, le32(page.height)), // ImageLength
                (258, 3, 3, le32(bitsAt)), // BitsPerSample
                (259, 3, 1, le16(1) + [0, 0]), // Compression: none
                (262, 3, 1, le16(2) + [0, 0]), // Photometric: RGB
                (273, 4, 1, le32(pixelsAt)), // StripOffsets
                (274, 3, 1, le16(page.orientation) + [0, 0]), // Orientation
                (277, 3, 1, le16(3) + [0, 0]), // SamplesPerPixel
                (278, 4, 1, le32(page.height)), // RowsPerStrip
                (279, 4, 1, le32(page.width * page.height * 3)), // StripByteCounts
                (284, 3, 1, le16(1) + [0, 0]), // PlanarConfiguration: contiguous
            ]
            out += le16(entries.count)
            for entry in entries { out += le16(entry.tag) + le16(entry.type) + le32(entry.count) + entry.value }
            previousNextOffset = out.count
            out += le32(0)
        }
        if loopsBack { patch32(previousNextOffset, firstDirectory) }
        return out
    }
}
