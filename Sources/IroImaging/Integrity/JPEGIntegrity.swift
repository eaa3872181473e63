import IroCore

/// JPEG: the stream reaches its end-of-image marker. libjpeg fills a JPEG cut short with
/// grey and gdk-pixbuf then reports success for all but the smallest images.
final class JPEGIntegrity: IntegrityCheck {
    private var markers = JPEGMarkerScanner()

    func feed(_ bytes: UnsafeBufferPointer<UInt8>) { markers.feed(bytes) }

    func problemAfterDecoding() -> String? {
        markers.isComplete ? nil : Self.endsEarly
    }

    static let endsEarly = trNoop("the JPEG data ends early")
}
