import Mustache
import NewsgenModel
import Testing
@testable import NewsgenKit

@Suite("Template limits follow the site")
struct TemplateLimitsTests {
    @Test func theDefaultFeedSizeKeepsTheStandardOutputBound() {
        #expect(Templates.limits(for: SiteConfig(title: "Limits", sources: [])) == .standard)
        #expect(MustacheLimits.standard.outputBytes == 64 * 1_048_576)
    }

    /// A site that lets a feed be 100 MB may have an article nearly that large: its page must render.
    @Test func aLargerFeedLimitRaisesTheOutputBound() {
        var config = SiteConfig(title: "Limits", sources: [])
        config.fetch.maxFeedMB = 100
        let limits = Templates.limits(for: config)
        #expect(limits.outputBytes == 300 * 1_048_576)
        #expect(limits.partialExpansions == MustacheLimits.standard.partialExpansions)
    }
}
