/// EXIF written byte by byte (little-endian TIFF in an APP1 segment), so metadata tests do
/// not depend on the library that reads it back.
public enum ExifFixture {
    public struct Tag: Sendable {
        let tag: UInt16, type: UInt16, count: UInt32, data: [UInt8]

        public static func ascii(_ tag: UInt16, _ text: String) -> Tag {
            let bytes = Array(text.utf8) + [0]
            return Tag(tag: tag, type: 2, count: UInt32(bytes.count), data: bytes)
        }
        public static func short(_ tag: UInt16, _ value: UInt16) -> Tag { Tag(tag: tag, type: 3, count: 1, data: le(value)) }
        public static func bytes(_ tag: UInt16, _ values: [UInt8]) -> Tag {
            Tag(tag: tag, type: 1, count: UInt32(values.count), data: values)
        }
        public static func rational(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Tag {
            Tag(tag: tag, type: 5, count: UInt32(values.count), data: values.flatMap { le($0.0) + le($0.1) })
        }
        static func long(_ tag: UInt16, _ value: UInt32) -> Tag { Tag(tag: tag, type: 4, count: 1, data: le(value)) }
    }

    /// A camera's usual tags: Canon EOS 5D Mark IV, EF 50mm f/1.8 STM, 1/250 s, f/2.8, ISO 200,
    /// 50 mm, flash off, taken 2024:05:01 12:34:56, at 48°51'30.12" N 2°17'40.08" E, 35 m up.
    public static let camera: (ifd0: [Tag], exif: [Tag], gps: [Tag]) = (
        ifd0: [.ascii(0x010F, "Canon"), .ascii(0x0110, "Canon EOS 5D Mark IV")],
        exif: [
            .rational(0x829A, [(1, 250)]), .rational(0x829D, [(28, 10)]), .short(0x8827, 200),
            .ascii(0x9003, "2024:05:01 12:34:56"), .short(0x9209, 16), .rational(0x920A, [(50, 1)]),
            .ascii(0xA434, "EF50mm f/1.8 STM"),
        ],
        gps: [
            .bytes(0x0000, [2, 3, 0, 0]), .ascii(0x0001, "N"), .rational(0x0002, [(48, 1), (51, 1), (3012, 100)]),
            .ascii(0x0003, "E"), .rational(0x0004, [(2, 1), (17, 1), (4008, 100)]), .bytes(0x0005, [0]),
            .rational(0x0006, [(35, 1)]),
        ]
    )

    /// The TIFF structure: IFD0 pointing to the Exif and GPS IFDs (when given).
    public static func tiff(ifd0: [Tag], exif: [Tag] = [], gps: [Tag] = []) -> [UInt8] {
        let pointers = (exif.isEmpty ? 0 : 1) + (gps.isEmpty ? 0 : 1)
        let exifOffset = 8 + size(of: ifd0.count + pointers, ifd0)
        let gpsOffset = exifOffset + (exif.isEmpty ? 0 : size(of: exif.count, exif))
        var first = ifd0
        if !exif.isEmpty { first.append(.long(0x8769, UInt32(exifOffset))) }
        if !gps.isEmpty { first.append(.long(0x8825, UInt32(gpsOffset))) }
        var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0] + le(UInt32(8))
        bytes += ifd(first, at: 8)
        if !exif.isEmpty { bytes += ifd(exif, at: exifOffset) }
        if !gps.isEmpty { bytes += ifd(gps, at: gpsOffset) }
        return bytes
    }

    /// `jpeg` with an APP1 segment holding `tiff` right after its start marker.
    public static func inserting(_ tiff: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = UInt16(payload.count + 2)
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }

    private static func size(of entries: Int, _ tags: [Tag]) -> Int {
        2 + 12 * entries + 4 + tags.reduce(0) { $0 + ($1.data.count > 4 ? ($1.data.count + 1) & ~1 : 0) }
    }

    /// One IFD at `offset`, its values longer than 4 bytes after it.
    private static func ifd(_ tags: [Tag], at offset: Int) -> [UInt8] {
        let sorted = tags.sorted { $0.tag < $1.tag }
        var entries = le(UInt16(sorted.count)), data: [UInt8] = []
        let dataStart = offset + 2 + 12 * sorted.count + 4
        for tag in sorted {
            entries += le(tag.tag) + le(tag.type) + le(tag.count)
            if tag.data.count <= 4 {
                entries += tag.data + [UInt8](repeating: 0, count: 4 - tag.data.count)
            } else {
                entries += le(UInt32(dataStart + data.count))
                data += tag.data
                if data.count % 2 == 1 { data.append(0) }
            }
        }
        return entries + le(UInt32(0)) + data
    }

    private static func le(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
