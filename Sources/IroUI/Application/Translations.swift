import Glibc
import IroCore

/// Where Iro's translations are read from (BEHAVIOUR E5): the catalogues meson installed
/// beside the binary (`bin/../share/locale`), or else those the build compiled
/// (`BuiltTranslations`, for an `iro` run from `.build/`).
public enum Translations {
    public static func setUp() {
        Translation.setUp(localeDirectory: directory())
    }

    static func directory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0, let language = BuiltTranslations.languages.first else { return BuiltTranslations.directory }
        let executable = RawPath(bytes: buffer[0..<count].map { UInt8(bitPattern: $0) })
        let installed = executable.deletingLastComponent.deletingLastComponent.appending("share/locale")
        let catalogue = installed.appending("\(language)/LC_MESSAGES/\(Translation.domain).mo")
        return catalogue.withCString { access($0, R_OK) } == 0 ? installed.displayString : BuiltTranslations.directory
    }
}
