/// What the Swift sides of the C decoding libraries' wrappers share.
enum LibraryCalls {
    /// The message a wrapper left in `buffer` (NUL-terminated).
    static func message(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// How many threads a library decodes one picture with: the cores there are, up to four.
    static var threads: Int { min(4, max(1, Cores.active)) }
}
