import Foundation
@testable import NewsgenKit
import NewsgenModel
import Testing

/// The end of a back-off as a warning says it: a time of day, the day too when it is not today,
/// and how long that is from the `now` passed in.
@Suite("Wait wording")
struct WaitWordingTests {
    static func date(_ text: String) throws -> Date { try #require(RFC3339.date(from: text)) }

    @Test func aTimeWithMillisecondsIsRoundedUpToTheMinute() throws {
        #expect(Wording.waitEnd(try Self.date("2026-11-16T12:49:17.401Z"), now: try Self.date("2026-11-16T12:34:00Z"))
                == "12:50 UTC (in 16 min)")
    }

    @Test func aWholeMinuteStaysAndHoursAreCounted() throws {
        #expect(Wording.waitEnd(try Self.date("2026-11-16T14:05:00Z"), now: try Self.date("2026-11-16T12:00:00Z")) == "14:05 UTC (in 2 h 5 min)")
        #expect(Wording.waitEnd(try Self.date("2026-11-16T14:00:00Z"), now: try Self.date("2026-11-16T12:00:00Z")) == "14:00 UTC (in 2 h)")
        #expect(Wording.waitEnd(try Self.date("2026-11-16T12:00:10Z"), now: try Self.date("2026-11-16T12:00:00Z")) == "12:01 UTC (in 1 min)")
    }

    @Test func anotherDayIsNamed() throws {
        #expect(Wording.waitEnd(try Self.date("2026-11-17T08:00:00Z"), now: try Self.date("2026-11-16T10:50:00Z"))
                == "17 Nov 2026, 08:00 UTC (in 21 h 10 min)")
    }
}
