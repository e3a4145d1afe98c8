import Foundation
@testable import NewsgenKit
import NewsgenExtract
import NewsgenFeeds
import NewsgenModel
import Testing

/// The sandbox's wire form (`Wire.swift`): every field of every value crosses, exactly, and
/// a broken message is an error, never a crash or a huge allocation.
@Suite("Wire form of the sandbox's jobs and answers")
struct WireTests {
    /// A field added to a type must be added to its wire form too: the count of stored
    /// properties each type's `write` writes is compared with the type's own.
    @Test func everyStoredPropertyCrosses() {
        let counts: [(String, Int, Int)] = [
            ("ParsedFeed", Mirror(reflecting: ParsedFeed(format: .rss20)).children.count, ParsedFeed.wireFields),
            ("ParsedItem", Mirror(reflecting: ParsedItem()).children.count, ParsedItem.wireFields),
            ("ItemIdentity", Mirror(reflecting: ItemIdentity()).children.count, ItemIdentity.wireFields),
            ("TextConstruct", Mirror(reflecting: TextConstruct("")).children.count, TextConstruct.wireFields),
            ("Person", Mirror(reflecting: Person()).children.count, Person.wireFields),
            ("FeedLink", Mirror(reflecting: FeedLink(href: "")).children.count, FeedLink.wireFields),
            ("Category", Mirror(reflecting: NewsgenModel.Category(term: "")).children.count, NewsgenModel.Category.wireFields),
            ("Generator", Mirror(reflecting: Generator()).children.count, Generator.wireFields),
            ("Enclosure", Mirror(reflecting: Enclosure(url: "")).children.count, Enclosure.wireFields),
            ("TextPlace", Mirror(reflecting: TextPlace(line: 1, column: 1)).children.count, TextPlace.wireFields),
            ("ExtractedArticle", Mirror(reflecting: ExtractedArticle(html: "", metadata: ExtractedMetadata(), textLength: 0)).children.count,
             ExtractedArticle.wireFields),
            ("ExtractedMetadata", Mirror(reflecting: ExtractedMetadata()).children.count, ExtractedMetadata.wireFields),
            ("ExtractionRules", Mirror(reflecting: ExtractionRules()).children.count, ExtractionRules.wireFields),
        ]
        for (name, properties, written) in counts {
            #expect(properties == written, "\(name) has \(properties) stored properties and its wire form writes \(written): add the new one to Wire+Feeds.swift or Wire+Pages.swift")
        }
    }

    static let text = TextConstruct("<b>Ünïcode ✓ \u{0}</b>", type: .html, language: "de", base: "http://example.org/")

    /// A feed with every field set, none to its default.
    static let full: ParsedFeed = {
        let person = Person(name: "Ann", email: "a@example.org", url: "http://example.org/ann")
        let link = FeedLink(href: "http://example.org/", rel: "self", type: "text/html", title: "T", length: 12)
        let category = NewsgenModel.Category(term: "t", scheme: "s", label: "l")
        var item = ParsedItem(id: "id", guidIsLink: true, title: text, link: "http://example.org/1", links: [link],
                              published: Date(timeIntervalSince1970: 1.000_000_1), updated: Date(timeIntervalSince1970: -5e9),
                              created: Date(timeIntervalSinceReferenceDate: .pi), authors: [person], contributors: [person, person],
                              summary: text, content: [text, TextConstruct("plain")], categories: [category], imageURL: "i",
                              enclosures: [Enclosure(url: "e", type: "audio/mpeg", length: Int.max)], language: "fr",
                              commentsURL: "c", rights: text)
        item.previousIdentity = ItemIdentity(id: "old", link: "l", title: text, date: Date(timeIntervalSince1970: 7))
        var feed = ParsedFeed(format: .atom10, title: text, subtitle: text, rights: text, link: "l", feedURL: "f", links: [link, link],
                              id: "i", authors: [person], contributors: [person], language: "en", published: Date(timeIntervalSince1970: 3),
                              updated: Date(timeIntervalSince1970: 4), generator: Generator(name: "g", version: "1", url: "u"),
                              imageURL: "im", iconURL: "ic", categories: [category], items: [item, ParsedItem()],
                              illFormedReason: "r", encoding: "windows-1252")
        feed.illFormedPlace = TextPlace(line: 3, column: 17)
        feed.illFormedProblems = 41
        feed.notes = ["one", ""]
        return feed
    }()

    @Test func aFeedWithEveryFieldSetCrossesExactly() throws {
        let answer = try SandboxAnswer(wire: SandboxAnswer.feed(Self.full).wire())
        guard case .feed(let feed) = answer else { Issue.record("\(answer)"); return }
        #expect(feed == Self.full)
    }

    @Test(arguments: [
        FeedParseError(.emptyDocument), FeedParseError(.tooLarge(size: 5, limit: 4)),
        FeedParseError(.notWellFormed(line: 1, column: 2, message: "m")), FeedParseError(.notAFeed(root: "html")),
        FeedParseError(.unsupportedFormat(root: "r", namespace: nil)), FeedParseError(.unsupportedFormat(root: "r", namespace: "n")),
        FeedParseError(.entityExpansionLimit), FeedParseError(.limitExceeded(line: 0, column: 0, limit: "l")),
        FeedParseError(.parserUnavailable), FeedParseError(.parserCrashed(signal: 11)), FeedParseError(.parseTimedOut(seconds: 20)),
    ])
    func everyErrorCrosses(_ error: FeedParseError) throws {
        let answer = try SandboxAnswer(wire: SandboxAnswer.feedError(error).wire())
        guard case .feedError(let back) = answer else { Issue.record("\(answer)"); return }
        #expect(back == error)
    }

    @Test func everyExtractionResultCrosses() throws {
        let metadata = ExtractedMetadata(title: "t", byline: "b", excerpt: "e", publishedTime: "p", siteName: "s", leadImage: "l",
                                         language: "la", readerable: true)
        let results: [ExtractionResult] = [
            .article(ExtractedArticle(html: "<p>x</p>", metadata: metadata, textLength: 1)),
            .notFound(.notHTML("application/pdf"), metadata), .notFound(.notHTML(nil), ExtractedMetadata()),
            .notFound(.consentWall, metadata), .notFound(.paywall, metadata), .notFound(.noArticle, metadata),
            .notFound(.tooLarge(5), metadata), .notFound(.tooComplex(6), metadata),
        ]
        for result in results {
            let answer = try SandboxAnswer(wire: SandboxAnswer.page(result).wire())
            guard case .page(let back) = answer else { Issue.record("\(answer)"); continue }
            #expect(back == result)
        }
    }

    @Test func jobsCross() throws {
        let feed = SandboxJob.feed(data: Data([0, 1, 2, 255]), baseURL: "http://example.org/feed", contentType: nil, maxBytes: 20)
        guard case .feed(let data, let base, let type, let limit) = try SandboxJob(wire: feed.wire()) else { Issue.record("not a feed job"); return }
        #expect(data == Data([0, 1, 2, 255]) && base == "http://example.org/feed" && type == nil && limit == 20)
        let page = SandboxJob.page(data: Data("<p>".utf8), pageURL: URL(string: "https://example.org/a?b=c#d")!, contentType: "text/html", rules: nil)
        guard case .page(_, let url, let pageType, let none) = try SandboxJob(wire: page.wire()) else { Issue.record("not a page job"); return }
        #expect(url.absoluteString == "https://example.org/a?b=c#d" && pageType == "text/html" && none == nil)
    }

    @Test func aSourcesRulesCrossAsWritten() throws {
        let rules = try ExtractionRules(select: "article .story-body", remove: [".related, aside", "//div[@id='ad']"])
        let page = SandboxJob.page(data: Data("<p>".utf8), pageURL: URL(string: "https://example.org/a")!, contentType: nil, rules: rules)
        guard case .page(_, _, _, let back) = try SandboxJob(wire: page.wire()) else { Issue.record("not a page job"); return }
        #expect(back == rules)
        #expect(back?.remove.map(\.xpath) == rules.remove.map(\.xpath))
    }

    /// Every cut of a message, and a count that claims more than the message holds, is an error.
    @Test func aBrokenMessageIsAnErrorNotACrash() {
        let bytes = SandboxAnswer.feed(Self.full).wire()
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: WireError.self) { try SandboxAnswer(wire: Array(bytes.prefix(length))) }
        }
        #expect(throws: WireError.self) { try SandboxAnswer(wire: bytes + [0]) }
        var huge = WireWriter()
        huge.tag(0)
        huge.string("rss20")
        #expect(throws: WireError.self) { try SandboxAnswer(wire: huge.bytes + [1] + [UInt8](repeating: 0xFF, count: 8)) }
    }
}
