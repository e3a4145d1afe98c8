import Foundation
import NewsgenModel

/// `fetch.maxItemsPerFeed`: the newest items of one feed, so that a feed of
/// 100,000 items costs a build no more than one of a thousand.
enum FeedItemCap {
    /// At most `limit` of `items`: the newest by date (published, else updated);
    /// undated items rank after dated ones, in document order, since feeds list
    /// their newest first. The items kept stay in document order.
    static func newest(_ items: [ParsedItem], limit: Int) -> [ParsedItem] {
        guard items.count > limit else { return items }
        let ranked = items.indices.sorted { left, right in
            switch (date(items[left]), date(items[right])) {
            case let (a?, b?): return a != b ? a > b : left < right
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return left < right
            }
        }
        return ranked.prefix(max(0, limit)).sorted().map { items[$0] }
    }

    private static func date(_ item: ParsedItem) -> Date? { item.published ?? item.updated }
}
