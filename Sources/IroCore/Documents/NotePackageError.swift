/// Why a `.notesdoc` folder cannot be shown (BEHAVIOUR A8); each case becomes the human reason
/// on the tab's error page.
public enum NotePackageError: Error, Equatable, Sendable {
    /// Not a directory, or not named `*.notesdoc`.
    case notAFolder
    /// `Text.txt` is absent (or is not a regular file).
    case missingText
    /// `Text.txt` holds bytes that are not valid UTF-8.
    case textNotUTF8
    /// A file of the package (`Text.txt`, `Image.png`) is a symbolic link to somewhere outside
    /// it. A package is one document: it never shows another file of the system.
    case linkLeavesPackage(String)
    /// The file system refused: the reason, for the error page.
    case unreadable(String)
}
