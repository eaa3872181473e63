import CGLib
import GObjectSupport
import Glibc
import IroCore
import IroImaging

/// Save (BEHAVIOUR D7): a file's new bytes written over it, with the old file kept in the
/// trash so Undo can put it back byte for byte.
///
/// The new bytes go through `g_file_replace` into a temporary file beside the original (with
/// its permissions), and are flushed before anything else happens: a full disk or a failed
/// write removes that file and leaves the original as it was. Only then does the original go
/// to the trash, and closing the stream renames the new file into its place. If that last
/// step fails, the original comes back from the trash.
nonisolated enum ReplaceWithTrash {
    /// Where the replaced file went.
    struct Replaced: Sendable {
        let path: RawPath
        let trashed: RawPath
        let info: RawPath
    }

    enum Failure: Error, Equatable {
        case write(ExportError)
        /// The original could not go to the trash (GIO's reason): nothing was changed.
        case notTrashed(String)
    }

    /// Blocking: call it off the main thread.
    nonisolated static func write(_ bytes: [UInt8], over path: RawPath) throws(Failure) -> Replaced {
        let pending: FileReplace.Pending
        do throws(ExportError) { pending = try FileReplace.Pending(bytes, to: path) } catch { throw .write(error) }
        do throws(Trash.Failure) { try Trash.move(path) } catch {
            pending.abandon()
            if case .notMoved(let reason) = error { throw .notTrashed(reason) }
            throw .notTrashed("\(error)")
        }
        guard let item = Trash.latestItem(from: path) else {
            // Undo could not find it: nothing changes, and the original comes back if it can.
            pending.abandon()
            do throws(Trash.Failure) { try Trash.restore(path) } catch { Log.warning("\(path.displayString) stays in the trash: \(error)") }
            throw .notTrashed(tr("the trash does not list it"))
        }
        do throws(GLibError) { try pending.commit() } catch {
            // The new file did not take its place: the original goes back.
            _ = item.file.withCString { from in path.withCString { to in rename(from, to) } }
            _ = item.info.withCString { unlink($0) }
            throw .write(FileReplace.classify(error, folder: path.deletingLastComponent))
        }
        return Replaced(path: path, trashed: item.file, info: item.info)
    }

    /// Undo: the original's bytes back in its place, over the saved file. Blocking.
    nonisolated static func undo(_ replaced: Replaced) throws(Trash.Failure) {
        guard replaced.trashed.withCString({ access($0, F_OK) }) == 0 else { throw .notFound }
        // One rename: anyone looking sees the saved file or the original, never neither.
        let moved = replaced.trashed.withCString { from in replaced.path.withCString { to in rename(from, to) } }
        guard moved == 0 else { throw .notRestored(String(cString: strerror(errno))) }
        _ = replaced.info.withCString { unlink($0) }
    }
}
