/// What a JPEG's markers say before its first scan: the frame (size, components and their
/// sampling factors) and the quantisation tables. Segments are followed by their lengths,
/// each checked against the bytes, so a damaged file gives nil, never a crash. Read for a
/// lossless edit (`JPEGLosslessEdit`: the MCU grid) and a quality estimate (`JPEGQuality`).
struct JPEGHeader {
    struct Component: Equatable {
        /// Sampling factors, 1…4.
        let horizontal: Int, vertical: Int
        /// The quantisation table it uses, 0…3.
        let table: Int
    }

    struct Frame {
        /// SOF0…SOF15 less DHT, JPG and DAC: 0xC0 baseline, 0xC2 progressive…
        let marker: UInt8
        /// Bits per sample: 8, or 12 in extended files.
        let precision: Int
        /// 0 when a DNL segment after the first scan gives it.
        let width: Int, height: Int
        let components: [Component]
    }

    struct Table {
        /// The 64 steps in the file's (zigzag) order.
        let values: [Int]
        /// Stored as 16-bit values (libjpeg writes those when a step passes 255).
        let isWide: Bool
    }

    private(set) var frame: Frame?
    /// Tables by number, 0…3: the last definition before the first scan.
    private(set) var tables: [Table?] = [nil, nil, nil, nil]

    /// Reads the markers from SOI up to the first scan (SOS), or to the end of `bytes` if it
    /// comes first. Nil when `bytes` is not a JPEG or a segment is broken.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> JPEGHeader? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var header = JPEGHeader()
        var at = 2
        while at < bytes.count {
            // A marker: 0xFF, any fill bytes, then its code.
            guard bytes[at] == 0xFF else { return nil }
            while at < bytes.count, bytes[at] == 0xFF { at += 1 }
            guard at < bytes.count else { break }
            let marker = bytes[at]
            at += 1
            switch marker {
            case 0x01, 0xD0...0xD7: continue // TEM and restarts stand alone
            case 0xD8, 0x00: return nil // a second SOI, or a stuffed byte: not a header
            case 0xD9: return header.frame == nil ? nil : header
            default: break
            }
            guard at + 2 <= bytes.count else { break }
            let length = Int(bytes[at]) << 8 | Int(bytes[at + 1])
            // The image data follows SOS: the header ends there, whatever its length.
            if marker == 0xDA { return header.frame == nil ? nil : header }
            guard length >= 2, at + length <= bytes.count else { return nil }
            let body = UnsafeBufferPointer(rebasing: bytes[(at + 2)..<(at + length)])
            switch marker {
            case 0xDB:
                guard header.readTables(body) else { return nil }
            case 0xC0...0xCF where ![0xC4, 0xC8, 0xCC].contains(marker):
                // libjpeg refuses a second frame header.
                guard header.frame == nil, let frame = readFrame(body, marker: marker) else { return nil }
                header.frame = frame
            default: break
            }
            at += length
        }
        return header.frame == nil && header.tables.allSatisfy({ $0 == nil }) ? nil : header
    }

    /// A DQT segment: one or more tables, each a byte (precision, number) and 64 steps.
    private mutating func readTables(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        var at = 0
        while at < body.count {
            let precision = Int(body[at] >> 4), number = Int(body[at] & 0x0F)
            let size = precision == 0 ? 1 : 2
            guard precision <= 1, number <= 3, at + 1 + 64 * size <= body.count else { return false }
            let values = (0..<64).map { i in
                size == 1 ? Int(body[at + 1 + i]) : Int(body[at + 1 + 2 * i]) << 8 | Int(body[at + 2 + 2 * i])
            }
            tables[number] = Table(values: values, isWide: size == 2)
            at += 1 + 64 * size
        }
        return true
    }

    /// An SOFn segment: precision, height, width, then each component's id, sampling factors
    /// and table.
    private static func readFrame(_ body: UnsafeBufferPointer<UInt8>, marker: UInt8) -> Frame? {
        guard body.count >= 6 else { return nil }
        let count = Int(body[5])
        guard count >= 1, body.count >= 6 + 3 * count else { return nil }
        var components: [Component] = []
        for index in 0..<count {
            let at = 6 + 3 * index
            let component = Component(horizontal: Int(body[at + 1] >> 4), vertical: Int(body[at + 1] & 0x0F), table: Int(body[at + 2]))
            guard (1...4).contains(component.horizontal), (1...4).contains(component.vertical), component.table <= 3 else { return nil }
            components.append(component)
        }
        return Frame(
            marker: marker, precision: Int(body[0]), width: Int(body[3]) << 8 | Int(body[4]), height: Int(body[1]) << 8 | Int(body[2]),
            components: components)
    }
}
