/// How the properties panel writes values (BEHAVIOUR F4): sizes, exposure, coordinates,
/// dates. English until Iro is translated.
public enum PropertyText {
    /// Groups digits by three with a narrow no-break space, which never breaks a number
    /// across lines: 3 412 221.
    public static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "\u{202F}" }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }

    /// `value` rounded to `places` decimals, without trailing zeros when `trim` says so.
    public static func decimal(_ value: Double, places: Int, trim: Bool = false) -> String {
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

    /// "3.4 MB (3 412 221 bytes)"; decimal units, as GNOME's file manager counts.
    public static func fileSize(_ bytes: Int) -> String {
        let exact = bytes == 1 ? "1 byte" : "\(grouped(bytes)) bytes"
        guard bytes >= 1000 else { return exact }
        var value = Double(bytes) / 1000
        var unit = "kB"
        for next in ["MB", "GB", "TB"] where value >= 999.95 {
            value /= 1000
            unit = next
        }
        return "\(decimal(value, places: 1)) \(unit) (\(exact))"
    }

    /// "4000 × 3000 (12.0 MP)".
    public static func dimensions(width: Int, height: Int) -> String {
        let megapixels = Double(width) * Double(height) / 1_000_000
        return "\(width) × \(height) (\(decimal(megapixels, places: 1)) MP)"
    }

    /// "1/250 s", "0.4 s", "2 s"; nil for a fraction that is no time.
    public static func exposure(_ numerator: Int, _ denominator: Int) -> String? {
        guard numerator > 0, denominator > 0 else { return nil }
        let seconds = Double(numerator) / Double(denominator)
        // Short times as photographers write them, one over a whole number, when they are one.
        let inverse = 1 / seconds
        if seconds < 0.5, (inverse - inverse.rounded()).magnitude < inverse * 0.01 { return "1/\(Int(inverse.rounded())) s" }
        return "\(decimal(seconds, places: seconds < 0.5 ? 2 : 1, trim: true)) s"
    }

    /// "f/2.8", "f/8".
    public static func aperture(_ fNumber: Double) -> String { "f/\(decimal(fNumber, places: 1, trim: true))" }

    /// "50 mm", "4.25 mm".
    public static func focalLength(_ millimetres: Double) -> String { "\(decimal(millimetres, places: 2, trim: true)) mm" }

    /// "48.85837° N, 2.29448° E": five decimals place a point within about a metre.
    public static func coordinates(latitude: Double, longitude: Double) -> String {
        "\(decimal(latitude.magnitude, places: 5))° \(latitude < 0 ? "S" : "N"), "
            + "\(decimal(longitude.magnitude, places: 5))° \(longitude < 0 ? "W" : "E")"
    }

    /// The position as a `geo:` URI (RFC 5870), which map applications open.
    public static func geoURI(latitude: Double, longitude: Double) -> String {
        "geo:\(decimal(latitude, places: 6, trim: true)),\(decimal(longitude, places: 6, trim: true))"
    }

    /// "Canon EOS 5D Mark IV" rather than "Canon Canon EOS 5D Mark IV": models often repeat
    /// the make's first word ("NIKON CORPORATION", "NIKON D750").
    public static func camera(make: String?, model: String?) -> String? {
        guard let model else { return make }
        guard let make, let brand = make.split(separator: " ").first else { return model }
        return model.lowercased().hasPrefix(brand.lowercased()) ? model : "\(make) \(model)"
    }

    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// "1 May 2024, 12:34:56".
    public static func date(_ time: WallClock) -> String {
        let month = (1...12).contains(time.month) ? months[time.month - 1] : "?"
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = "\(time.day) \(month) \(time.year)"
        if let hour = time.hour, let minute = time.minute {
            text += ", \(two(hour)):\(two(minute))" + (time.second.map { ":\(two($0))" } ?? "")
        }
        return text
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
