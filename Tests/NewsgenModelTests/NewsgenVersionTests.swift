import NewsgenModel
import Testing

/// The one version and the two strings people see made from it: both pinned, since a
/// publisher's filter may match the User-Agent and a script may read `--version`.
@Suite struct NewsgenVersionTests {
    @Test func theVersionTextAndTheUserAgentComeFromOneVersion() {
        #expect(NewsgenVersion.current == "0.1.0")
        #expect(NewsgenVersion.name == "newsgen 0.1.0")
        #expect(NewsgenVersion.userAgent == "newsgen/0.1")
    }
}
