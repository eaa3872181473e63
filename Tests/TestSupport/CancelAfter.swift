/// An `isCancelled` for a decode that answers "no" to its first `after` questions and
/// "yes" from then on, counting them: where a decode looks, and that it stops.
public final class CancelAfter {
    public private(set) var questions = 0
    private let after: Int

    public init(_ after: Int) { self.after = after }

    public func ask() -> Bool {
        questions += 1
        return questions > after
    }
}
