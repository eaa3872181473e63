import GObjectSupport
import IroCore

/// A search of a document's text (BEHAVIOUR G7) run through its pages in a given order, in
/// runs of consecutive pages that grow to `TextMatches.pagesPerRequest`, one request each. Two
/// requests are in flight at once (the decoder pool's two helpers, one for each core), and
/// what they find comes in the order of the pages: a search that must go 300 pages on takes
/// half the time of one request after another.
public enum TextSearch {
    /// Pages searched and what was found on them (pages without matches are searched too).
    public struct Batch: Sendable {
        public let pages: [TextMatches]
        public let searched: Int
    }

    /// Requests in flight at once.
    static let inFlight = DecoderPool.maxHelpers

    /// The longest first run: a match near the page shown comes after a few pages are read.
    static let firstRunLength = 8

    /// The runs of consecutive pages of `order`. The first is at most `firstRunLength` long,
    /// each after it may be twice as long as the one before, up to
    /// `TextMatches.pagesPerRequest`: near pages answer soon, far ones with fewer requests.
    static func runs(of order: [Int]) -> [(first: Int, length: Int)] {
        var runs: [(first: Int, length: Int)] = []
        var longest = firstRunLength
        for page in order {
            if let last = runs.last, last.first + last.length == page, last.length < longest {
                runs[runs.count - 1].length += 1
            } else {
                if !runs.isEmpty { longest = min(2 * longest, TextMatches.pagesPerRequest) }
                runs.append((page, 1))
            }
        }
        return runs
    }

    /// What searching `order`'s pages of `path` for `text` finds, batch by batch, in the
    /// order of the pages; ends when every page is searched or the stream is dropped.
    public static func pages(_ text: String, of path: RawPath, password: String?, order: [Int]) -> AsyncStream<Batch> {
        AsyncStream { continuation in
            let producer = Task {
                await search(text, of: path, password: password, order: order) { continuation.yield($0) }
                continuation.finish()
            }
            continuation.onTermination = { _ in producer.cancel() }
        }
    }

    private static func search(
        _ text: String, of path: RawPath, password: String?, order: [Int], found: @Sendable (Batch) -> Void
    ) async {
        var waiting = runs(of: order)[...]
        var asked: [(first: Int, length: Int, answer: Task<[TextMatches], Never>)] = []
        defer { for request in asked { request.answer.cancel() } }
        func ask(_ run: (first: Int, length: Int)) -> (first: Int, length: Int, answer: Task<[TextMatches], Never>) {
            let answer = Task {
                do throws(LoadError) {
                    return try await ImageDecoder.find(
                        text, path: path, page: DocumentPage(run.first, password: password), count: run.length)
                } catch {
                    Log.debug("the search stopped at page \(run.first + 1): \(error.reason)")
                    return []
                }
            }
            return (run.first, run.length, answer)
        }
        while !Task.isCancelled, !waiting.isEmpty || !asked.isEmpty {
            while asked.count < inFlight, let run = waiting.popFirst() { asked.append(ask(run)) }
            let request = asked.removeFirst()
            let pages = await withTaskCancellationHandler {
                await request.answer.value
            } onCancel: {
                request.answer.cancel()
            }
            if Task.isCancelled { return }
            // An answer may hold fewer pages than asked (its areas fill a message, or its time
            // ran out): the pages it left out are asked at once, and their answer comes before
            // the one already in flight, for later pages, so batches stay in page order.
            let searched = pages.isEmpty ? request.length : min(request.length, pages.count)
            if searched < request.length {
                asked.insert(ask((request.first + searched, request.length - searched)), at: 0)
            }
            found(Batch(pages: pages, searched: searched))
        }
    }
}
