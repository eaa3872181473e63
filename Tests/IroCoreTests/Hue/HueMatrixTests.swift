import Foundation
import IroCore
import Testing

/// HSV hue in degrees (0…360), nil for greys.
func hue(_ c: (r: Double, g: Double, b: Double)) -> Double? {
    let maximum = max(c.r, c.g, c.b), minimum = min(c.r, c.g, c.b)
    let delta = maximum - minimum
    guard delta > 1e-12 else { return nil }
    let h: Double
    if maximum == c.r {
        h = (c.g - c.b) / delta
    } else if maximum == c.g {
        h = (c.b - c.r) / delta + 2
    } else {
        h = (c.r - c.g) / delta + 4
    }
    return (h * 60).truncatingRemainder(dividingBy: 360) + (h < 0 ? 360 : 0)
}

/// Smallest angle between two hues.
func hueDistance(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(d, 360 - d)
}

func luminance(_ c: (r: Double, g: Double, b: Double)) -> Double {
    let w = HueMatrix.luminanceWeights
    return w.red * c.r + w.green * c.g + w.blue * c.b
}

@Suite struct HueMatrixTests {
    @Test(arguments: [
        (0.5, 0.0), (0.0, -180.0), (1.0, 180.0), (0.75, 90.0), (-3.0, -180.0), (7.0, 180.0), (Double.nan, 0.0),
    ])
    func sliderToDegrees(value: Double, degrees: Double) {
        #expect(HueMatrix(sliderValue: value).degrees == degrees)
    }

    @Test(arguments: [0.0, 0.1, 0.5, 0.9, 1.0])
    func sliderValueRoundTrips(value: Double) {
        let matrix = HueMatrix(sliderValue: value)
        // ±180° are the same rotation; both fold to one end.
        let back = matrix.sliderValue
        #expect(abs(back - value) < 1e-12 || abs(abs(back - value) - 1) < 1e-12)
    }

    @Test(arguments: [
        (0.0, true), (360.0, true), (-360.0, true), (720.0, true), (1e-9, true),
        (1.0, false), (180.0, false), (-90.0, false), (359.0, false),
    ])
    func identity(degrees: Double, expected: Bool) {
        #expect(HueMatrix(degrees: degrees).isIdentity == expected)
    }

    @Test func identityRowsAreExact() {
        #expect(HueMatrix(sliderValue: 0.5).rows == [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
        #expect(HueMatrix(degrees: 360).rows == [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    }

    @Test func matchesTheSVGHueRotateMatrixAt90Degrees() {
        // cos 90° = 0, sin 90° = 1: the matrix is L + S, read off the SVG specification.
        let expected: [[Double]] = [
            [0.213 - 0.213, 0.715 - 0.715, 0.072 + 0.928],
            [0.213 + 0.143, 0.715 + 0.140, 0.072 - 0.283],
            [0.213 - 0.787, 0.715 + 0.715, 0.072 + 0.072],
        ]
        let rows = HueMatrix(degrees: 90).rows
        for i in 0..<3 {
            for j in 0..<3 {
                #expect(abs(rows[i][j] - expected[i][j]) < 1e-12)
            }
        }
    }

    @Test(arguments: [-170.0, -90.0, -30.0, 45.0, 120.0, 179.0])
    func rowsSumToOneSoGreysStayGrey(degrees: Double) {
        let matrix = HueMatrix(degrees: degrees)
        for row in matrix.rows {
            #expect(abs(row.reduce(0, +) - 1) < 1e-12)
        }
        for v in stride(from: 0.0, through: 1.0, by: 0.125) {
            let out = matrix.apply(r: v, g: v, b: v)
            #expect(abs(out.r - v) < 1e-12 && abs(out.g - v) < 1e-12 && abs(out.b - v) < 1e-12)
        }
    }

    /// Pure red at +120° (slider 0.5 + 1/3). The SVG matrix is not a rotation of the RGB cube:
    /// it keeps luminance, so red (luminance 0.213) cannot become full green (0.715).
    /// What it really gives, unclamped: (−0.365, 0.443, −0.362); displayed: (0, 0.443, 0) —
    /// a dark pure green, hue exactly 120°.
    @Test func redAt120DegreesBecomesDarkGreen() {
        let matrix = HueMatrix(sliderValue: 0.5 + 1.0 / 3.0)
        #expect(abs(matrix.degrees - 120) < 1e-9)
        let raw = matrix.transform(r: 1, g: 0, b: 0)
        #expect(abs(raw.r - -0.365) < 1e-3 && abs(raw.g - 0.443) < 1e-3 && abs(raw.b - -0.362) < 1e-3)
        let out = matrix.apply(r: 1, g: 0, b: 0)
        #expect(out.r == 0)
        #expect(out.b == 0)
        #expect(abs(out.g - 0.4433) < 1e-3)
        let h = hue(out)
        #expect(h.map { hueDistance($0, 120) < 0.01 } == true)
    }

    /// Where it lands off the ideal hue, the drift measured with this matrix: saturated
    /// primaries can be far off after clamping (red at −120° lands at 228°, not 240°), while
    /// moderately saturated colours stay within 8° of the ideal rotation.
    @Test(arguments: [
        // (angle, colour, expected hue, tolerance)
        (-120.0, [1.0, 0, 0], 228.45, 0.1),
        (180.0, [1.0, 0, 0], 180.0, 0.01),
        (90.0, [1.0, 0, 0], 120.0, 0.1),
        (120.0, [0.6, 0.4, 0.3], 148.07, 0.1),
        (-120.0, [0.6, 0.4, 0.3], 256.51, 0.1),
        (60.0, [0.6, 0.4, 0.3], 76.51, 0.1),
        (180.0, [0.6, 0.4, 0.3], 200.0, 0.01),
    ])
    func measuredHueDrift(degrees: Double, colour: [Double], expectedHue: Double, tolerance: Double) {
        let out = HueMatrix(degrees: degrees).apply(r: colour[0], g: colour[1], b: colour[2])
        let h = hue(out) ?? .nan
        #expect(hueDistance(h, expectedHue) < tolerance, "got \(h)°")
        let original = hue((colour[0], colour[1], colour[2])) ?? 0
        if colour != [1, 0, 0] {
            #expect(hueDistance(h, original + degrees) <= 8.1)
        }
    }

    /// Luminance 0.213 R + 0.715 G + 0.072 B is kept. The SVG constants are rounded to three
    /// places, so it is exact only up to ~7e-4 for primaries (1e-5 for mid colours) before
    /// clamping; clamping itself changes luminance, so mid colours that stay in gamut are used.
    @Test(arguments: [-150.0, -60.0, 30.0, 120.0, 170.0])
    func luminanceIsPreserved(degrees: Double) {
        let matrix = HueMatrix(degrees: degrees)
        let colours: [(r: Double, g: Double, b: Double)] = [
            (0.5, 0.5, 0.5), (0.2, 0.2, 0.2), (0.6, 0.4, 0.3), (0.45, 0.5, 0.55), (0.3, 0.45, 0.4),
        ]
        for colour in colours {
            let raw = matrix.transform(r: colour.r, g: colour.g, b: colour.b)
            #expect(abs(luminance(raw) - luminance(colour)) < 1e-4)
            let shown = matrix.apply(r: colour.r, g: colour.g, b: colour.b)
            #expect(abs(luminance(shown) - luminance(colour)) < 1e-4, "\(colour) clamped")
        }
        for primary in [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)] {
            let raw = matrix.transform(r: primary.0, g: primary.1, b: primary.2)
            #expect(abs(luminance(raw) - luminance(primary)) < 1e-3)
        }
    }

    @Test func applyClampsToTheUnitRange() {
        let matrix = HueMatrix(degrees: 120)
        for colour in [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (1.0, 1.0, 0.0)] {
            let out = matrix.apply(r: colour.0, g: colour.1, b: colour.2)
            for c in [out.r, out.g, out.b] { #expect(c >= 0 && c <= 1) }
        }
    }

    @Test func equalityFollowsTheAngle() {
        #expect(HueMatrix(sliderValue: 0.75) == HueMatrix(degrees: 90))
        #expect(HueMatrix(degrees: 10) != HueMatrix(degrees: 20))
        #expect(HueMatrix(degrees: .infinity) == HueMatrix.identity)
    }

    // MARK: GTK colour-matrix node

    /// Transforms as GSK does: graphene's v′ = v · M with M built by
    /// graphene_matrix_init_from_float (row-major), i.e. v′ⱼ = Σᵢ vᵢ · floats[4i + j].
    func gskTransform(_ floats: [Float], offset: [Float], _ v: [Float]) -> [Float] {
        (0..<4).map { j in (0..<4).reduce(Float(0)) { $0 + v[$1] * floats[$1 * 4 + j] } + offset[j] }
    }

    @Test(arguments: [-135.0, 0.0, 60.0, 120.0, 180.0])
    func gtkMatrixMatchesApply(degrees: Double) {
        let matrix = HueMatrix(degrees: degrees)
        #expect(matrix.columnMajor4x4.count == 16)
        #expect(matrix.offset4 == [0, 0, 0, 0])
        for colour in [[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0], [0.6, 0.4, 0.3]] {
            let v = gskTransform(
                matrix.columnMajor4x4, offset: matrix.offset4,
                colour.map(Float.init) + [0.5])
            let expected = matrix.transform(r: colour[0], g: colour[1], b: colour[2])
            #expect(abs(Double(v[0]) - expected.r) < 1e-6)
            #expect(abs(Double(v[1]) - expected.g) < 1e-6)
            #expect(abs(Double(v[2]) - expected.b) < 1e-6)
            #expect(v[3] == 0.5) // alpha untouched
        }
    }

    @Test func gtkMatrixOfPureRedAt120() {
        let matrix = HueMatrix(sliderValue: 0.5 + 1.0 / 3.0)
        let v = gskTransform(matrix.columnMajor4x4, offset: matrix.offset4, [1, 0, 0, 1])
        // GSK clamps colour channels to [0, 1] after the transform, like apply().
        let shown = v.prefix(3).map { min(max(Double($0), 0), 1) }
        let expected = matrix.apply(r: 1, g: 0, b: 0)
        #expect(abs(shown[0] - expected.r) < 1e-6)
        #expect(abs(shown[1] - expected.g) < 1e-6)
        #expect(abs(shown[2] - expected.b) < 1e-6)
    }

    @Test func gtkMatrixIsTheTransposeOfRows() {
        let matrix = HueMatrix(degrees: 77)
        let floats = matrix.columnMajor4x4
        for i in 0..<3 {
            for j in 0..<3 {
                #expect(floats[i * 4 + j] == Float(matrix.rows[j][i]))
            }
            #expect(floats[i * 4 + 3] == 0 && floats[12 + i] == 0)
        }
        #expect(floats[15] == 1)
    }
}
