import Foundation

extension Wording {
    /// When a wait ends, as a person reads it: "12:50 UTC (in 15 min)", with the day in front
    /// ("2 Dec 2026, 08:00 UTC (in 21 h 10 min)") when it is not `now`'s day. The end is
    /// rounded up to the whole minute, so "next try after" it stays true. Measured from the
    /// `now` passed in, never the clock.
    static func waitEnd(_ end: Date, now: Date) -> String {
        let seconds = end.timeIntervalSince1970
        let minute = Date(timeIntervalSince1970: (seconds / 60).rounded(.up) * 60)
        let utc = DateDisplay(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        let sameDay = utc.iso(minute).prefix(10) == utc.iso(now).prefix(10)
        let time = sameDay ? String(utc.iso(minute).dropFirst(11).prefix(5)) + " UTC" : utc.displayWithTime(minute)
        let minutes = max(1, Int((minute.timeIntervalSince(now) / 60).rounded(.up)))
        let span = minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min")
        return "\(time) (in \(span))"
    }
}
