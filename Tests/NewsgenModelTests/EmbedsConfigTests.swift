import Foundation
import Testing
@testable import NewsgenModel

/// site.json's `embeds.allow`: bare host names only, each covering its subdomains.
@Suite("embeds.allow")
struct EmbedsConfigTests {
    private func decode(_ hosts: String) throws(ConfigError) -> SiteConfig {
        try SiteConfig.decode(Data(#"{"title": "T", "sources": [], "embeds": {"allow": \#(hosts)}}"#.utf8))
    }

    @Test func hostsAreLowercasedAndRepeatsDropped() throws {
        let config = try decode(#"["www.youtube-nocookie.com", "Player.Vimeo.com", "player.vimeo.com", "xn--bcher-kva.example"]"#)
        #expect(config.embeds.allow == ["www.youtube-nocookie.com", "player.vimeo.com", "xn--bcher-kva.example"])
    }

    @Test(arguments: [
        "https://player.vimeo.com", "player.vimeo.com/video", "player.vimeo.com:443", "*.vimeo.com", "*", "vimeo",
        "localhost", "127.0.0.1", "", " player.vimeo.com", "player..vimeo.com", ".vimeo.com", "vimeo.com.",
        "-vimeo.com", "vimeo-.com", "user@vimeo.com", "pläyer.vimeo.com", "player.vimeo.com?x", "[::1]",
    ])
    func anythingButABareHostNameIsRefused(_ host: String) {
        do {
            _ = try decode("[\"\(host)\"]")
            Issue.record("accepted '\(host)'")
        } catch {
            #expect(error.description == "site.json:1:52: 'embeds.allow[0]' must be a host name such as 'player.vimeo.com' (no scheme, port, path or wildcard; subdomains are included), found '\(host)'")
        }
    }

    @Test func theErrorNamesTheEntry() {
        do {
            _ = try decode(#"["player.vimeo.com", "https://youtube-nocookie.com/"]"#)
            Issue.record("accepted a URL")
        } catch {
            #expect(error.description == "site.json:1:72: 'embeds.allow[1]' must be a host name such as 'player.vimeo.com' (no scheme, port, path or wildcard; subdomains are included), found 'https://youtube-nocookie.com/'")
        }
    }

    @Test func aHostCoversItselfAndItsSubdomainsOnly() {
        #expect(EmbedsConfig.host("youtube-nocookie.com", isCoveredBy: "youtube-nocookie.com"))
        #expect(EmbedsConfig.host("www.youtube-nocookie.com", isCoveredBy: "youtube-nocookie.com"))
        #expect(!EmbedsConfig.host("evilyoutube-nocookie.com", isCoveredBy: "youtube-nocookie.com"))
        #expect(!EmbedsConfig.host("youtube-nocookie.com.evil.example", isCoveredBy: "youtube-nocookie.com"))
        #expect(!EmbedsConfig.host("vimeo.com", isCoveredBy: "player.vimeo.com"))
    }
}
