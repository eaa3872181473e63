import Foundation
import Glibc
import IroCore
import IroImaging
import TestSupport
import XCTest

@testable import IroUI

/// Save's write (BEHAVIOUR D7) when the disk is full: on a small tmpfs of its own, the
/// write fails before the original is touched, the reason is the disk, and nothing is left
/// behind; with room, the original goes to the trash and comes back byte for byte.
final class ReplaceWithTrashTests: XCTestCase {
    /// A tmpfs of `kilobytes` mounted for the test (root only), unmounted after.
    static func smallDisk(kilobytes: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iro-small-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mounted = folder.path.withCString { mount("tmpfs", $0, "tmpfs", 0, "size=\(kilobytes)k") }
        guard mounted == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: folder)
            throw XCTSkip("a small disk needs mounting a tmpfs, which this user may not (\(reason))")
        }
        return folder
    }

    static func unmount(_ folder: URL) {
        _ = folder.path.withCString { umount2($0, Int32(MNT_DETACH)) }
        try? FileManager.default.removeItem(at: folder)
    }

    func testAFullDiskLeavesTheOriginalAsItWasAndSaysSo() throws {
        let disk = try Self.smallDisk(kilobytes: 256)
        defer { Self.unmount(disk) }
        let file = disk.appendingPathComponent("photo.png")
        let original = (0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(original).write(to: file)
        // The rest of the disk filled, but for a few pages.
        let filler = disk.appendingPathComponent("filler")
        FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        let block = Data(count: 4096)
        while true {
            do { try handle.write(contentsOf: block) } catch { break }
        }
        try handle.close()
        try FileManager.default.removeItem(at: filler)
        FileManager.default.createFile(atPath: filler.path, contents: Data(count: 200 * 1024 - 48 * 1024))

        let larger = [UInt8](repeating: 7, count: 150_000)
        XCTAssertThrowsError(try ReplaceWithTrash.write(larger, over: RawPath(file.path))) { error in
            XCTAssertEqual(error as? ReplaceWithTrash.Failure, .write(.noSpace))
        }
        XCTAssertEqual([UInt8](try Data(contentsOf: file)), original, "the original, untouched")
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted()
        XCTAssertEqual(left, ["filler", "photo.png"], "no temporary file and nothing trashed")
        XCTAssertEqual(ExportError.noSpace.message, "There is not enough space left on the disk.")
    }

    func testWithRoomTheOriginalGoesToTheTrashAndUndoBringsItBack() throws {
        try onMain { XCTAssertTrue(GtkTestEnvironment.start()) } // this run's XDG_DATA_HOME, before any trash is touched
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iro-replace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("photo.jpg")
        let original: [UInt8] = Array(repeating: 1, count: 5000)
        try Data(original).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)

        let replaced = try ReplaceWithTrash.write([2, 3, 4], over: RawPath(file.path))
        XCTAssertEqual([UInt8](try Data(contentsOf: file)), [2, 3, 4])
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o640, "the original's permissions, as g_file_replace keeps them")
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: replaced.trashed.displayString))), original)
        try ReplaceWithTrash.undo(replaced)
        XCTAssertEqual([UInt8](try Data(contentsOf: file)), original, "byte for byte")
        XCTAssertNil(Trash.latestItem(from: RawPath(file.path)))
    }
}
