import Foundation
import Testing
@testable import NewsgenModel

/// site.json's bounds (issue 32): a key given twice is refused naming both places, every string is
/// at most `SiteConfig.maxStringBytes`, and the file at most `SiteConfig.maxFileBytes`, which a
/// site of 50,000 sources still fits in.
@Suite("site.json's bounds and duplicate keys")
struct SiteConfigBoundsTests {
    private func message(_ json: String) -> String? {
        do { _ = try SiteConfig.decode(Data(json.utf8)); return nil } catch { return error.description }
    }

    @Test(arguments: [
        ("{\n  \"title\": \"Old title\",\n  \"sources\": [],\n  \"title\": \"New title\"\n}",
         "site.json:4:3: key 'title' is given twice in one object, at 2:3 and at 4:3; keep one"),
        (#"{"title": "T", "sources": [{"id": "a", "path": "a.xml", "path": "b.xml"}]}"#,
         "site.json:1:57: key 'sources[0].path' is given twice in one object, at 1:40 and at 1:57; keep one"),
        (#"{"title": "T", "sources": [], "fetch": {"retries": 1, "retries": 2}}"#,
         "site.json:1:55: key 'fetch.retries' is given twice in one object, at 1:41 and at 1:55; keep one"),
    ])
    func aKeyGivenTwiceIsRefusedNamingBothPlaces(json: String, expected: String) {
        #expect(message(json) == expected)
    }

    @Test func everyStringIsBounded() {
        let limit = SiteConfig.maxStringBytes
        #expect(limit == 8_192)
        let fits = String(repeating: "T", count: limit)
        #expect(message(#"{"title": "\#(fits)", "sources": []}"#) == nil)
        #expect(message(#"{"title": "\#(fits)x", "sources": []}"#)
                == "site.json:1:11: 'title' is 8193 bytes long; a string here may be at most 8192 bytes")
        let url = "https://example.com/feed?" + String(repeating: "q", count: limit)
        #expect(message(#"{"title": "T", "sources": [{"id": "a", "url": "\#(url)"}]}"#)
                == "site.json:1:47: 'sources[0].url' is 8217 bytes long; a string here may be at most 8192 bytes")
        #expect(message(#"{"title": "T", "sources": [], "embeds": {"allow": ["a.example", "\#(fits).example"]}}"#)
                == "site.json:1:65: 'embeds.allow[1]' is 8200 bytes long; a string here may be at most 8192 bytes")
    }

    @Test func aFileOverTheBoundIsRefusedWhateverItHolds() {
        let padding = String(repeating: " ", count: SiteConfig.maxFileBytes)
        #expect(message(#"{"title": "T", "sources": []}"# + padding)
                == "site.json: is \(SiteConfig.maxFileBytes + 29) bytes; a site.json may be at most 16777216 bytes (16 MiB)")
    }

    /// 50,000 url sources of some 200 bytes each, as `newsgen source add` writes them, fit the bound and read.
    @Test func fiftyThousandSourcesFit() throws {
        let sources = (0..<50_000).map { index in
            "    { \"id\": \"source-\(index)\", \"title\": \"The Harbour Gazette, edition \(index)\", "
                + "\"url\": \"https://news-\(index).example.org/feeds/all-stories.xml?format=rss&edition=\(index)\", \"category\": \"Local news\" }"
        }
        let json = "{\n  \"version\": 1,\n  \"title\": \"Big\",\n  \"sources\": [\n" + sources.joined(separator: ",\n") + "\n  ]\n}\n"
        #expect(json.utf8.count > 50_000 * 190 && json.utf8.count < SiteConfig.maxFileBytes, "\(json.utf8.count) bytes")
        let config = try SiteConfig.decode(Data(json.utf8))
        #expect(config.sources.count == 50_000)
    }
}
