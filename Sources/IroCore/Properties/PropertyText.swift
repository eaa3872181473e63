import Glibc

/// How the properties panel writes values (BEHAVIOUR F4): sizes, exposure, coordinates,
/// dates, in the words and number formats of the user's locale (BEHAVIOUR E5).
public enum PropertyText {
    /// Groups digits by three with the locale's separator ("3,412,221"); where it has none
    /// (the C locale), a narrow no-break space, which never breaks a number across lines.
    public static func grouped(_ value: Int) -> String {
        let separator = Self.localeSeparators.thousands.isEmpty ? "\u{202F}" : Self.localeSeparators.thousands
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += separator }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }

    /// `value` rounded to `places` decimals with the locale's decimal mark, without trailing
    /// zeros when `trim` says so.
    public static func decimal(_ value: Double, places: Int, trim: Bool = false) -> String {
        let text = plainDecimal(value, places: places, trim: trim)
        let mark = localeSeparators.decimal
        return mark == "." || mark.isEmpty ? text : text.replacing(".", with: mark)
    }

    /// `decimal` with a full stop whatever the locale: for URIs.
    static func plainDecimal(_ value: Double, places: Int, trim: Bool = false) -> String {
        guard value.isFinite else { return "–" }
        var power = 1.0
        for _ in 0..<places { power *= 10 }
        let scaled = (value.magnitude * power).rounded()
        let whole = Int(scaled / power), fraction = Int(scaled.truncatingRemainder(dividingBy: power))
        var text = String(whole)
        if places > 0 {
            var decimals = String(fraction)
            decimals = String(repeating: "0", count: places - decimals.count) + decimals
            if trim { while decimals.last == "0" { decimals.removeLast() } }
            if !decimals.isEmpty { text += "." + decimals }
        }
        return value < 0 && scaled > 0 ? "-" + text : text
    }

    /// The locale's decimal mark and thousands separator (LC_NUMERIC).
    static var localeSeparators: (decimal: String, thousands: String) {
        guard let conventions = localeconv() else { return (".", "") }
        return (
            conventions.pointee.decimal_point.map { String(cString: $0) } ?? ".",
            conventions.pointee.thousands_sep.map { String(cString: $0) } ?? ""
        )
    }

    /// "3.4 MB (3 412 221 bytes)"; decimal units, as GNOME's file manager counts.
    public static func fileSize(_ bytes: Int) -> String {
        let exact = trn("%s byte", "%s bytes", bytes, grouped(bytes))
        guard bytes >= 1000 else { return exact }
        var value = Double(bytes) / 1000
        var unit = "kB"
        for next in ["MB", "GB", "TB"] where value >= 999.95 {
            value /= 1000
            unit = next
        }
        // TRANSLATORS: a file's size: "3.4 MB (3 412 221 bytes)".
        return tr("%1$s %2$s (%3$s)", decimal(value, places: 1), unit, exact)
    }

    /// "4000 × 3000 (12.0 MP)".
    public static func dimensions(width: Int, height: Int) -> String {
        let megapixels = Double(width) * Double(height) / 1_000_000
        // TRANSLATORS: an image's width × height in pixels, then megapixels.
        return tr("%1$d × %2$d (%3$s MP)", width, height, decimal(megapixels, places: 1))
    }

    /// "1/250 s", "0.4 s", "2 s"; nil for a fraction that is no time.
    public static func exposure(_ numerator: Int, _ denominator: Int) -> String? {
        guard numerator > 0, denominator > 0 else { return nil }
        let seconds = Double(numerator) / Double(denominator)
        // Short times as photographers write them, one over a whole number, when they are one.
        let inverse = 1 / seconds
        let time =
            seconds < 0.5 && (inverse - inverse.rounded()).magnitude < inverse * 0.01
            ? "1/\(Int(inverse.rounded()))" : decimal(seconds, places: seconds < 0.5 ? 2 : 1, trim: true)
        // TRANSLATORS: an exposure time in seconds: "1/250 s".
        return tr("%s s", time)
    }

    /// "f/2.8", "f/8".
    public static func aperture(_ fNumber: Double) -> String { "f/\(decimal(fNumber, places: 1, trim: true))" }

    /// "50 mm", "4.25 mm".
    public static func focalLength(_ millimetres: Double) -> String { tr("%s mm", decimal(millimetres, places: 2, trim: true)) }

    /// "48.85837° N, 2.29448° E": five decimals place a point within about a metre.
    public static func coordinates(latitude: Double, longitude: Double) -> String {
        let north = decimal(latitude.magnitude, places: 5), east = decimal(longitude.magnitude, places: 5)
        return trc(
            "latitude, longitude", "%1$s, %2$s", latitude < 0 ? tr("%s° S", north) : tr("%s° N", north),
            longitude < 0 ? tr("%s° W", east) : tr("%s° E", east))
    }

    /// The position as a `geo:` URI (RFC 5870), which map applications open.
    public static func geoURI(latitude: Double, longitude: Double) -> String {
        "geo:\(plainDecimal(latitude, places: 6, trim: true)),\(plainDecimal(longitude, places: 6, trim: true))"
    }

    /// "Canon EOS 5D Mark IV" rather than "Canon Canon EOS 5D Mark IV": models often repeat
    /// the make's first word ("NIKON CORPORATION", "NIKON D750").
    public static func camera(make: String?, model: String?) -> String? {
        guard let model else { return make }
        guard let make, let brand = make.split(separator: " ").first else { return model }
        return model.lowercased().hasPrefix(brand.lowercased()) ? model : "\(make) \(model)"
    }

    /// "1 May 2024, 12:34:56", in the order and words of the user's language.
    public static func date(_ time: WallClock) -> String {
        var fields = tm()
        fields.tm_year = Int32(clamping: time.year - 1900)
        fields.tm_mon = Int32(clamping: min(max(time.month, 1), 12) - 1)
        fields.tm_mday = Int32(clamping: time.day)
        fields.tm_hour = Int32(clamping: time.hour ?? 0)
        fields.tm_min = Int32(clamping: time.minute ?? 0)
        fields.tm_sec = Int32(clamping: time.second ?? 0)
        // TRANSLATORS: a date as strftime(3) writes it: "1 May 2024". Japanese: "%Y年%-m月%-d日".
        // xgettext:no-c-format
        let day = formatted(fields, tr("%-d %B %Y"))
        guard time.hour != nil, time.minute != nil else { return day }
        // TRANSLATORS: a time of day as strftime(3) writes it, with and without seconds.
        // xgettext:no-c-format
        let clock = formatted(fields, time.second == nil ? tr("%H:%M") : tr("%H:%M:%S"))
        return trc("date, time", "%1$s, %2$s", day, clock)
    }

    private static func formatted(_ fields: tm, _ format: String) -> String {
        var fields = fields
        var buffer = [CChar](repeating: 0, count: 128)
        let count = strftime(&buffer, buffer.count, format, &fields)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A date and time as a clock on the wall showed it, without a time zone: how EXIF writes
/// when a photo was taken.
public struct WallClock: Equatable, Sendable {
    public var year, month, day: Int
    public var hour, minute, second: Int?

    public init(year: Int, month: Int, day: Int, hour: Int? = nil, minute: Int? = nil, second: Int? = nil) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// Reads EXIF's "2024:05:01 12:34:56" and XMP's "2024-05-01T12:34:56.12+02:00" (or a
    /// part of it: "2024-05-01"). Nil for anything else, or a date no calendar has
    /// (cameras with an unset clock write "0000:00:00 00:00:00").
    public init?(parsing text: String) {
        let numbers = text.split(whereSeparator: { !$0.isNumber }).prefix(6).map { Int($0) }
        guard numbers.count >= 3, let year = numbers[0], let month = numbers[1], let day = numbers[2],
            text.first?.isNumber == true, (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
        if numbers.count >= 5, let hour = numbers[3], let minute = numbers[4], (0...23).contains(hour), (0...59).contains(minute) {
            self.hour = hour
            self.minute = minute
            if numbers.count >= 6, let second = numbers[5], (0...60).contains(second) { self.second = second }
        }
    }
}
