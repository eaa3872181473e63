import IroCore
import Testing

@Suite struct ZoomAnimationTests {
    @Test(arguments: [
        (0.0, 0.0), (1.0, 1.0), (0.5, 0.875), (-1.0, 0.0), (2.0, 1.0), (Double.nan, 1.0),
    ])
    func easeOut(t: Double, expected: Double) {
        #expect(abs(ZoomAnimation.easeOut(t) - expected) < 1e-12)
    }

    @Test func easeOutIsMonotonicAndFrontLoaded() {
        var previous = 0.0
        for step in 1...100 {
            let t = Double(step) / 100
            let value = ZoomAnimation.easeOut(t)
            #expect(value >= previous)
            #expect(value >= t) // ease-out: always ahead of linear
            previous = value
        }
    }

    @Test func scaleOverTime() {
        let animation = ZoomAnimation(from: 1, to: 2, startTime: 10)
        #expect(animation.duration == 0.2)
        #expect(animation.scale(at: 9) == 1) // before the start
        #expect(animation.scale(at: 10) == 1)
        #expect(abs(animation.scale(at: 10.1) - 1.875) < 1e-9)
        #expect(animation.scale(at: 10.2) == 2) // exactly the target at the end
        #expect(animation.scale(at: 50) == 2)
        #expect(!animation.isFinished(at: 10.199))
        #expect(animation.isFinished(at: 10.2))
    }

    @Test func zoomingOutAnimatesDownwards() {
        let animation = ZoomAnimation(from: 2, to: 0.5, startTime: 0, duration: 0.3)
        let mid = animation.scale(at: 0.15)
        #expect(mid < 2 && mid > 0.5)
        #expect(animation.scale(at: 0.3) == 0.5)
    }

    @Test func zeroDurationFinishesAtOnce() {
        let animation = ZoomAnimation(from: 1, to: 3, startTime: 5, duration: 0)
        #expect(animation.scale(at: 5) == 3)
        #expect(animation.isFinished(at: 0))
    }
}
