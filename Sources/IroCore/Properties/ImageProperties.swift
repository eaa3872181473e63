/// What the properties panel lists for the shown file (BEHAVIOUR F4), in sections: the
/// image, the file, the camera. Built from what the decoder, the file system and the
/// metadata said; the panel only lays it out.
public struct ImageProperties: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public let label: String
        public let value: String
        public let link: Link?

        public init(_ label: String, _ value: String, link: Link? = nil) {
            self.label = label
            self.value = value
            self.link = link
        }
    }

    /// What activating a value does.
    public enum Link: Equatable, Sendable {
        /// The file manager shows the file in its folder.
        case showInFolder
        /// The default application for the URI opens it (a `geo:` URI: a map).
        case uri(String)
    }

    public struct Section: Equatable, Sendable {
        public let title: String
        public let rows: [Row]
        /// Said instead of rows when there are none ("No camera data").
        public let note: String?
    }

    /// The decoded image, when there is one.
    public struct Image: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var hasAlpha: Bool
        /// Frames of an animation, when known; nil for a still image.
        public var frameCount: Int?
        public var isAnimated: Bool

        public init(width: Int, height: Int, hasAlpha: Bool, isAnimated: Bool = false, frameCount: Int? = nil) {
            (self.width, self.height, self.hasAlpha, self.isAnimated, self.frameCount) = (width, height, hasAlpha, isAnimated, frameCount)
        }
    }

    /// What the file system says of the file.
    public struct File: Equatable, Sendable {
        public var name: String
        public var folder: String
        /// The MIME type's description ("JPEG image"), from the file's first bytes.
        public var format: String?
        public var size: Int?
        public var modified: WallClock?

        public init(name: String, folder: String, format: String? = nil, size: Int? = nil, modified: WallClock? = nil) {
            (self.name, self.folder, self.format, self.size, self.modified) = (name, folder, format, size, modified)
        }
    }

    public let sections: [Section]

    public init(image: Image?, file: File?, photo: PhotoMetadata?) {
        var imageRows: [Row] = []
        if let image {
            imageRows.append(Row(tr("Dimensions"), PropertyText.dimensions(width: image.width, height: image.height)))
        }
        if let format = file?.format { imageRows.append(Row(tr("Format"), format)) }
        if let image {
            imageRows.append(Row(tr("Colour"), image.hasAlpha ? tr("RGB with transparency") : tr("RGB")))
            if image.isAnimated {
                imageRows.append(Row(tr("Animation"), image.frameCount.map { trn("%d frame", "%d frames", $0, $0) } ?? tr("Animated")))
            }
        }
        var fileRows: [Row] = []
        if let file {
            fileRows.append(Row(tr("Name"), file.name))
            fileRows.append(Row(tr("Folder"), file.folder, link: .showInFolder))
            if let size = file.size { fileRows.append(Row(tr("Size"), PropertyText.fileSize(size))) }
            if let modified = file.modified { fileRows.append(Row(tr("Modified"), PropertyText.date(modified))) }
        }
        if let taken = photo?.taken.flatMap(WallClock.init(parsing:)) { fileRows.append(Row(tr("Taken"), PropertyText.date(taken))) }
        var cameraRows: [Row] = []
        if let photo {
            if let camera = PropertyText.camera(make: photo.make, model: photo.model) { cameraRows.append(Row(tr("Camera"), camera)) }
            if let lens = photo.lens { cameraRows.append(Row(tr("Lens"), lens)) }
            if let exposure = photo.exposure, let text = PropertyText.exposure(exposure.numerator, exposure.denominator) {
                cameraRows.append(Row(tr("Exposure"), text))
            }
            if let f = photo.fNumber { cameraRows.append(Row(tr("Aperture"), PropertyText.aperture(f))) }
            if let iso = photo.iso { cameraRows.append(Row(tr("ISO"), String(iso))) }
            if let focal = photo.focalLength { cameraRows.append(Row(tr("Focal Length"), PropertyText.focalLength(focal))) }
            if let flash = photo.flash { cameraRows.append(Row(tr("Flash"), flash)) }
            if let position = photo.position {
                var text = PropertyText.coordinates(latitude: position.latitude, longitude: position.longitude)
                if let altitude = photo.altitude {
                    text = trc("position, altitude", "%1$s, %2$s m", text, PropertyText.decimal(altitude, places: 0))
                }
                let uri = PropertyText.geoURI(latitude: position.latitude, longitude: position.longitude)
                cameraRows.append(Row(tr("Location"), text, link: .uri(uri)))
            }
            if let author = photo.author { cameraRows.append(Row(tr("Author"), author)) }
            if let copyright = photo.copyright { cameraRows.append(Row(tr("Copyright"), copyright)) }
            if let description = photo.description { cameraRows.append(Row(tr("Description"), description)) }
        }
        var sections: [Section] = []
        if !imageRows.isEmpty { sections.append(Section(title: tr("Image"), rows: imageRows, note: nil)) }
        if !fileRows.isEmpty { sections.append(Section(title: tr("File"), rows: fileRows, note: nil)) }
        sections.append(Section(title: tr("Camera"), rows: cameraRows, note: cameraRows.isEmpty ? tr("No camera data") : nil))
        self.sections = sections
    }

    /// The value of the row labelled `label`, in any section (for tests and accessibility).
    public func value(of label: String) -> String? {
        sections.lazy.flatMap(\.rows).first { $0.label == label }?.value
    }
}
