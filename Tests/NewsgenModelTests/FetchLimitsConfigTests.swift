import Foundation
import Testing
@testable import NewsgenModel

/// `fetch.maxItemsPerFeed`: how many items one feed contributes to a build.
@Suite("site.json: fetch limits")
struct FetchLimitsConfigTests {
    private func message(_ json: String) -> String? {
        do { _ = try SiteConfig.decode(Data(json.utf8)); return nil } catch { return error.description }
    }

    @Test func aThousandItemsPerFeedByDefault() throws {
        let config = try SiteConfig.decode(Data(#"{"title": "T", "sources": []}"#.utf8))
        #expect(config.fetch.maxItemsPerFeed == 1_000)
        #expect(FetchConfig().maxItemsPerFeed == 1_000)
    }

    @Test func theLimitIsRead() throws {
        let config = try SiteConfig.decode(Data(#"{"title": "T", "sources": [], "fetch": {"maxItemsPerFeed": 50, "maxFeedMB": 2}}"#.utf8))
        #expect(config.fetch.maxItemsPerFeed == 50)
        #expect(config.fetch.maxFeedMB == 2)
    }

    @Test(arguments: [
        (#"{"title": "T", "sources": [], "fetch": {"maxItemsPerFeed": 0}}"#, "site.json:1:60: 'fetch.maxItemsPerFeed' must be at least 1, found 0"),
        (#"{"title": "T", "sources": [], "fetch": {"maxItemsPerFeed": 2.5}}"#, "site.json:1:60: 'fetch.maxItemsPerFeed' must be an integer, found a fraction"),
        (#"{"title": "T", "sources": [], "fetch": {"maxItemsPerFeed": "all"}}"#, "site.json:1:60: 'fetch.maxItemsPerFeed' must be an integer, found a string"),
        (#"{"title": "T", "sources": [], "fetch": {"maxItemPerFeed": 5}}"#, "site.json:1:41: unknown key 'fetch.maxItemPerFeed' (did you mean 'maxItemsPerFeed'?)"),
    ])
    func badValuesAreNamed(json: String, expected: String) {
        #expect(message(json) == expected)
    }
}
