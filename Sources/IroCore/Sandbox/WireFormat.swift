/// The bytes of the decoder protocol's messages (BEHAVIOUR F5): little-endian integers,
/// doubles as their bits, text as a 16-bit length and UTF-8. A reader never trusts a
/// field: every read is bounds-checked, and a message must be used up exactly.
public struct WireWriter {
    public private(set) var bytes: [UInt8] = []
    public init() {}

    public mutating func u8(_ value: UInt8) { bytes.append(value) }
    public mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
    public mutating func i32(_ value: Int) { u32(UInt32(bitPattern: Int32(clamping: value))) }
    public mutating func i64(_ value: Int64) {
        let bits = UInt64(bitPattern: value)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((bits >> UInt64(shift)) & 0xFF)) }
    }
    public mutating func f64(_ value: Double) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((bits >> UInt64(shift)) & 0xFF)) }
    }
    /// UTF-8, cut (if longer than a message may carry) between characters, never inside one.
    public mutating func text(_ value: String) {
        var bytes = Array(value.utf8)
        if bytes.count > WireReader.maxText {
            var end = WireReader.maxText
            while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 } // a continuation byte: inside a character
            bytes = Array(bytes[..<end])
        }
        data(bytes)
    }
    public mutating func data(_ value: [UInt8]) {
        let count = min(value.count, WireReader.maxText)
        bytes.append(UInt8(count & 0xFF))
        bytes.append(UInt8(count >> 8))
        bytes += value.prefix(count)
    }
}

public struct WireReader {
    /// The longest text or byte string a message may carry.
    public static let maxText = 4096

    public struct Malformed: Error, Equatable {
        public let what: String
    }

    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    private mutating func take(_ count: Int, _ what: String) throws(Malformed) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.count - offset >= count else { throw Malformed(what: "\(what) cut short") }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    public mutating func u8(_ what: String) throws(Malformed) -> UInt8 {
        guard let byte = try take(1, what).first else { throw Malformed(what: "\(what) cut short") }
        return byte
    }

    public mutating func u32(_ what: String) throws(Malformed) -> UInt32 {
        try take(4, what).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// A signed 32-bit integer that must lie in `range`.
    public mutating func i32(_ what: String, in range: ClosedRange<Int>) throws(Malformed) -> Int {
        let value = Int(Int32(bitPattern: try u32(what)))
        guard range.contains(value) else { throw Malformed(what: "\(what) \(value) out of range") }
        return value
    }

    /// A signed 64-bit integer (a file's size or time).
    public mutating func i64(_ what: String) throws(Malformed) -> Int64 {
        Int64(bitPattern: try take(8, what).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// A finite double that must lie in `range`.
    public mutating func f64(_ what: String, in range: ClosedRange<Double>) throws(Malformed) -> Double {
        let bits = try take(8, what).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let value = Double(bitPattern: bits)
        guard value.isFinite, range.contains(value) else { throw Malformed(what: "\(what) \(value) out of range") }
        return value
    }

    public mutating func data(_ what: String) throws(Malformed) -> [UInt8] {
        let count = Int(try u8(what)) | Int(try u8(what)) << 8
        guard count <= Self.maxText else { throw Malformed(what: "\(what) too long") }
        return Array(try take(count, what))
    }

    /// UTF-8 text; anything else is malformed.
    public mutating func text(_ what: String) throws(Malformed) -> String {
        let bytes = try data(what)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Malformed(what: "\(what) is not UTF-8") }
        return text
    }

    public func end() throws(Malformed) {
        guard offset == bytes.count else { throw Malformed(what: "\(bytes.count - offset) bytes past the end") }
    }
}
