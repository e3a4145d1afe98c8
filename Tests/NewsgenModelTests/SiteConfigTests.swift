import Foundation
import Testing
@testable import NewsgenModel

@Suite("site.json")
struct SiteConfigTests {
    private func decode(_ json: String) throws(ConfigError) -> SiteConfig {
        try SiteConfig.decode(Data(json.utf8))
    }

    private func message(_ json: String) -> String? {
        do { _ = try decode(json); return nil } catch { return error.description }
    }

    @Test func minimalConfigGetsEveryDefault() throws {
        let config = try decode(#"{"title": "T", "sources": [{"id": "a", "path": "a.xml"}]}"#)
        #expect(config.version == 1)
        #expect(config.language == "en")
        #expect(config.timeZone == "UTC")
        #expect(config.pageSize == 20)
        #expect(config.articles == "content/articles")
        #expect(config.staticDirectory == "static")
        #expect(config.archive == ArchiveConfig())
        #expect(config.bookmarks == "bookmarks.json")
        #expect(config.imageCache.memoryMB == 50)
        #expect(config.imageCache.diskMB == 200)
        #expect(config.fetch.concurrency == 8)
        #expect(config.fetch.maxFeedMB == 20)
        #expect(config.embeds.allow.isEmpty)
        #expect(config.baseURL == nil)
        #expect(config.sources == [SourceConfig(id: "a", location: .file("a.xml"))])
    }

    /// `URL` percent-encodes a space or a letter outside ASCII; what messages, state.json and
    /// the feeds out show is the url as site.json wrote it.
    @Test func aURLSourceKeepsTheTextAsWritten() throws {
        let config = try decode(#"{"title": "T", "sources": [{"id": "a", "url": "https://x.example/a feed/ü.xml"}]}"#)
        #expect(config.sources[0].address == "https://x.example/a feed/ü.xml")
        #expect(config.sources[0].location == .url(URL(string: "https://x.example/a%20feed/%C3%BC.xml")!))
        #expect(config.sources[0].isURL)
    }

    @Test func fullConfigIsRead() throws {
        let config = try decode("""
        {"version": 1, "title": "Example News", "baseURL": "https://news.example.org/news", "language": "de",
         "timeZone": "Europe/Berlin", "pageSize": 5,
         "sources": [{"id": "swift-blog", "title": "Swift.org", "url": "https://www.swift.org/atom.xml"},
                     {"id": "notes", "path": "content/feeds/notes.xml"}],
         "articles": "posts", "static": "assets", "bookmarks": "marks.json",
         "archive": {"path": "arch", "keepDays": 30, "keepPerSource": null},
         "imageCache": {"memoryMB": 10, "diskMB": 20, "directory": "cache", "maxImageMB": 2},
         "fetch": {"concurrency": 2, "timeoutSeconds": 5, "retries": 0, "maxFeedMB": 1, "userAgentContact": "ops@example.org"},
         "embeds": {"allow": ["player.vimeo.com"]}}
        """)
        #expect(config.baseURL == "https://news.example.org/news/")
        #expect(config.timeZone == "Europe/Berlin")
        #expect(config.pageSize == 5)
        #expect(config.sources[0].location == .url(URL(string: "https://www.swift.org/atom.xml")!))
        #expect(config.sources[0].address == "https://www.swift.org/atom.xml")
        #expect(config.archive.keepDays == 30)
        #expect(config.archive.keepPerSource == nil)
        #expect(config.imageCache.directory == "cache")
        #expect(config.fetch.userAgentContact == "ops@example.org")
        #expect(config.embeds.allow == ["player.vimeo.com"])
        #expect(config.staticDirectory == "assets")
    }

    @Test(arguments: [
        (#"{"title": "T", "sources": [], "tittle": 1}"#, "site.json:1:31: unknown key 'tittle' (did you mean 'title'?)"),
        (#"{"title": "T", "sources": [{"id": "a", "path": "p", "titel": "x"}]}"#,
         "site.json:1:53: unknown key 'sources[0].titel' (did you mean 'title'?)"),
        (#"{"title": "T", "sources": [], "fetch": {"retrys": 1}}"#, "site.json:1:41: unknown key 'fetch.retrys' (did you mean 'retries'?)"),
        (#"{"title": "T", "sources": [], "colour": "red"}"#, "site.json:1:31: unknown key 'colour' (if a newer newsgen added it, update newsgen)"),
        (#"{"title": "T", "sources": [], "pageSize": "20"}"#, "site.json:1:43: 'pageSize' must be an integer, found a string"),
        (#"{"title": "T", "sources": [], "pageSize": 2.5}"#, "site.json:1:43: 'pageSize' must be an integer, found a fraction"),
        (#"{"title": "T", "sources": [], "pageSize": 0}"#, "site.json:1:43: 'pageSize' must be at least 1, found 0"),
        (#"{"title": 3, "sources": []}"#, "site.json:1:11: 'title' must be a string, found a number"),
        (#"{"sources": []}"#, "site.json:1:1: 'title' is required"),
        (#"{"title": "T"}"#, "site.json:1:1: 'sources' is required"),
        (#"{"title": "T", "sources": {}}"#, "site.json:1:27: 'sources' must be a list, found an object"),
        (#"{"title": "T", "sources": [{"id": "a", "url": 5}]}"#, "site.json:1:47: 'sources[0].url' must be a string, found a number"),
        (#"{"title": "T", "sources": [{"id": "a", "path": "x"}, {"id": "b", "path": "y"}, {"id": "a", "path": "z"}]}"#,
         "site.json:1:87: 'sources[2].id' duplicates the id 'a' of sources[0]"),
        (#"{"title": "T", "sources": [{"id": "My Feed", "path": "x"}]}"#,
         "site.json:1:35: 'sources[0].id' must be lowercase letters, digits and dashes (at most 60), found 'My Feed'"),
        (#"{"title": "T", "sources": [{"id": "articles", "path": "x"}]}"#,
         "site.json:1:35: 'sources[0].id' is 'articles', which is reserved for the Markdown articles"),
        (#"{"title": "T", "sources": [{"id": "state", "path": "x"}]}"#,
         "site.json:1:35: 'sources[0].id' is 'state', which is reserved for the archive's state file"),
        (#"{"title": "T", "sources": [{"id": "a"}]}"#, "site.json:1:28: 'sources[0]' needs a 'url' or a 'path'"),
        (#"{"title": "T", "sources": [{"id": "a", "url": "https://x.org/f", "path": "f"}]}"#,
         "site.json:1:28: 'sources[0]' has both 'url' and 'path'; keep one"),
        (#"{"title": "T", "sources": [{"id": "a", "url": "ftp://x.org/f"}]}"#,
         "site.json:1:47: 'sources[0].url' must be an absolute http or https URL, found 'ftp://x.org/f'"),
        (#"{"title": "T", "sources": [], "baseURL": "/news/"}"#,
         "site.json:1:42: 'baseURL' must be an absolute http or https URL, found '/news/'"),
        (#"{"title": "T", "sources": [], "timeZone": "Mars/Olympus"}"#, "site.json:1:43: 'timeZone' is not a known time zone: 'Mars/Olympus'"),
        (#"{"title": "T", "sources": [], "version": 2}"#, "site.json:1:42: 'version' is 2, newer than this newsgen reads (1): a newer newsgen wrote it, update newsgen"),
        (#"{"title": "T", "sources": [], "archive": []}"#, "site.json:1:42: 'archive' must be an object, found a list"),
        (#"{"title": "T", "sources": [], "embeds": {"allow": [1]}}"#, "site.json:1:52: 'embeds.allow[0]' must be a string, found a number"),
        (#"[1]"#, "site.json:1:1: the top level must be an object, found a list"),
    ])
    func errorsNameTheKeyPath(json: String, expected: String) {
        #expect(message(json) == expected)
    }

    @Test func errorsOnLaterLinesSayWhere() {
        let json = """
        {
          "title": "T",
          "sources": [],
          "fetch": {
            "retries": -1
          }
        }
        """
        #expect(message(json) == "site.json:5:16: 'fetch.retries' must be at least 0, found -1")
    }

    @Test func invalidJSONSaysSo() throws {
        #expect(message("{\"title\": \"T\",\n \"sources\": [}") == "site.json:2:14: not valid JSON (invalid value)")
    }
}
