import Foundation

extension FeedDate {
    /// C's asctime order, as some feeds write it: `Sun Jan  4 16:29:06 2004`,
    /// or with a zone before the year (`Sun Jul 15 01:16:00 +0000 2012`, Twitter's
    /// form). Without a zone the time is UTC, as feedparser reads it.
    public static func asctime(_ text: String) -> Date? {
        var tokens = RFC822Tokens(text)
        if let first = tokens.peek, weekday(first) { tokens.next() }
        guard let monthToken = tokens.next(), let month = month(monthToken),
              let dayToken = tokens.next(), let day = number(dayToken),
              let timeToken = tokens.next(), let time = time(timeToken),
              var yearToken = tokens.next() else { return nil }
        var offset = 0
        if let next = tokens.next() {
            guard let value = zone(yearToken) else { return nil }
            offset = value
            yearToken = next
        }
        guard tokens.peek == nil, yearToken.allSatisfy(\.isDigit), let year = year(yearToken) else { return nil }
        return makeDate(year: year, month: month, day: day, hour: time.hour, minute: time.minute,
                        second: time.second, offsetSeconds: offset)
    }
}
