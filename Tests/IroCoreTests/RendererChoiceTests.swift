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

@Suite struct RendererSettingsTests {
    @Test func cairoAlsoSwitchesOffGDKsGL() {
        #expect(RendererChoice.settings(environment: [:], renderNodes: []) == ["GSK_RENDERER": "cairo", "GDK_DEBUG": "gl-disable"])
    }

    @Test func aGPUChangesNothing() {
        #expect(RendererChoice.settings(environment: [:], renderNodes: ["renderD128"]).isEmpty)
    }

    @Test func theUsersSettingsWin() {
        #expect(RendererChoice.settings(environment: ["GSK_RENDERER": "ngl"], renderNodes: []).isEmpty, "GL stays for a GL renderer")
        #expect(RendererChoice.settings(environment: ["GDK_DEBUG": "events"], renderNodes: []) == ["GSK_RENDERER": "cairo"])
    }
}
