import IroCore
import Testing

/// Turns, flips and crops, checked pixel by pixel on a small picture whose every pixel is
/// its own value: a transform is right when each value lands where turning the picture by
/// hand puts it.
@Suite struct ImageEditTests {
    /// A `width` × `height` picture, row by row, each pixel numbered.
    struct Picture: Equatable {
        var width: Int, height: Int, pixels: [Int]
        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            pixels = Array(0..<width * height)
        }
        init(width: Int, height: Int, pixels: [Int]) {
            self.width = width
            self.height = height
            self.pixels = pixels
        }
        subscript(x: Int, y: Int) -> Int { pixels[y * width + x] }

        /// Turned a quarter clockwise, by hand.
        var turnedRight: Picture {
            var out: [Int] = []
            for y in 0..<width { for x in 0..<height { out.append(self[y, height - 1 - x]) } }
            return Picture(width: height, height: width, pixels: out)
        }
        var mirrored: Picture {
            var out: [Int] = []
            for y in 0..<height { for x in 0..<width { out.append(self[width - 1 - x, y]) } }
            return Picture(width: width, height: height, pixels: out)
        }
        func cropped(_ r: PixelRect) -> Picture {
            var out: [Int] = []
            for y in r.y..<r.maxY { for x in r.x..<r.maxX { out.append(self[x, y]) } }
            return Picture(width: r.width, height: r.height, pixels: out)
        }
        /// By the transform's own pixel mapping.
        func transformed(_ t: ImageTransform) -> Picture {
            let size = t.apply(to: (width, height))
            var out = [Int](repeating: -1, count: size.width * size.height)
            for y in 0..<height {
                for x in 0..<width {
                    let to = t.apply(x: x, y: y, width: width, height: height)
                    out[to.y * size.width + to.x] = self[x, y]
                }
            }
            return Picture(width: size.width, height: size.height, pixels: out)
        }
        func edited(_ edit: ImageEdit) -> Picture {
            let turned = transformed(edit.transform)
            return edit.crop.map { turned.cropped($0) } ?? turned
        }
    }

    static let picture = Picture(width: 5, height: 3)
    static let all: [ImageTransform] = (0..<8).map { ImageTransform(quarterTurns: $0 % 4, mirrored: $0 >= 4) }

    @Test func aQuarterTurnAndAMirrorMatchTurningByHand() {
        #expect(Self.picture.transformed(.turnRight) == Self.picture.turnedRight)
        #expect(Self.picture.transformed(.turnLeft) == Self.picture.turnedRight.turnedRight.turnedRight)
        #expect(Self.picture.transformed(.flipHorizontal) == Self.picture.mirrored)
        // Flipping top to bottom: the rows in reverse order.
        let rows = (0..<3).reversed().flatMap { y in (0..<5).map { Self.picture[$0, y] } }
        #expect(Self.picture.transformed(.flipVertical) == Picture(width: 5, height: 3, pixels: rows))
    }

    @Test(arguments: 0..<8, 0..<8)
    func composingIsDoingOneAfterTheOther(_ a: Int, _ b: Int) {
        let first = Self.all[a], second = Self.all[b]
        #expect(Self.picture.transformed(first.then(second)) == Self.picture.transformed(first).transformed(second))
    }

    @Test(arguments: 0..<8)
    func theInverseUndoes(_ index: Int) {
        let t = Self.all[index]
        #expect(t.then(t.inverse).isIdentity)
        #expect(t.inverse.then(t).isIdentity)
    }

    @Test func theEightTransformsAreDifferent() {
        #expect(Set(Self.all.map { Self.picture.transformed($0).pixels }).count == 8)
    }

    /// EXIF's orientations, as the tag describes them: 6 is "turn 90° clockwise to stand
    /// up", 2 "mirrored", 5 "mirrored, then turned 270° clockwise" (transposed).
    @Test func exifOrientationsStandTheStoredPictureUp() {
        let p = Self.picture
        #expect(p.transformed(ImageTransform(exifOrientation: 6)) == p.turnedRight)
        #expect(p.transformed(ImageTransform(exifOrientation: 8)) == p.turnedRight.turnedRight.turnedRight)
        #expect(p.transformed(ImageTransform(exifOrientation: 3)) == p.turnedRight.turnedRight)
        #expect(p.transformed(ImageTransform(exifOrientation: 2)) == p.mirrored)
        // Transposed: pixel (x, y) goes to (y, x).
        let transposed = p.transformed(ImageTransform(exifOrientation: 5))
        #expect(transposed.width == 3 && transposed[2, 4] == p[4, 2])
        #expect(ImageTransform(exifOrientation: 0).isIdentity)
        #expect(ImageTransform(exifOrientation: 9).isIdentity)
        // Each agrees with how Iro maps a decoded region's rectangle (ExifOrientation).
        for orientation in 1...8 {
            let t = ImageTransform(exifOrientation: orientation)
            let part = PixelRect(x: 1, y: 0, width: 2, height: 2)
            #expect(
                t.apply(to: part, width: 5, height: 3)
                    == ExifOrientation.uprightRect(of: part, orientation: orientation, rawWidth: 5, rawHeight: 3))
        }
    }

    @Test(arguments: 0..<8)
    func aRectangleGoesWhereItsPixelsGo(_ index: Int) {
        let t = Self.all[index], part = PixelRect(x: 1, y: 1, width: 3, height: 2)
        let moved = t.apply(to: part, width: 5, height: 3)
        #expect(Self.picture.cropped(part).transformed(t) == Self.picture.transformed(t).cropped(moved))
    }

    @Test(arguments: 0..<8, 0..<8)
    func twoEditsMakeOneEditOfTheOriginal(_ a: Int, _ b: Int) {
        let p = Picture(width: 7, height: 4)
        let first = ImageEdit(transform: Self.all[a], crop: nil)
        let firstSize = first.outputSize(width: 7, height: 4)
        let firstCrop = PixelRect(x: 1, y: 1, width: firstSize.width - 2, height: firstSize.height - 1)
        let cropped = ImageEdit(transform: Self.all[a], crop: firstCrop)
        let middle = p.edited(cropped)
        let secondTurned = Self.all[b].apply(to: (middle.width, middle.height))
        let second = ImageEdit(
            transform: Self.all[b], crop: PixelRect(x: 1, y: 0, width: secondTurned.width - 1, height: secondTurned.height - 1))
        let both = cropped.then(second, width: 7, height: 4)
        #expect(p.edited(both) == middle.edited(second))
        #expect(both.outputSize(width: 7, height: 4) == (middle.edited(second).width, middle.edited(second).height))
    }

    @Test func anEditThatKeepsEverythingHasNoCrop() {
        let turn = ImageEdit(transform: .turnRight)
        let back = turn.then(ImageEdit(transform: .turnLeft), width: 5, height: 3)
        #expect(back.isIdentity(width: 5, height: 3))
        #expect(back.crop == nil)
        #expect(!ImageEdit(crop: PixelRect(x: 0, y: 0, width: 5, height: 3)).crops(width: 5, height: 3))
        #expect(ImageEdit(crop: PixelRect(x: 0, y: 0, width: 4, height: 3)).crops(width: 5, height: 3))
        #expect(!ImageEdit(hue: 0.7).isIdentity(width: 5, height: 3))
        // Hues add up: a tenth of a turn twice is a fifth; there and back is none.
        let twice = ImageEdit(hue: 0.6).then(ImageEdit(hue: 0.6), width: 5, height: 3)
        #expect(abs(twice.hue - 0.7) < 1e-9)
        #expect(!ImageEdit(hue: 0.6).then(ImageEdit(hue: 0.4), width: 5, height: 3).changesColours)
    }

    /// A stored picture with its orientation: editing what is shown equals editing the stored
    /// pixels with the orientation composed in.
    @Test(arguments: 1...8, 0..<8)
    func anEditOfTheShownPictureIsAnEditOfTheStoredOne(_ orientation: Int, _ index: Int) {
        let stored = Picture(width: 5, height: 3)
        let shown = stored.transformed(ImageTransform(exifOrientation: orientation))
        let turned = Self.all[index].apply(to: (shown.width, shown.height))
        let edit = ImageEdit(transform: Self.all[index], crop: PixelRect(x: 1, y: 1, width: turned.width - 1, height: turned.height - 2))
        #expect(stored.edited(edit.stored(orientation: orientation)) == shown.edited(edit))
    }
}
