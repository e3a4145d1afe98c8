import Foundation
import NewsgenModel

/// A list split by month (ADR 028): each month holds the list's articles of that UTC month
/// (`YearMonth(listing:)`), in the list's order, newest month first. Written once for the pages
/// and the sitemap's dates of them, so that what the sitemap says a month shows is what it shows.
struct ListMonths<Item> {
    struct Month {
        let month: YearMonth
        var items: [Item]
    }

    /// Newest month first; no empty month.
    let months: [Month]

    init(_ items: [Item], date: (Item) -> Date?) {
        var byMonth: [YearMonth: [Item]] = [:]
        for item in items { byMonth[YearMonth(listing: date(item)), default: []].append(item) }
        months = byMonth.map { Month(month: $0.key, items: $0.value) }.sorted { $0.month > $1.month }
    }
}

extension ListMonths: Sendable where Item: Sendable {}
extension ListMonths.Month: Sendable where Item: Sendable {}
