import IroCore
import Testing

@Suite struct GeometryTests {
    @Test func zeroAndInit() {
        #expect(Size.zero == Size(width: 0, height: 0))
        #expect(Point.zero == Point(x: 0, y: 0))
        let p = Point(x: 1.5, y: -2)
        #expect(p.x == 1.5 && p.y == -2)
    }

    @Test(arguments: [
        (Size(width: 10, height: 5), false),
        (Size(width: 0, height: 5), true),
        (Size(width: 10, height: -1), true),
        (Size(width: .infinity, height: 5), true),
        (Size(width: .nan, height: 5), true),
    ])
    func degenerate(size: Size, expected: Bool) {
        #expect(size.isDegenerate == expected)
    }

    @Test func transposedAndScaled() {
        let size = Size(width: 40, height: 30)
        #expect(size.transposed == Size(width: 30, height: 40))
        #expect(size.scaled(by: 0.5) == Size(width: 20, height: 15))
    }
}
