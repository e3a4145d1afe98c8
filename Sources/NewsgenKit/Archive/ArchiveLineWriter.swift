import Foundation
import NewsgenModel

/// One archive line (`ArchiveJSON`'s dialect) written straight into bytes: the same bytes
/// `ArchiveJSON.encoder()` makes of an `Article` (keys sorted, absent optionals left out,
/// slashes unescaped, dates as `RFC3339.string`), without Foundation's `JSONEncoder`,
/// whose boxing of every value was most of the Archive stage's time. `ArchiveLineWriterTests`
/// holds the two to the same bytes.
enum ArchiveLineWriter {
    /// `article` as one compact JSON object, without the line break.
    static func line(_ article: Article) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + (article.contentHTML?.utf8.count ?? 0) + (article.summaryHTML?.utf8.count ?? 0))
        append(article, to: &bytes)
        return Data(bytes)
    }

    /// Appends `article`'s JSON object to `bytes`. The keys in the order `.sortedKeys` gives them.
    static func append(_ article: Article, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        func key(_ name: StaticString) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            bytes.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
        }
        if let author = article.author { key("author"); appendString(author, to: &bytes) }
        if let content = article.contentHTML { key("contentHTML"); appendString(content, to: &bytes) }
        key("id"); appendString(article.id, to: &bytes)
        if let identityKey = article.identityKey { key("identityKey"); appendString(identityKey, to: &bytes) }
        if let imageURL = article.imageURL { key("imageURL"); appendString(imageURL, to: &bytes) }
        if let link = article.link { key("link"); appendString(link, to: &bytes) }
        if let published = article.published { key("published"); appendDate(published, to: &bytes) }
        key("slug"); appendString(article.slug, to: &bytes)
        key("sourceID"); appendString(article.sourceID, to: &bytes)
        if let summary = article.summaryHTML { key("summaryHTML"); appendString(summary, to: &bytes) }
        key("tags")
        bytes.append(UInt8(ascii: "["))
        for (index, tag) in article.tags.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(tag, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        key("title"); appendString(article.title, to: &bytes)
        if let updated = article.updated { key("updated"); appendDate(updated, to: &bytes) }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A JSON string as Foundation writes it: `"` and `\` escaped, `\b \f \n \r \t` short,
    /// other control characters as `\u00XX`, everything else (non-ASCII) as is; slashes too,
    /// unless `escapingSlashes` (`JSONEncoder` without `.withoutEscapingSlashes`) makes them `\/`.
    static func appendString(_ text: String, escapingSlashes: Bool = false, to bytes: inout [UInt8]) {
        JSONText.appendQuoted(text, to: &bytes, escaping: escapingSlashes ? [.shortBackspaceAndFormFeed, .slash] : .shortBackspaceAndFormFeed)
    }

    /// `RFC3339.string(from:)` in quotes, its digits written directly.
    static func appendDate(_ date: Date, to bytes: inout [UInt8]) {
        let whole = date.timeIntervalSince1970.rounded(.down)
        guard let seconds = Int(exactly: whole) else {
            appendString(RFC3339.string(from: date), to: &bytes)
            return
        }
        let c = CivilDate.components(secondsSince1970: seconds)
        guard (0...9999).contains(c.year) else {
            appendString(RFC3339.string(from: date), to: &bytes)
            return
        }
        // `"YYYY-MM-DDTHH:MM:SS`: each field with the separator before it.
        let fields: [(separator: UInt8, value: Int, digits: Int)] = [
            (UInt8(ascii: "\""), c.year, 4), (UInt8(ascii: "-"), c.month, 2), (UInt8(ascii: "-"), c.day, 2),
            (UInt8(ascii: "T"), c.hour, 2), (UInt8(ascii: ":"), c.minute, 2), (UInt8(ascii: ":"), c.second, 2),
        ]
        for field in fields {
            bytes.append(field.separator)
            appendDigits(field.value, count: field.digits, to: &bytes)
        }
        let millis = Int(((date.timeIntervalSince1970 - whole) * 1000).rounded())
        if millis > 0 && millis < 1000 {
            bytes.append(UInt8(ascii: "."))
            appendDigits(millis, count: 3, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
        bytes.append(UInt8(ascii: "\""))
    }

    /// `value` (0 ≤ value < 10^count) zero-padded to `count` digits.
    private static func appendDigits(_ value: Int, count: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
