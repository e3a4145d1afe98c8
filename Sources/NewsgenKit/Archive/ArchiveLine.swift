import Foundation
import NewsgenModel

/// One archive line read as an `Article`, with the keys it holds that `Article` does not know:
/// a line a newer newsgen wrote, whose fields this one would drop on the next save, so the
/// load refuses it (ADR 015). Both come from one parse of the line.
struct ArchiveLine: Decodable {
    /// The keys `ArchiveLineWriter` writes; `ArchiveLineWriterTests` holds the two together.
    static let knownKeys: Set<String> = [
        "author", "contentHTML", "id", "identityKey", "imageURL", "link", "published", "slug", "sourceID", "summaryHTML", "tags", "title", "updated",
    ]

    var article: Article
    /// Sorted, so the message names the same one each time.
    var unknownKeys: [String]

    init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        unknownKeys = keys.filter { !Self.knownKeys.contains($0) }.sorted()
        article = try Article(from: decoder)
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
