import Foundation
import IroCore
import Testing

/// Paths are bytes (Linux file names need not be UTF-8) and become text only to be shown.
@Suite struct RawPathTests {
    static let latin1 = RawPath(bytes: Array("/photos/caf".utf8) + [0xE9] + Array(".png".utf8))

    @Test func theSystemGetsTheExactBytes() {
        let passed = Self.latin1.withCString { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
        #expect(passed == Self.latin1.bytes)
        #expect(RawPath(cString: "/tmp/a b.png") == RawPath("/tmp/a b.png"))
    }

    @Test func bytesThatAreNotTextShowAsReplacementCharacters() {
        let document = Document(path: Self.latin1)
        #expect(document.displayName == "caf\u{FFFD}.png")
        #expect(document.fullPath == "/photos/caf\u{FFFD}.png")
        #expect(Document(path: RawPath("/")).displayName == "/")
    }

    @Test func components() {
        #expect(Self.latin1.lastComponent.bytes == Array("caf".utf8) + [0xE9] + Array(".png".utf8))
        #expect(RawPath("/a/b.notesdoc/").lastComponent == RawPath("b.notesdoc"))
        #expect(RawPath("name").lastComponent == RawPath("name"))
        #expect(RawPath("/").lastComponent == RawPath(""))
        #expect(Self.latin1.pathExtension == "png")
        #expect(RawPath("/a/.png").pathExtension == "")
        #expect(Self.latin1.deletingLastComponent == RawPath("/photos"))
        #expect(RawPath("/a//b/").deletingLastComponent == RawPath("/a"))
        #expect(RawPath("/b.png").deletingLastComponent == RawPath("/"))
        #expect(RawPath("b.png").deletingLastComponent == RawPath("."))
        #expect(RawPath("/a").appending("Text.txt") == RawPath("/a/Text.txt"))
        #expect(RawPath("/a/").appending("Text.txt") == RawPath("/a/Text.txt"))
    }
}
