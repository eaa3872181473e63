import Glibc
import Synchronization

/// Work on a thread of its own, waited for with `join`. `isFinished` lets the starting thread
/// keep doing its own part (reporting progress, noticing a cancel) until then.
final class WorkerThread {
    private let work: () -> Void
    private var thread = pthread_t()
    private let finished = Atomic<Bool>(false)
    private init(_ work: @escaping () -> Void) { self.work = work }

    static func start(_ work: @escaping () -> Void) -> WorkerThread? {
        let worker = WorkerThread(work)
        let context = Unmanaged.passRetained(worker).toOpaque()
        let started = pthread_create(
            &worker.thread, nil,
            { context in
                guard let context else { return nil }
                let worker = Unmanaged<WorkerThread>.fromOpaque(context).takeRetainedValue()
                worker.work()
                worker.finished.store(true, ordering: .releasing)
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<WorkerThread>.fromOpaque(context).release()
            return nil
        }
        return worker
    }

    var isFinished: Bool { finished.load(ordering: .acquiring) }

    func join() { pthread_join(thread, nil) }
}

extension WorkerThread {
    /// Runs `work` on a thread of its own (a library's long call that cannot be asked to
    /// stop) while this one goes on asking `isCancelled`, which in the decoder helper also
    /// sends Iro the progress, and so says the helper is alive. Whether it was cancelled
    /// meanwhile; nil when no thread could be started.
    static func run(_ work: @escaping () -> Void, askingEvery isCancelled: () -> Bool) -> Bool? {
        guard let worker = start(work) else { return nil }
        var cancelled = false
        while !worker.isFinished {
            cancelled = cancelled || isCancelled()
            usleep(5000)
        }
        worker.join()
        return cancelled
    }
}
