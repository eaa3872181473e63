import FoundationEssentials
import Glibc
import IroCore
import IroUI

// Iro: an image viewer. Everything happens in IroApplication; this only runs it,
// after picking the renderer that suits the machine (before GTK starts).
let renderNodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
for (name, value) in RendererChoice.settings(environment: ProcessInfo.processInfo.environment, renderNodes: renderNodes) {
    setenv(name, value, 0)
}
let application = IroApplication()
exit(application.run())
