/// A `RawPath` may hold a URI instead of a local path (BEHAVIOUR A13): a file GIO reaches
/// through GVfs (`trash:///a.png`, `sftp://host/photos/b.jpg`) that has no local path. Its
/// folder and its files' names follow the URI's rules: the folder of a file at the top is
/// the root (`trash:///`), and a name added below is percent-escaped.
extension RawPath {
    /// Whether this is a URI (`scheme://…`) rather than a path.
    public var isURI: Bool { schemeEnd != nil }

    /// The index just past `://`, when the bytes start with a URI scheme (RFC 3986: a letter,
    /// then letters, digits, `+`, `-`, `.`).
    var schemeEnd: Int? {
        guard let first = bytes.first, first.isASCIILetter, let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
            bytes[..<colon].allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || "+-.".utf8.contains($0) }),
            bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { return nil }
        return colon + 3
    }

    /// The URI's root, with its slash: `trash:///`, `sftp://host/`.
    var uriRoot: RawPath? {
        guard let start = schemeEnd else { return nil }
        let slash = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
        return RawPath(bytes: Array(bytes[..<slash]) + [UInt8(ascii: "/")])
    }

    /// The folder of a URI: the root for a file at the top.
    var uriFolder: RawPath? {
        guard let root = uriRoot else { return nil }
        let slash = UInt8(ascii: "/")
        let end = (bytes.lastIndex { $0 != slash } ?? -1) + 1
        guard end > root.bytes.count, let cut = bytes[..<end].lastIndex(of: slash), cut >= root.bytes.count else { return root }
        return RawPath(bytes: Array(bytes[..<cut]))
    }

    /// `name` escaped for a URI's path: bytes other than RFC 3986's unreserved characters and
    /// those allowed in a segment become %XX.
    static func uriEscaped(_ name: RawPath) -> RawPath {
        let allowed = Set("-._~!$&'()*+,;=:@".utf8)
        var escaped: [UInt8] = []
        for byte in name.bytes {
            if byte.isASCIILetter || byte.isASCIIDigit || allowed.contains(byte) {
                escaped.append(byte)
            } else {
                escaped += Array("%".utf8) + hexDigits(byte)
            }
        }
        return RawPath(bytes: escaped)
    }

    private static func hexDigits(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
    }

    /// `name` with its %XX escapes undone: the file's name as the file system has it.
    static func uriUnescaped(_ escaped: RawPath) -> RawPath {
        let name = escaped.bytes
        var bytes: [UInt8] = []
        var index = 0
        while index < name.count {
            if name[index] == UInt8(ascii: "%"), index + 2 < name.count,
                let high = Self.hexValue(name[index + 1]), let low = Self.hexValue(name[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(name[index])
                index += 1
            }
        }
        return RawPath(bytes: bytes)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { (65...90).contains(self) || (97...122).contains(self) }
    fileprivate var isASCIIDigit: Bool { (48...57).contains(self) }
}
