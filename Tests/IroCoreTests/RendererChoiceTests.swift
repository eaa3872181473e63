import IroCore
import Testing

@Suite struct RendererChoiceTests {
    @Test func noGPUMeansCairo() {
        #expect(RendererChoice.renderer(environment: [:], renderNodes: []) == "cairo")
        #expect(RendererChoice.renderer(environment: [:], renderNodes: ["card0"]) == "cairo", "a card without a render node does no GL")
    }

    @Test func aGPULeavesGTKsChoice() {
        #expect(RendererChoice.renderer(environment: [:], renderNodes: ["card0", "renderD128"]) == nil)
    }

    @Test func theUsersChoiceWins() {
        #expect(RendererChoice.renderer(environment: ["GSK_RENDERER": "gl"], renderNodes: []) == nil)
        #expect(RendererChoice.renderer(environment: ["GSK_RENDERER": ""], renderNodes: []) == "cairo")
    }
}
