/// How a list is split into numbered pages: written once, for the bookmarks pages and the
/// sitemap's dates of them, so that what the sitemap says a page shows is what the page shows,
/// and for how many numbered pages the other lists had before they went by month (their
/// redirects, ADR 028).
struct Pagination: Sendable, Equatable {
    /// Items a page holds: `pageSize`, at least one.
    let size: Int

    init(pageSize: Int) {
        size = max(1, pageSize)
    }

    /// Pages for `count` items; one (empty) page when there are none.
    func pageCount(of count: Int) -> Int {
        max(1, (count + size - 1) / size)
    }

    /// What page `page` (from 1) of `items` shows; empty past the end, also for a
    /// page number so large that its first index does not fit in an `Int`.
    func items<Items: Collection>(of items: Items, page: Int) -> Items.SubSequence {
        let (skipped, overflow) = (max(page, 1) - 1).multipliedReportingOverflow(by: size)
        guard !overflow else { return items.dropFirst(items.count) }
        return items.dropFirst(skipped).prefix(size)
    }
}
