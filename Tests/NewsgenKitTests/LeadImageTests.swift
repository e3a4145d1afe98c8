import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// One lead image per article, never the same picture twice on a page (issue 34): the rule that says
/// whether the article's text already shows its lead image, and the archive keeping the lead image a
/// page named with its full text.
@Suite("Lead image")
struct LeadImageTests {
    private func identity(_ address: String?, _ digest: String? = nil) -> LeadImage.Identity {
        LeadImage.Identity(address: address.map { LeadImage.normalized(URL(string: $0)!) }, digest: digest)
    }

    @Test(arguments: [
        ("https://Example.ORG/img/a.jpg", "https://example.org/img/a.jpg"),
        ("https://example.org:443/img/a.jpg", "https://example.org/img/a.jpg"),
        ("http://example.org:80/img/a.jpg#top", "http://example.org/img/a.jpg"),
        ("HTTPS://example.org", "https://example.org/"),
    ])
    func spellingsOfOneAddressAreOnePicture(_ one: String, _ other: String) {
        #expect(LeadImage.isRepeated(identity(one), in: [identity(other)]))
        #expect(LeadImage.isRepeated(identity(other), in: [identity("https://example.org/else.png"), identity(one)]))
    }

    @Test(arguments: [
        ("https://example.org/img/a.jpg?w=300", "https://example.org/img/a.jpg?w=1200"),
        ("https://example.org/img/a.jpg", "https://example.org/IMG/a.jpg"),
        ("https://example.org:8443/a.jpg", "https://example.org/a.jpg"),
        ("http://example.org/a.jpg", "https://example.org/a.jpg"),
    ])
    func differentAddressesWithDifferentBytesAreTwoPictures(_ one: String, _ other: String) {
        #expect(!LeadImage.isRepeated(identity(one, "aa"), in: [identity(other, "bb")]))
    }

    @Test func theSameBytesUnderAnotherAddressAreOnePicture() {
        #expect(LeadImage.isRepeated(identity("https://cdn.example/thumb.png", "5e"), in: [identity("https://example.org/full.png", "5e")]))
    }

    @Test func aPictureTheTextCouldNotShowIsNoRepeat() {
        // A content image that failed has no bytes; a reference with no address (a data: URL) has no address.
        #expect(!LeadImage.isRepeated(identity("https://example.org/a.png", "5e"), in: [identity("https://example.org/b.png"), identity(nil)]))
        #expect(!LeadImage.isRepeated(identity("https://example.org/a.png", "5e"), in: []))
        #expect(!LeadImage.isRepeated(identity(nil, nil), in: [identity(nil, nil)]), "nothing known is nothing equal")
    }

    @Test func aFileBesideAMarkdownArticleIsComparedByItsPath() {
        let one = ImageAddress.local(URL(fileURLWithPath: "/site/content/articles/./img/a.png"))
        let other = ImageAddress.local(URL(fileURLWithPath: "/site/content/articles/img/a.png"))
        #expect(LeadImage.normalized(one) == LeadImage.normalized(other))
    }

    @Test func theLeadImageIsTheFeedsElseThePagesOne() {
        let text = FullText(html: "<p>x</p>", url: "https://example.org/a", finalURL: "https://example.org/a", extractedAt: Date(timeIntervalSince1970: 0),
                            extractor: "1", feedStamp: "0", leadImage: "https://example.org/hero.jpg")
        var article = Article(id: "a", slug: "a", sourceID: "s", title: "A", fullText: text)
        #expect(PreparedArticle(article).leadImageURL == "https://example.org/hero.jpg")
        article.imageURL = "https://example.org/thumb.jpg"
        #expect(PreparedArticle(article).leadImageURL == "https://example.org/thumb.jpg")
    }

    @Test(arguments: [("https://example.org/hero.jpg", true), ("//example.org/hero.jpg", false), ("data:image/png;base64,AAAA", false),
                      ("javascript:alert(1)", false), ("file:///etc/passwd", false), ("https://example.org/" + String(repeating: "a", count: 3000), false)])
    func onlyAnAddressTheCacheMayFetchIsKept(_ reference: String, _ kept: Bool) {
        #expect((ExtractStage.leadImage(reference) != nil) == kept)
    }

    @Test func anArchiveLineWithoutALeadImageReadsAndIsWrittenBackUnchanged() throws {
        let line = Array(#"{"fullText":{"extractedAt":"2026-11-16T09:00:00Z","extractor":"1","feedStamp":"00ff","finalURL":"https://example.org/a","html":"<p>x</p>","url":"https://example.org/a"},"id":"a","slug":"s","sourceID":"x","tags":[],"title":"t"}"#.utf8)
        let read = try #require(try? ArchiveLine.read(line).get())
        #expect(read.article.fullText?.leadImage == nil)
        #expect(read.article.fullText?.html == "<p>x</p>")
        #expect(!String(decoding: ArchiveLineWriter.line(read.article), as: UTF8.self).contains("leadImage"))
    }
}
