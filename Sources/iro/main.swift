import FoundationEssentials
import Glibc
import GtkSupport
import IroCore
import IroImaging
import IroUI

// Iro: an image viewer. Everything happens in IroApplication; this only runs it, after
// starting to decode the first file (while GTK starts) and picking the renderer that suits
// the machine (before GTK starts).
Trace.mark("main")
Trace.handDownOrigin()
// The user's language, before anything (GOption's --help included) shows a string.
Translations.setUp()
// Every decode happens in the sandboxed helper beside this executable (BEHAVIOUR F5).
// IRO_DECODER=in-process decodes here instead, only to measure what the sandbox costs.
if ProcessInfo.processInfo.environment["IRO_DECODER"] == "in-process" {
    Log.warning("IRO_DECODER=in-process: decoding without the sandbox")
} else if let helper = DecoderPool.helperExecutable() {
    DecoderPool.activate(executable: helper)
} else {
    Log.warning("iro-decoder is not installed beside iro: images cannot be decoded")
    DecoderPool.activateMissing()
}
StartupDecode.begin()
let renderNodes: [String]
do { renderNodes = try FileManager.default.contentsOfDirectory(atPath: "/dev/dri") } catch {
    Log.debug("no /dev/dri to list (\(error)): no GPU render node")
    renderNodes = []
}
for (name, value) in RendererChoice.settings(environment: ProcessInfo.processInfo.environment, renderNodes: renderNodes) {
    setenv(name, value, 0)
}
let application = IroApplication()
exit(application.run())
