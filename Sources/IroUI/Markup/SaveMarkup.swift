import CGtk
import Glibc
import GtkSupport
import IroCore
import IroImaging

/// Save Markup (BEHAVIOUR I4): the image with its markup as a note package, a folder
/// `Name.notesdoc` that Iro opens as one document: the image's bytes as they are
/// (`Image.png`: a copy, the original file untouched; Iro reads it by its bytes, whatever
/// its format), the markup as SVG (`Markup.svg`, in image pixels) and the sticky notes' text
/// (`Text.txt`). Reopened, the markup is there again to change.
enum SaveMarkup {
    static func begin(in window: DocumentWindow) {
        guard let model = window.selectedModel, let image = model.imagePath, let pyramid = model.levels else { return }
        let layer = model.markup.document[0], width = pyramid.width, height = pyramid.height
        let document = model.document.path
        let stem = document.lastComponent.displayString.split(separator: ".").dropLast().joined(separator: ".")
        SaveDialog.present(
            for: window.window, title: tr("Save Markup"), acceptLabel: tr("_Save"),
            suggestedName: (stem.isEmpty ? document.lastComponent.displayString : stem) + "." + NotePackage.pathExtension,
            folder: document.deletingLastComponent
        ) { [weak window, weak model] destination in
            guard let destination, let window else { return }
            let package =
                NotePackage.isPackageName(destination) ? destination : RawPath(destination.displayString + "." + NotePackage.pathExtension)
            Task { [weak window, weak model] in
                let failure = await write(package: package, image: image, layer: layer, width: width, height: height)
                guard let window else { return }
                if let failure {
                    ExportFailureDialog.present(failure, parent: window.window, heading: tr("Could Not Save"))
                    return
                }
                model?.markup.document.markSaved()
                model?.observable.bump(DocumentModel.Property.markup)
                window.toasts.show(tr("Markup saved as “%s”", package.lastComponent.displayString))
            }
        }
    }

    /// Writes the package (each file atomically); the reason it failed, if it did.
    @concurrent
    nonisolated static func write(package: RawPath, image: RawPath, layer: MarkupLayer, width: Int, height: Int) async -> ExportError? {
        if HueExport.isSameFile(package, image) { return .sameAsOriginal }
        let made = package.withCString { mkdir($0, 0o755) }
        if made != 0, errno != EEXIST { return .writeFailed(detail: String(cString: strerror(errno))) }
        var info = stat()
        guard package.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            return .writeFailed(detail: tr("a file of that name is in the way"))
        }
        guard let bytes = contents(of: image) else { return .writeFailed(detail: tr("the image could not be read")) }
        do throws(ExportError) {
            try FileReplace.write(bytes, to: package.appending(NotePackage.imageFileName))
            try FileReplace.write(
                Array(MarkupSVG.write(layer, width: width, height: height).utf8), to: package.appending(NotePackage.markupFileName))
            try FileReplace.write(Array(MarkupSVG.notesText(layer).utf8), to: package.appending(NotePackage.textFileName))
        } catch {
            return error
        }
        return nil
    }

    /// The file's bytes, as they are (a copy for the package); nil when it cannot be read.
    nonisolated private static func contents(of path: RawPath) -> [UInt8]? {
        guard let file = path.withCString({ fopen($0, "rb") }) else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes += chunk[0..<count]
            if count < chunk.count { return ferror(file) == 0 ? bytes : nil }
        }
    }
}
