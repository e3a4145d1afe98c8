import Foundation
import NewsgenHTML
import NewsgenModel
@testable import NewsgenFeeds

/// The repository root, found from this file so tests run from any directory.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Parses an XML string as a feed.
func parse(_ xml: String, baseURL: String? = nil, maxBytes: Int = FeedParser.defaultMaxBytes) throws -> ParsedFeed {
    try FeedParser.parse(Data(xml.utf8), baseURL: baseURL, maxBytes: maxBytes)
}

/// The error a document fails with, or nil when it parses.
func parseError(_ xml: String, maxBytes: Int = FeedParser.defaultMaxBytes) -> FeedParseError? {
    do {
        _ = try FeedParser.parse(Data(xml.utf8), maxBytes: maxBytes)
        return nil
    } catch {
        return error
    }
}

/// A UTC instant, computed with Foundation's calendar (independent of `FeedDate`).
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return calendar.date(from: components) ?? .distantPast
}

/// One RSS 2.0 item inside a minimal channel, with the usual namespaces bound.
func rss(channel: String = "<link>https://example.org/news/</link>", item: String) -> String {
    """
    <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
         xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"
         xmlns:atom="http://www.w3.org/2005/Atom">
    <channel><title>T</title>\(channel)<item>\(item)</item></channel></rss>
    """
}

/// One Atom entry inside a minimal feed.
func atom(feed: String = "<link href=\"https://example.org/blog/\"/>", entry: String) -> String {
    """
    <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
    <title>T</title><id>urn:x</id>\(feed)<entry>\(entry)</entry></feed>
    """
}

// Shorthands so tests read like the feed: a title literal is a plain-text construct,
// a category literal a bare term.
extension TextConstruct: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(value) }
}

extension Category: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(term: value) }
}

extension ParsedItem {
    /// The summary as HTML, as the archive receives it.
    var summaryHTML: String? { summary.map { $0.type == .text ? HTMLEscape.text($0.value) : $0.value } }
    /// The first content as HTML.
    var contentHTML: String? { content.first.map { $0.type == .text ? HTMLEscape.text($0.value) : $0.value } }
    /// The byline: author names (or e-mails) joined.
    var author: String? {
        let names = authors.compactMap(\.displayName)
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }
}
