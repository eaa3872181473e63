import FoundationEssentials
import Glibc
import GtkSupport
import IroCore
import IroUI

// Iro: an image viewer. Everything happens in IroApplication; this only runs it, after
// starting to decode the first file (while GTK starts) and picking the renderer that suits
// the machine (before GTK starts).
Trace.mark("main")
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
