import Glibc // cos, sin, remainder

/// The hue rotation of BEHAVIOUR D3: a slider value 0…1 rotates the displayed hue by
/// (value − 0.5) × 360°.
///
/// The matrix is the luminance-preserving hue rotation of SVG/CSS
/// `feColorMatrix type="hueRotate"` (luminance weights 0.213/0.715/0.072):
///
///     M = L + cos θ · C + sin θ · S
///
/// where every row of L is the weights, and C, S are the constants in `init(degrees:)`.
/// Each row sums to 1, so greys stay grey, and L·M = L, so luminance is kept (before
/// clamping). It is not a true rotation in RGB: saturated colours land a little off the
/// ideal hue and get clamped, exactly as in browsers and GSK.
public struct HueMatrix: Equatable, Sendable {
    /// Rec. 709-ish luminance weights as rounded by the SVG specification.
    public static let luminanceWeights: (red: Double, green: Double, blue: Double) = (0.213, 0.715, 0.072)

    public static let identity = HueMatrix(degrees: 0)

    public let degrees: Double
    /// 3×3, row-major: `rows[i][j]` is the weight of input channel j in output channel i
    /// (R, G, B order), so output = rows · (r, g, b)ᵀ.
    public let rows: [[Double]]
    /// Fixed-point look-up tables for the CPU path, built once here so a frame never pays
    /// for them.
    public let tables: HueTables

    /// `value` is the slider position; it is clamped to [0, 1] (NaN counts as the centre).
    public init(sliderValue value: Double) {
        let clamped = value.isNaN ? 0.5 : min(max(value, 0), 1)
        self.init(degrees: (clamped - 0.5) * 360)
    }

    public init(degrees: Double) {
        let degrees = degrees.isFinite ? degrees : 0
        self.degrees = degrees
        let rows: [[Double]]
        if Self.isIdentityAngle(degrees) {
            // Exact, so the identity never drifts by a rounding step anywhere.
            rows = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        } else {
            let radians = degrees * .pi / 180
            let c = cos(radians), s = sin(radians)
            let (lr, lg, lb) = Self.luminanceWeights
            rows = [
                [lr + c * (1 - lr) + s * -lr, lg + c * -lg + s * -lg, lb + c * -lb + s * (1 - lb)],
                [lr + c * -lr + s * 0.143, lg + c * (1 - lg) + s * 0.140, lb + c * -lb + s * -0.283],
                [lr + c * -lr + s * -(1 - lr), lg + c * -lg + s * lg, lb + c * (1 - lb) + s * lb],
            ]
        }
        self.rows = rows
        tables = HueTables(rows: rows)
    }

    /// The slider value that gives this angle (degrees folded into −180…180).
    public var sliderValue: Double {
        let folded = remainder(degrees, 360)
        return folded / 360 + 0.5
    }

    public var isIdentity: Bool { Self.isIdentityAngle(degrees) }

    private static func isIdentityAngle(_ degrees: Double) -> Bool {
        abs(remainder(degrees, 360)) < 1e-6
    }

    public static func == (lhs: HueMatrix, rhs: HueMatrix) -> Bool {
        // Everything else is derived from the angle.
        lhs.degrees == rhs.degrees
    }

    /// The matrix applied without clamping (for reasoning and tests).
    public func transform(r: Double, g: Double, b: Double) -> (r: Double, g: Double, b: Double) {
        (
            rows[0][0] * r + rows[0][1] * g + rows[0][2] * b,
            rows[1][0] * r + rows[1][1] * g + rows[1][2] * b,
            rows[2][0] * r + rows[2][1] * g + rows[2][2] * b
        )
    }

    /// The colour as displayed: the matrix result clamped to [0, 1] per channel.
    public func apply(r: Double, g: Double, b: Double) -> (r: Double, g: Double, b: Double) {
        let out = transform(r: r, g: g, b: b)
        return (Self.unit(out.r), Self.unit(out.g), Self.unit(out.b))
    }

    private static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    // MARK: GTK colour-matrix node

    /// 16 floats for `graphene_matrix_init_from_float`, to pass to
    /// `gtk_snapshot_push_color_matrix`.
    ///
    /// graphene stores a matrix row by row (floats 0–3 are row 0) and treats vectors as rows:
    /// `graphene_matrix_transform_vec4` computes v′ = v · M, i.e. v′ⱼ = Σᵢ vᵢ · M[i][j].
    /// GSK transforms each (unpremultiplied) RGBA pixel exactly that way, which is why GTK
    /// documents the node as `pixel = transpose(color_matrix) · pixel + offset`. For
    /// v′ = H · v we therefore need M = Hᵀ: float i·4 + j holds H[j][i], which is H written
    /// column by column. Alpha passes through (the 4th row and column are those of the
    /// identity).
    public var columnMajor4x4: [Float] {
        var floats = [Float](repeating: 0, count: 16)
        for i in 0..<3 {
            for j in 0..<3 {
                floats[i * 4 + j] = Float(rows[j][i])
            }
        }
        floats[15] = 1
        return floats
    }

    /// The colour offset for the same node: none, the rotation is linear.
    public var offset4: [Float] { [0, 0, 0, 0] }
}
