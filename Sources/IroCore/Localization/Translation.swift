import CIntl
import Glibc

/// Iro's gettext domain (BEHAVIOUR E5): every user-visible string goes through `tr`, `trn`
/// or `trc`, which `po/extract-strings.sh` finds (xgettext reads Swift's string literals as
/// C's). Strings are whole sentences; values go in through `%s`/`%d`, or `%1$s`, `%2$s`…
/// where a translation may reorder them.
public enum Translation {
    public static let domain = "iro"

    /// Follows the user's locale and reads Iro's catalogues from `localeDirectory`. Called once,
    /// first thing in `main`: GOption translates `--help` before GTK starts. A process that never
    /// calls it (the decoder helper, which may not open files) stays in the C locale, where
    /// gettext returns every string as it is without looking for a catalogue.
    public static func setUp(localeDirectory: String) {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
        // GOption translates the option descriptions in the default domain.
        textdomain(domain)
    }

    /// Puts `arguments` into a printf-style `format`: `%s` and `%d` in order, `%1$s`, `%2$d`…
    /// by position, `%%` as `%`. Anything else is left as written: a translation with a broken
    /// directive shows it rather than crashing (msgfmt --check-format catches it first).
    public static func format(_ format: String, _ arguments: [any CustomStringConvertible]) -> String {
        var result = ""
        var next = 0
        var characters = format[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            var rest = characters[characters.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                characters = rest.dropFirst()
                continue
            }
            var position: Int?
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                position = Int(digits).map { $0 - 1 }
                rest = rest.dropFirst(digits.count + 1)
            }
            guard let conversion = rest.first, conversion == "s" || conversion == "d" else {
                result += "%"
                characters = characters[characters.index(after: percent)...]
                continue
            }
            let index = position ?? next
            next = index + 1
            result += arguments.indices.contains(index) ? arguments[index].description : "%\(conversion)"
            characters = rest.dropFirst()
        }
        return result + characters
    }
}

/// `msgid` in the user's language.
public func tr(_ msgid: String) -> String {
    // gettext returns `msgid`'s own pointer when there is no translation: read it while it lives.
    msgid.withCString { String(cString: dgettext(Translation.domain, $0)) }
}

/// `msgid` in the user's language, with `arguments` put in its `%s`/`%d` directives.
public func tr(_ msgid: String, _ arguments: any CustomStringConvertible...) -> String {
    Translation.format(tr(msgid), arguments)
}

/// The form of `singular`/`plural` that the user's language uses for `count` ("1 frame",
/// "3 frames"), with `arguments` put in.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: any CustomStringConvertible...) -> String {
    let form = singular.withCString { one in
        plural.withCString { many in String(cString: dngettext(Translation.domain, one, many, UInt(max(0, count)))) }
    }
    return Translation.format(form, arguments)
}

/// `msgid` in the user's language where the English word alone is ambiguous: `context` tells
/// a translator which sense (gettext's pgettext).
public func trc(_ context: String, _ msgid: String) -> String {
    let key = context + "\u{4}" + msgid
    let translated = tr(key)
    return translated == key ? msgid : translated
}

/// `trc` with `arguments` put in.
public func trc(_ context: String, _ msgid: String, _ arguments: any CustomStringConvertible...) -> String {
    Translation.format(trc(context, msgid), arguments)
}

/// Marks `msgid` for translation where it is translated later, by its reader (GOption).
public func trNoop(_ msgid: String) -> String { msgid }
