/// What a photo's metadata (EXIF, XMP, IPTC) says about how it was taken, as read from the
/// file: each value nil when the file does not say, or says nothing usable.
public struct PhotoMetadata: Equatable, Sendable {
    public var make: String?
    public var model: String?
    public var lens: String?
    /// When it was taken, as the file wrote it ("2024:05:01 12:34:56" in EXIF, ISO 8601 in XMP).
    public var taken: String?
    /// How the flash fired, in Exiv2's words ("Fired, auto mode").
    public var flash: String?
    public var description: String?
    public var author: String?
    public var copyright: String?
    /// Exposure time in seconds, as the fraction the camera wrote.
    public var exposure: (numerator: Int, denominator: Int)?
    public var fNumber: Double?
    public var focalLength: Double?
    public var iso: Int?
    /// Degrees, north and east positive.
    public var position: (latitude: Double, longitude: Double)?
    public var altitude: Double?

    public init() {}

    /// Nothing a reader would call camera data.
    public var isEmpty: Bool { self == PhotoMetadata() }

    public static func == (a: PhotoMetadata, b: PhotoMetadata) -> Bool {
        a.make == b.make && a.model == b.model && a.lens == b.lens && a.taken == b.taken && a.flash == b.flash
            && a.description == b.description && a.author == b.author && a.copyright == b.copyright
            && a.exposure?.numerator == b.exposure?.numerator && a.exposure?.denominator == b.exposure?.denominator
            && a.fNumber == b.fNumber && a.focalLength == b.focalLength && a.iso == b.iso
            && a.position?.latitude == b.position?.latitude && a.position?.longitude == b.position?.longitude
            && a.altitude == b.altitude
    }

    /// A tag's text made presentable: trailing NULs and spaces that cameras pad with gone,
    /// XMP's language prefix (`lang="x-default" `) dropped; nil when nothing is left.
    public static func cleaned(_ text: String?) -> String? {
        guard var text else { return nil }
        if text.hasPrefix("lang=\""), let close = text.dropFirst(6).firstIndex(of: "\"") {
            text = String(text[text.index(after: close)...])
        }
        let trimmed = text.trimmed(where: { $0 == " " || $0 == "\0" || $0 == "\n" || $0 == "\t" })
        return trimmed.isEmpty ? nil : trimmed
    }
}

extension String {
    /// Without leading and trailing characters that match `drop`.
    func trimmed(where drop: (Character) -> Bool) -> String {
        guard let start = firstIndex(where: { !drop($0) }), let end = lastIndex(where: { !drop($0) }) else { return "" }
        return String(self[start...end])
    }
}
