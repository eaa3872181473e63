import Foundation
import IroUI

// Iro: an image viewer. Everything happens in IroApplication; this only runs it.
let application = IroApplication()
exit(application.run())
