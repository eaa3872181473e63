import FoundationEssentials
import Glibc
import GtkSupport
import IroCore
import IroImaging
import IroUI

// Iro: an image viewer. Everything happens in IroApplication; this only runs it, after
// starting to decode the first file (while GTK starts; not in a second launch) and picking the
// renderer that suits the machine (before GTK starts).
Trace.mark("main")
Trace.handDownOrigin()
// The user's language, before anything (GOption's --help included) shows a string.
Translations.setUp()
let application = IroApplication()
// The renderer that suits the machine, named in GTK's variables before any thread runs
// (setenv may move the environment's list, which another thread could be reading).
let renderNodes: [String]
do { renderNodes = try FileManager.default.contentsOfDirectory(atPath: "/dev/dri") } catch {
    Log.debug("no /dev/dri to list (\(error)): no GPU render node")
    renderNodes = []
}
for (name, value) in RendererChoice.settings(environment: ProcessInfo.processInfo.environment, renderNodes: renderNodes) {
    setenv(name, value, 0)
}
// Every decode happens in the sandboxed helper beside this executable (BEHAVIOUR F5).
// IRO_DECODER=in-process decodes here instead, only to measure what the sandbox costs.
var decodingStarted = false
@MainActor func startDecoding(emptyTheme: Bool = false) {
    guard !decodingStarted else { return }
    decodingStarted = true
    if ProcessInfo.processInfo.environment["IRO_DECODER"] == "in-process" {
        Log.warning("IRO_DECODER=in-process: decoding without the sandbox")
    } else if let helper = DecoderPool.helperExecutable() {
        DecoderPool.activate(executable: helper)
    } else {
        Log.warning("iro-decoder is not installed beside iro: images cannot be decoded")
        DecoderPool.activateMissing()
    }
    // After the helpers' environment is read, before the decode's threads start.
    if emptyTheme { EmptyThemeAtStart.request() }
    StartupDecode.begin()
}
// A second launch hands its files to the Iro already running, which decodes and shows them
// (BEHAVIOUR A3): it starts no decoder helper and decodes nothing, where a decode here took a
// core from the process that shows the image, and it exits without starting GTK. Asked only
// when there is a file to open (`iro --version` needs no session bus), and of the bus alone:
// registering would start GTK in a first launch before its decode had begun.
let hasFile = StartupDecode.hasFile(in: CommandLine.arguments)
if hasFile && IroApplication.isRunning() {
    Trace.mark("another Iro runs: the files go to it")
    // Should it have quit meanwhile, this process becomes the one that shows them.
    application.onFirstInstanceStartup = { startDecoding() }
} else {
    // GTK's settings made early on the empty theme only when the bus was asked: without a
    // file (an `iro` that presents the running Iro's window, `iro --version`) this process
    // may hand over or exit, and must not start GTK for nothing.
    startDecoding(emptyTheme: hasFile)
}
exit(application.run())
