import Foundation
import NewsgenModel

/// A list split by month (ADR 028): each month holds the positions in the list of its articles of that
/// UTC month (`YearMonth(listing:)`), in the list's order, newest month first. Positions rather than
/// articles, so a 100,000-article archive's lists are not copied once more. Written once for the pages
/// and the sitemap's dates of them, so that what the sitemap says a month shows is what it shows.
struct ListMonths: Sendable {
    struct Month: Sendable {
        let month: YearMonth
        /// Positions in the list, ascending.
        var positions: [Int]
    }

    /// Newest month first; no empty month.
    let months: [Month]

    /// The months of a list whose articles have `dates`, in the list's order.
    init(dates: some Sequence<Date?>) {
        var byMonth: [YearMonth: [Int]] = [:]
        for (position, date) in dates.enumerated() { byMonth[YearMonth(listing: date), default: []].append(position) }
        months = byMonth.map { Month(month: $0.key, positions: $0.value) }.sorted { $0.month > $1.month }
    }
}
