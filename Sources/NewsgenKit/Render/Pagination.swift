/// How a list is split into numbered pages: written once, for every paginated route
/// (home, sources, tags, bookmarks) and for the sitemap's dates of those pages, so that
/// what the sitemap says a page shows is what the page shows.
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
