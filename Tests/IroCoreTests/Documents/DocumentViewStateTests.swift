import IroCore
import Testing

/// A document's view (BEHAVIOUR C6): what it holds through a step and where its centre is.
@Suite struct DocumentViewStateTests {
    @Test func aStepKeepsTheViewForTheImageStillShown() {
        let document = Document(path: RawPath("/photos/a.png"))
        var zoom = ZoomModel(imageSize: Size(width: 4000, height: 3000), viewportSize: Size(width: 800, height: 600))
        zoom.setScale(1)
        document.view.zoom = zoom
        document.view.scrollOffset = Point(x: 100, y: 50)
        document.view.quarterTurns = 1
        let before = document.view
        document.show(RawPath("/photos/b.png"))
        #expect(document.path == RawPath("/photos/b.png"))
        #expect(document.state == .loading)
        #expect(document.view == before, "the fresh view comes with the next image")
    }

    @Test func theCentreIsTheImagePointAtTheMiddleOfTheViewport() {
        var view = ViewState()
        #expect(view.centre == nil, "no centre before there is a zoom")
        var zoom = ZoomModel(imageSize: Size(width: 4000, height: 3000), viewportSize: Size(width: 800, height: 600))
        zoom.setScale(0.5) // content 2000×1500
        view.zoom = zoom
        view.scrollOffset = Point(x: 600, y: 450)
        #expect(view.centre == Point(x: 2000, y: 1500), "scrolled to the middle: the image's middle")
        view.scrollOffset = .zero
        #expect(view.centre == Point(x: 800, y: 600))
    }

    @Test func aSmallImageIsCentredSoItsMiddleIsTheCentre() {
        var view = ViewState()
        view.zoom = ZoomModel(imageSize: Size(width: 200, height: 100), viewportSize: Size(width: 800, height: 600))
        #expect(view.centre == Point(x: 100, y: 50))
    }
}
