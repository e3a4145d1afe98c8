import Foundation
import Testing
import NewsgenModel
import NewsgenFeeds

/// The repository's own sample site must parse offline, exactly as written.
@Suite("Sample feeds in content/feeds")
struct SampleFeedTests {
    private func load(_ name: String) throws -> ParsedFeed {
        let url = repositoryRoot.appendingPathComponent("content/feeds/\(name)")
        return try FeedParser.parse(try Data(contentsOf: url))
    }

    @Test func harborGazette() throws {
        let feed = try load("harbor-gazette.xml")
        #expect(feed.format == .rss20)
        #expect(feed.title == "The Harbor Gazette")
        #expect(feed.link == "https://example.org/harbor-gazette/")
        #expect(feed.subtitle == TextConstruct("News from the quays, lanes and hills of Marrow Bay.", type: .html))
        #expect(feed.updated == utc(2026, 11, 27, 18, 30))
        #expect(feed.items.count == 6)
        let first = try #require(feed.items.first)
        #expect(first.id == "harbor-gazette-2026-11-27-lantern-walk")
        #expect(first.title == "Lantern Walk Lights Up the Old Quay")
        #expect(first.link == "https://example.org/harbor-gazette/2026/11/lantern-walk-old-quay")
        #expect(first.published == utc(2026, 11, 27, 17, 45))
        #expect(first.updated == nil)
        #expect(first.author == "Ines Calloway")
        #expect(first.categories == ["Community", "Events"])
        #expect(first.summaryHTML == "<p>More than four hundred paper lanterns drifted along the Old Quay on Thursday evening as Marrow Bay marked the end of the fishing season.</p>")
        #expect(first.contentHTML?.hasPrefix("<p>More than four hundred") == true)
        #expect(first.contentHTML?.contains("&#8220;We ran out of blue paint by Tuesday,&#8221;") == true)
        #expect(first.imageURL == "https://example.org/images/lantern-walk-thumb.jpg")
        #expect(first.enclosures == [Enclosure(url: "https://example.org/images/lantern-walk.jpg", type: "image/jpeg", length: 184_320)])
        #expect(feed.items.map(\.imageURL) == [
            "https://example.org/images/lantern-walk-thumb.jpg", nil,
            "https://example.org/images/heron-point-bread.jpg", "https://example.org/images/north-beach.jpg",
            "https://example.org/images/lighthouse-thumb.jpg", nil,
        ])
    }

    @Test func valleyScience() throws {
        let feed = try load("valley-science.xml")
        #expect(feed.format == .atom10)
        #expect(feed.title == "Valley Science Notes")
        #expect(feed.link == "https://example.org/valley-science/")
        #expect(feed.subtitle == "Field notes from the Marrow Valley naturalists' society")
        #expect(feed.updated == utc(2026, 11, 28, 8))
        #expect(feed.items.count == 5)
        let first = try #require(feed.items.first)
        #expect(first == ParsedItem(
            id: "tag:example.org,2026:valley-science/sea-lemons",
            title: TextConstruct("Tide Pools Hold a Surprise: <em>Sea Lemons</em> Return", type: .html),
            link: "https://example.org/valley-science/2026/11/sea-lemons-return",
            links: [FeedLink(href: "https://example.org/valley-science/2026/11/sea-lemons-return", type: "text/html"),
                    FeedLink(href: "https://example.org/images/sea-lemon.jpg", rel: "enclosure", type: "image/jpeg", length: 152_000)],
            published: utc(2026, 11, 28, 8),
            updated: utc(2026, 11, 28, 8),
            authors: [Person(name: "Priya Halvorsen")],
            summary: TextConstruct("<p>After a six-year absence, bright yellow sea lemons are back in the pools below Gannet Rock.</p>", type: .html),
            content: [TextConstruct("""
                <p>After a six-year absence, bright yellow sea lemons are back in the pools below Gannet Rock.</p>
                <p>The sea slugs, each about the size of a thumb, were counted during Sunday's low-tide survey. Members found fourteen, most of them laying ribbons of pale eggs on the rocks.</p>
                <p>Please look without touching: the pools are shallow and the animals are easily dislodged.</p>
                """, type: .html)],
            categories: [Category(term: "marine-life", label: "Marine life"), "tide-pools"],
            imageURL: "https://example.org/images/sea-lemon.jpg",
            enclosures: [Enclosure(url: "https://example.org/images/sea-lemon.jpg", type: "image/jpeg", length: 152_000)]))
        #expect(feed.items[1].summaryHTML == "An estimated 38,000 starlings settled over the reed beds at dusk &amp; the count took three volunteers and two clickers each.")
        #expect(feed.items[2].author == "Marrow Valley Naturalists")
        #expect(feed.items[2].published == utc(2026, 11, 3, 20, 15))
    }

    @Test func cityCouncil() throws {
        let feed = try load("city-council.xml")
        #expect(feed.format == .rss20)
        #expect(feed.title == "Marrow Bay Town Council")
        #expect(feed.items.count == 4)
        #expect(feed.items[1] == ParsedItem(
            id: nil,
            title: "Winter Parking Permits Now Available",
            link: "https://example.org/council/notices/winter-parking-permits",
            links: [FeedLink(href: "https://example.org/council/notices/winter-parking-permits", type: "text/html")],
            published: utc(2026, 11, 9, 8, 30),
            summary: TextConstruct("Residents can apply for a winter parking permit at the library desk or online until 15 December.", type: .html)))
        #expect(feed.items.allSatisfy { $0.imageURL == nil && $0.enclosures.isEmpty })
        #expect(feed.items[0].id == "https://example.org/council/notices/harbour-road-resurfacing")
    }

    @Test(arguments: ["harbor-gazette.xml", "valley-science.xml", "city-council.xml"])
    func datesFallInTheSampleWindow(name: String) throws {
        let feed = try load(name)
        for item in feed.items {
            let published = try #require(item.published)
            #expect(published >= utc(2026, 10, 1) && published < utc(2026, 11, 29), "\(name): \(item.title ?? "")")
            #expect(item.link?.hasPrefix("https://example.org/") == true)
        }
    }
}
