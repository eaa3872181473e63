import IroCore
import Testing

/// The crop rectangle's rules: inside the picture, at least a minimum side, at its aspect.
@Suite struct CropBoxTests {
    @Test func itStartsAsTheWholePicture() {
        let box = CropBox(width: 600, height: 400)
        #expect(box.isWhole)
        #expect(box.rect == PixelRect(x: 0, y: 0, width: 600, height: 400))
    }

    @Test func aCornerDraggedPastTheEdgeStopsThere() {
        var box = CropBox(width: 600, height: 400)
        box.drag(.topLeft, from: box.rect, dx: 100, dy: 50)
        #expect(box.rect == PixelRect(x: 100, y: 50, width: 500, height: 350))
        box.drag(.topLeft, from: box.rect, dx: -500, dy: -500)
        #expect(box.rect == PixelRect(x: 0, y: 0, width: 600, height: 400))
    }

    @Test func anEdgeCannotCrossTheOtherOne() {
        var box = CropBox(width: 600, height: 400)
        box.drag(.right, from: box.rect, dx: -900, dy: 0)
        #expect(box.rect.width == CropBox.minimumSide)
        #expect(box.rect.x == 0)
    }

    @Test func theInsideMovesTheWholeCropWithinThePicture() {
        var box = CropBox(width: 600, height: 400)
        box.drag(.bottomRight, from: box.rect, dx: -300, dy: -200)
        let start = box.rect
        box.drag(.inside, from: start, dx: 1000, dy: 40)
        #expect(box.rect == PixelRect(x: 300, y: 40, width: 300, height: 200))
        box.move(dx: -1000, dy: -1000)
        #expect(box.rect == PixelRect(x: 0, y: 0, width: 300, height: 200))
    }

    @Test func anAspectIsTheLargestSuchRectangleInTheCrop() {
        var box = CropBox(width: 600, height: 400)
        box.setAspect(.square, portrait: false)
        #expect(box.rect == PixelRect(x: 100, y: 0, width: 400, height: 400))
        box.reset()
        box.setAspect(.sixteenNine, portrait: true)
        #expect(box.rect.height == 400)
        #expect(abs(Double(box.rect.width) / Double(box.rect.height) - 9.0 / 16.0) < 0.01)
        box.reset()
        box.setAspect(.original, portrait: false)
        #expect(box.rect == PixelRect(x: 0, y: 0, width: 600, height: 400))
        box.setAspect(.original, portrait: true)
        #expect(abs(Double(box.rect.width) / Double(box.rect.height) - 400.0 / 600.0) < 0.01)
        // A portrait picture's original is portrait.
        var tall = CropBox(width: 400, height: 600)
        tall.setAspect(.original, portrait: false)
        #expect(tall.rect == PixelRect(x: 0, y: 0, width: 400, height: 600))
        tall.drag(.bottomRight, from: tall.rect, dx: -200, dy: 0)
        #expect(abs(Double(tall.rect.width) / Double(tall.rect.height) - 400.0 / 600.0) < 0.02)
    }

    @Test(arguments: CropHandle.allCases)
    func draggingKeepsTheAspect(_ handle: CropHandle) {
        var box = CropBox(width: 1200, height: 800)
        box.setAspect(.fourThree, portrait: false)
        box.drag(.bottomRight, from: box.rect, dx: -400, dy: -400)
        let start = box.rect
        box.drag(handle, from: start, dx: 137, dy: -61)
        let r = box.rect
        #expect(abs(Double(r.width) / Double(r.height) - 4.0 / 3.0) < 0.02, "\(handle): \(r)")
        #expect(r.x >= 0 && r.y >= 0 && r.maxX <= 1200 && r.maxY <= 800, "\(handle): \(r)")
        // Dragged hard towards the outside, it fills what fits, still at its aspect.
        box.drag(handle, from: start, dx: 5000, dy: 5000)
        #expect(box.rect.x >= 0 && box.rect.maxX <= 1200 && box.rect.maxY <= 800, "\(handle): \(box.rect)")
    }

    @Test func shiftArrowsResizeFromTheRightAndBottom() {
        var box = CropBox(width: 600, height: 400)
        box.resize(dWidth: -10, dHeight: 0)
        #expect(box.rect == PixelRect(x: 0, y: 0, width: 590, height: 400))
        box.resize(dWidth: 0, dHeight: -25)
        #expect(box.rect == PixelRect(x: 0, y: 0, width: 590, height: 375))
        box.resize(dWidth: 50, dHeight: 0)
        #expect(box.rect.width == 600)
    }

    @Test func turningThePictureTurnsTheCropAndItsAspect() {
        var session = EditSession(width: 600, height: 400)
        session.box.setAspect(.threeTwo, portrait: false)
        session.box.drag(.topLeft, from: session.box.rect, dx: 60, dy: 0)
        let before = session.box.rect
        session.rotate(clockwise: true)
        #expect(session.box.bounds == (400, 600))
        #expect(session.box.portrait)
        #expect(session.box.rect == ImageTransform.turnRight.apply(to: before, width: 600, height: 400))
        session.flip(horizontally: false)
        #expect(session.transform == ImageTransform.turnRight.then(.flipVertical))
        session.reset()
        #expect(session.isUnchanged)
    }

    @Test func anUnchangedSessionIsNoEdit() {
        let session = EditSession(width: 600, height: 400)
        #expect(session.edit(hue: 0.5).isIdentity(width: 600, height: 400))
        var cropped = session
        cropped.box.move(dx: 5, dy: 0) // whole: cannot move
        #expect(cropped.edit(hue: 0.5).crop == nil)
        cropped.box.resize(dWidth: -100, dHeight: 0)
        #expect(cropped.edit(hue: 0.5).crop == PixelRect(x: 0, y: 0, width: 500, height: 400))
    }

    @Test func handlesAreFoundAroundTheirCornerAndEdge() {
        let rect = (x: 100.0, y: 100.0, width: 200.0, height: 100.0)
        #expect(CropHandle.at(Point(x: 102, y: 98), in: rect, reach: 8) == .topLeft)
        #expect(CropHandle.at(Point(x: 200, y: 199), in: rect, reach: 8) == .bottom)
        #expect(CropHandle.at(Point(x: 298, y: 150), in: rect, reach: 8) == .right)
        #expect(CropHandle.at(Point(x: 200, y: 150), in: rect, reach: 8) == .inside)
        #expect(CropHandle.at(Point(x: 20, y: 150), in: rect, reach: 8) == nil)
    }
}
