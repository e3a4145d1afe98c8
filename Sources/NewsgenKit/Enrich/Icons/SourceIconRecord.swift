import Foundation
import NewsgenModel

/// What the last look at a source's favicon found (issue 34), kept in the image cache's folder as
/// `icons.json` beside the cache's own index: a cache, never the user's truth, so a lost file only
/// costs one more look. A source is looked at again once `SourceIcons.interval` has passed since
/// `checkedAt`, or when its home page changed.
struct SourceIconRecord: Sendable, Equatable {
    /// The home page looked at.
    var home: String
    /// The icon found there (`<link rel="icon">`, else `/favicon.ico`), nil when there was none.
    var icon: String?
    /// The build's "now" when it was looked at.
    var checkedAt: Date

    static let fileName = "icons.json"

    /// The records in `data`; none when it is not a records file (it is then written anew).
    static func read(_ data: Data) -> [String: SourceIconRecord] {
        guard let document = try? JSONDocument(data), let root = try? JSONFieldReader(document.root),
              let entries = try? root.objects(in: "sources") else { return [:] }
        var records: [String: SourceIconRecord] = [:]
        for (id, entry) in entries {
            guard let home = try? entry.string("home"), let checkedAt = try? entry.date("checkedAt") else { continue }
            records[id] = SourceIconRecord(home: home, icon: (try? entry.optionalString("icon")) ?? nil, checkedAt: checkedAt)
        }
        return records
    }

    static func json(_ records: [String: SourceIconRecord]) -> Data {
        JSONWriter.foundationPrettyDocument { writer in
            writer.sortedObjects("sources", records) { writer, record in
                writer.key("checkedAt"); writer.date(record.checkedAt)
                writer.key("home"); writer.string(record.home)
                writer.optional("icon", record.icon)
            }
        }
    }
}
