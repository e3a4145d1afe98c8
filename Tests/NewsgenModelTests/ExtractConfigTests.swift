import Foundation
import Testing
@testable import NewsgenModel

/// `extract` and each source's `fullText`: when article pages are read for their full text, and how politely.
@Suite("site.json: full text")
struct ExtractConfigTests {
    private func message(_ json: String) -> String? {
        do { _ = try SiteConfig.decode(Data(json.utf8)); return nil } catch { return error.description }
    }

    @Test func neverByDefaultWithPoliteLimits() throws {
        let config = try SiteConfig.decode(Data(#"{"title": "T", "sources": [{"id": "a", "url": "https://example.com/feed"}]}"#.utf8))
        #expect(config.extract == ExtractConfig())
        #expect(config.extract.fullText == .never)
        #expect(config.extract.perHostDelaySeconds == 2)
        #expect(config.extract.perHostConcurrency == 1)
        #expect(config.extract.maxPageMB == 5)
        #expect(config.extract.maxPerBuild == 200)
        #expect(config.extract.maxSecondsPerBuild == 120)
        #expect(config.extract.robots)
        #expect(config.extract.timeoutSeconds == 8)
        #expect(config.extract.savedPages == "content/saved-pages")
        #expect(config.sources[0].fullText == nil)
    }

    @Test func everyKeyIsRead() throws {
        let config = try SiteConfig.decode(Data("""
            {"title": "T", "sources": [{"id": "a", "url": "https://example.com/feed", "fullText": "always"}, {"id": "b", "path": "b.xml"}],
             "extract": {"fullText": "auto", "perHostDelaySeconds": 0.5, "perHostConcurrency": 2, "maxPageMB": 3, "maxPerBuild": 10,
                         "maxSecondsPerBuild": 30, "timeoutSeconds": 5, "robots": false, "savedPages": "pages"}}
            """.utf8))
        #expect(config.sources.map(\.fullText) == [.always, nil])
        #expect(config.extract.fullText == .auto)
        #expect(config.extract.perHostDelaySeconds == 0.5)
        #expect(config.extract.perHostConcurrency == 2)
        #expect(config.extract.maxPageMB == 3)
        #expect(config.extract.maxPerBuild == 10)
        #expect(config.extract.maxSecondsPerBuild == 30)
        #expect(!config.extract.robots)
        #expect(config.extract.timeoutSeconds == 5)
        #expect(config.extract.savedPages == "pages")
    }

    @Test(arguments: [
        (#"{"title": "T", "sources": [], "extract": {"fullText": "sometimes"}}"#,
         "site.json:1:55: 'extract.fullText' must be 'never', 'auto', 'always', found 'sometimes'"),
        (#"{"title": "T", "sources": [{"id": "a", "path": "a.xml", "fullText": true}]}"#,
         "site.json:1:69: 'sources[0].fullText' must be 'never', 'auto' or 'always', or an object (mode, select, remove), found a boolean"),
        (#"{"title": "T", "sources": [], "extract": {"perHostDelaySeconds": -1}}"#,
         "site.json:1:66: 'extract.perHostDelaySeconds' must be at least 0, found -1"),
        (#"{"title": "T", "sources": [], "extract": {"perHostConcurrency": 0}}"#,
         "site.json:1:65: 'extract.perHostConcurrency' must be at least 1, found 0"),
        (#"{"title": "T", "sources": [], "extract": {"robots": "yes"}}"#,
         "site.json:1:53: 'extract.robots' must be true or false, found a string"),
        (#"{"title": "T", "sources": [], "extract": {"fulltext": "auto"}}"#,
         "site.json:1:43: unknown key 'extract.fulltext' (did you mean 'fullText'?)"),
    ])
    func badValuesAreNamed(json: String, expected: String) {
        #expect(message(json) == expected)
    }
}
