import Foundation
import IroCore
import Synchronization
import Testing

/// A temporary folder removed when the test ends.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("iro-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Makes `name` as a folder holding the given files (nil contents: a sub-folder).
    func package(_ name: String, files: [String: Data?] = [:]) throws -> URL {
        let folder = url.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, contents) in files {
            let path = folder.appendingPathComponent(file)
            if let contents {
                try contents.write(to: path)
            } else {
                try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            }
        }
        return folder
    }
}

@Suite struct NotePackageTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    func load(_ url: URL) -> Result<NotePackage, NotePackageError> {
        Result { () throws(NotePackageError) in try NotePackage.load(folder: RawPath(url.path)) }
    }

    @Test func textAndImage() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package(
            "Trip.notesdoc",
            files: [
                "Text.txt": Data("Kyōto, 色 🎨\nSecond line".utf8),
                "Image.png": Self.png,
            ])
        let note = try NotePackage.load(folder: RawPath(folder.path))
        #expect(note.folder == RawPath(folder.path))
        #expect(note.text == "Kyōto, 色 🎨\nSecond line")
        #expect(note.imagePath == RawPath(folder.path + "/Image.png"))
    }

    @Test func textOnly() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Plain.notesdoc", files: ["Text.txt": Data("hello".utf8)])
        let note = try NotePackage.load(folder: RawPath(folder.path))
        #expect(note.text == "hello")
        #expect(note.imagePath == nil)
    }

    @Test func emptyTextIsFine() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Empty.notesdoc", files: ["Text.txt": Data()])
        #expect(try NotePackage.load(folder: RawPath(folder.path)).text == "")
    }

    @Test func byteOrderMarkIsDropped() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Bom.notesdoc", files: ["Text.txt": Data([0xEF, 0xBB, 0xBF] + Array("hi".utf8))])
        #expect(try NotePackage.load(folder: RawPath(folder.path)).text == "hi")
    }

    @Test func extensionIsCaseInsensitive() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Loud.NOTESDOC", files: ["Text.txt": Data("x".utf8)])
        #expect(try NotePackage.load(folder: RawPath(folder.path)).text == "x")
        #expect(NotePackage.isPackageName(RawPath(folder.path)))
    }

    @Test func imageThatIsAFolderIsIgnored() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Odd.notesdoc", files: ["Text.txt": Data("x".utf8), "Image.png": nil])
        #expect(try NotePackage.load(folder: RawPath(folder.path)).imagePath == nil)
    }

    /// Linux file names are bytes: a folder named in Latin-1 opens, and so do its files.
    @Test func folderNameThatIsNotUTF8() throws {
        let temp = try TemporaryFolder()
        let folder = RawPath(bytes: Array(temp.url.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".notesdoc".utf8))
        try #require(folder.withCString { mkdir($0, 0o700) } == 0)
        let text = folder.appending(NotePackage.textFileName)
        let fd = text.withCString { open($0, O_WRONLY | O_CREAT, 0o600) }
        try #require(fd >= 0)
        #expect(write(fd, "hello", 5) == 5)
        close(fd)
        #expect(NotePackage.isPackageName(folder))
        let note = try NotePackage.load(folder: folder)
        #expect(note.text == "hello")
        #expect(note.folder == folder)
    }

    @Test func wrongExtensionIsNotAPackage() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Trip.notes", files: ["Text.txt": Data("x".utf8)])
        #expect(load(folder) == .failure(.notAFolder))
    }

    @Test func fileNamedLikeAPackageIsNotAFolder() throws {
        let temp = try TemporaryFolder()
        let file = temp.url.appendingPathComponent("Fake.notesdoc")
        try Data("x".utf8).write(to: file)
        #expect(load(file) == .failure(.notAFolder))
    }

    @Test func missingFolderIsUnreadable() throws {
        let temp = try TemporaryFolder()
        let missing = temp.url.appendingPathComponent("Gone.notesdoc")
        guard case .failure(.unreadable(let reason)) = load(missing) else {
            Issue.record("expected unreadable")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test func missingText() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("NoText.notesdoc", files: ["Image.png": Self.png])
        #expect(load(folder) == .failure(.missingText))
    }

    @Test func textThatIsAFolderIsMissing() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("DirText.notesdoc", files: ["Text.txt": nil])
        #expect(load(folder) == .failure(.missingText))
    }

    @Test func textThatIsAFifoIsNeverRead() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Fifo.notesdoc")
        let fifo = folder.appendingPathComponent("Text.txt")
        try #require(mkfifo(fifo.path, 0o644) == 0)
        #expect(load(folder) == .failure(.missingText)) // and it does not hang
    }

    @Test func aLinkInsideThePackageIsFollowed() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Link.notesdoc", files: ["notes": nil])
        try Data("linked".utf8).write(to: folder.appendingPathComponent("notes/real.txt"))
        try Self.png.write(to: folder.appendingPathComponent("notes/picture.png"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Text.txt").path, withDestinationPath: "notes/real.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Image.png").path, withDestinationPath: "notes/picture.png")
        let package = try NotePackage.load(folder: RawPath(folder.path))
        #expect(package.text == "linked")
        #expect(package.imagePath == RawPath(folder.appendingPathComponent("Image.png").path))
    }

    /// A package never shows a file of the system outside it (one linking to /etc/shadow, opened
    /// by root, would show the shadow file): not by an absolute link, not by `..`, not by a
    /// link inside that leads out, and not by a package that is itself reached through a link.
    @Test(arguments: ["absolute", "relative", "two hops"])
    func aLinkOutOfThePackageIsRefused(_ how: String) throws {
        let temp = try TemporaryFolder()
        let outside = temp.url.appendingPathComponent("secret.txt")
        try Data("secret".utf8).write(to: outside)
        let folder = try temp.package("Leak.notesdoc")
        let text = folder.appendingPathComponent("Text.txt").path
        switch how {
        case "absolute":
            try FileManager.default.createSymbolicLink(atPath: text, withDestinationPath: outside.path)
        case "relative":
            try FileManager.default.createSymbolicLink(atPath: text, withDestinationPath: "../secret.txt")
        default:
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("hop").path, withDestinationPath: outside.path)
            try FileManager.default.createSymbolicLink(atPath: text, withDestinationPath: "hop")
        }
        #expect(load(folder) == .failure(.linkLeavesPackage("Text.txt")))
    }

    @Test func anImageLinkedFromOutsideIsRefused() throws {
        let temp = try TemporaryFolder()
        let outside = temp.url.appendingPathComponent("elsewhere.png")
        try Self.png.write(to: outside)
        let folder = try temp.package("Picture.notesdoc", files: ["Text.txt": Data("text".utf8)])
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Image.png").path, withDestinationPath: outside.path)
        #expect(load(folder) == .failure(.linkLeavesPackage("Image.png")))
    }

    @Test func aPackageReachedThroughALinkReadsItsOwnFiles() throws {
        let temp = try TemporaryFolder()
        let real = try temp.package("Real.notesdoc", files: ["Text.txt": Data("inside".utf8)])
        let link = temp.url.appendingPathComponent("Linked.notesdoc")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        #expect(try NotePackage.load(folder: RawPath(link.path)).text == "inside")
    }

    @Test(
        arguments: [
            [0xFF, 0xFE, 0x41, 0x00], // UTF-16 LE with BOM
            [0x41, 0x80, 0x42], // lone continuation byte
            [0xC0, 0xAF], // overlong "/"
            [0xED, 0xA0, 0x80], // UTF-16 surrogate encoded in UTF-8
            [0xE2, 0x82], // truncated sequence at the end
            [0x63, 0x61, 0x66, 0xE9], // "café" in Latin-1
        ] as [[UInt8]])
    func invalidUTF8IsAnError(bytes: [UInt8]) throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Bad.notesdoc", files: ["Text.txt": Data(bytes)])
        #expect(load(folder) == .failure(.textNotUTF8))
    }

    @Test func oversizedTextIsRefused() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Big.notesdoc", files: ["Text.txt": Data(repeating: 0x61, count: 101)])
        #expect(throws: NotePackageError.unreadable("Text.txt is too large.")) {
            try NotePackage.load(folder: RawPath(folder.path), maximumTextBytes: 100)
        }
        #expect(try NotePackage.load(folder: RawPath(folder.path), maximumTextBytes: 101).text.count == 101)
    }

    @Test(.enabled(if: getuid() != 0, "root reads files regardless of permissions"))
    func unreadableTextReportsPermission() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Locked.notesdoc", files: ["Text.txt": Data("secret".utf8)])
        let text = folder.appendingPathComponent("Text.txt")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: text.path)
        #expect(load(folder) == .failure(.unreadable("Permission denied.")))
    }

    @Test func loadingNeverWrites() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Still.notesdoc", files: ["Text.txt": Data("x".utf8), "Image.png": Self.png])
        let text = folder.appendingPathComponent("Text.txt")
        let before = try FileManager.default.attributesOfItem(atPath: text.path)[.modificationDate] as? Date
        _ = try NotePackage.load(folder: RawPath(folder.path))
        let after = try FileManager.default.attributesOfItem(atPath: text.path)[.modificationDate] as? Date
        #expect(before == after)
        #expect(try Data(contentsOf: text) == Data("x".utf8))
    }
}

extension NotePackageTests {
    /// Text.txt swapped between a file and a FIFO while packages load: a FIFO that arrives
    /// between the check and the open must not hold the reader (an open of a FIFO with no
    /// writer waits for ever). Every load ends, with the text or "no text".
    @Test func aFIFOSwappedInAfterTheCheckNeverHoldsTheReader() async throws {
        let temp = try TemporaryFolder()
        let folder = try temp.package("Swap.notesdoc", files: ["Text.txt": Data("text".utf8)])
        let text = folder.appendingPathComponent("Text.txt").path
        let spare = folder.appendingPathComponent("spare").path
        let stop = Atomic(false)
        let swapper = Thread {
            var fifo = false
            while !stop.load(ordering: .relaxed) {
                if fifo {
                    _ = mkfifo(spare, 0o644)
                } else {
                    FileManager.default.createFile(atPath: spare, contents: Data("text".utf8))
                }
                _ = rename(spare, text)
                fifo.toggle()
            }
        }
        swapper.start()
        defer { stop.store(true, ordering: .relaxed) }
        let finished = Atomic(0), unexpected = Atomic(0)
        let reader = Thread {
            for _ in 0..<400 {
                let result = Result { () throws(NotePackageError) in try NotePackage.load(folder: RawPath(folder.path)) }
                switch result {
                case .success(let package) where package.text == "text": break
                case .failure(.missingText): break
                default: unexpected.add(1, ordering: .relaxed)
                }
                finished.add(1, ordering: .relaxed)
            }
        }
        reader.start()
        let deadline = Date().addingTimeInterval(60)
        while finished.load(ordering: .relaxed) < 400, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(finished.load(ordering: .relaxed) == 400, "a load was held by a FIFO")
        #expect(unexpected.load(ordering: .relaxed) == 0, "every load gives the text or no text")
    }
}
