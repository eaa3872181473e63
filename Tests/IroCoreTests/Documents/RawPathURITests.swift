import IroCore
import Testing

/// A RawPath may hold a GVfs location's URI (BEHAVIOUR A13): its name is unescaped, its
/// folder stops at the URI's root, and a name added below it is escaped.
@Suite struct RawPathURITests {
    @Test func urisAreToldFromPaths() {
        #expect(RawPath("trash:///a.png").isURI)
        #expect(RawPath("sftp://host/photos/b.jpg").isURI)
        #expect(RawPath("google-drive://me@example.com/x/y.png").isURI)
        #expect(!RawPath("/tmp/a.png").isURI)
        #expect(!RawPath("relative/a.png").isURI)
        #expect(!RawPath("c:/a.png").isURI) // a scheme needs "//"
        #expect(!RawPath("1x://a.png").isURI) // and starts with a letter
        #expect(!RawPath("my file://a.png").isURI)
    }

    @Test func namesAreUnescaped() {
        let uri = RawPath("trash:///my%20chart%C3%A9.png")
        #expect(uri.lastComponent == RawPath("my charté.png"))
        #expect(Document(path: uri).displayName == "my charté.png")
        #expect(uri.pathExtension == "png")
        // A path keeps its percent signs: they are part of the name.
        #expect(RawPath("/tmp/100%25.png").lastComponent == RawPath("100%25.png"))
        // A broken escape stays as written.
        #expect(RawPath("trash:///a%2.png").lastComponent == RawPath("a%2.png"))
    }

    @Test func foldersStopAtTheRoot() {
        #expect(RawPath("trash:///a.png").deletingLastComponent == RawPath("trash:///"))
        #expect(RawPath("trash:///sub/a.png").deletingLastComponent == RawPath("trash:///sub"))
        #expect(RawPath("sftp://host/photos/b.jpg").deletingLastComponent == RawPath("sftp://host/photos"))
        #expect(RawPath("sftp://host/b.jpg").deletingLastComponent == RawPath("sftp://host/"))
        #expect(RawPath("sftp://host/").deletingLastComponent == RawPath("sftp://host/"))
    }

    @Test func namesAddedBelowAreEscaped() {
        #expect(RawPath("trash:///").appending("my chart.png") == RawPath("trash:///my%20chart.png"))
        #expect(RawPath("sftp://host/photos").appending(RawPath(bytes: [0x63, 0xE9, 0x3F])) == RawPath("sftp://host/photos/c%E9%3F"))
        // Round trip: the folder and the name give the URI back.
        let uri = RawPath("trash:///a%20b.png")
        #expect(uri.deletingLastComponent.appending(uri.lastComponent) == uri)
        // Paths are not escaped.
        #expect(RawPath("/tmp").appending("a b.png") == RawPath("/tmp/a b.png"))
    }
}
