/// The CPU path of BEHAVIOUR D4: the same rotation as the GSK colour-matrix node, applied to a
/// screen-sized buffer through `HueTables`.
extension HueMatrix {
    /// In place, on `count` pixels of cairo/GDK BGRA premultiplied data.
    public func apply(toBGRAPremultiplied pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        tables.apply(to: pixels, count: count, layout: .bgraPremultiplied)
    }

    /// In place, on `count` pixels of RGBA premultiplied data.
    public func apply(toRGBAPremultiplied pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        tables.apply(to: pixels, count: count, layout: .rgbaPremultiplied)
    }

    /// In place, on `count` pixels of straight-alpha RGBA data (GdkPixbuf's layout).
    public func apply(toRGBA pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        tables.apply(to: pixels, count: count, layout: .rgba)
    }

    /// In place, on `count` pixels of any supported layout.
    public func apply(to pixels: UnsafeMutablePointer<UInt8>, count: Int, layout: PixelLayout) {
        tables.apply(to: pixels, count: count, layout: layout)
    }

    /// Source-to-destination over a row range; see `HueTables.apply(layout:from:to:...)`.
    /// Split `0..<height` into bands and call this from several threads to use every core.
    public static func apply(
        _ tables: HueTables, layout: PixelLayout,
        from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>,
        stride: Int, width: Int, height: Int, rows: Range<Int>
    ) {
        tables.apply(
            layout: layout, from: source, to: destination,
            stride: stride, width: width, height: height, rows: rows)
    }
}
