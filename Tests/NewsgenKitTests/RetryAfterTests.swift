import Foundation
import Testing
@testable import NewsgenKit

/// `Retry-After` as seconds or as an HTTP date in the three forms RFC 9110
/// accepts, measured against the server's `Date` before the build's clock.
@Suite("Retry-After")
struct RetryAfterTests {
    /// 1994-11-06T08:49:37Z, RFC 9110's example.
    static let example = Date(timeIntervalSince1970: 784_111_777)
    static let serverDate = "Mon, 05 Jan 2026 10:00:00 GMT"
    static let tenOClock = Date(timeIntervalSince1970: 1_767_607_200)

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
                      "sun, 06 nov 1994 08:49:37 gmt", "  Sun Nov 6 08:49:37 1994  "])
    func theThreeFormsOfAnHTTPDate(text: String) {
        #expect(RetryAfter.httpDate(text) == Self.example)
    }

    @Test(arguments: [("Mon, 05 Jan 2026 10:00:30 GMT", 30.0), ("Monday, 05-Jan-26 10:01:00 GMT", 60.0),
                      ("Mon Jan  5 11:00:00 2026", 3600.0), ("Tue, 06 Jan 2026 10:00:00 GMT", 86_400.0)])
    func aDateIsMeasuredAgainstTheServersDate(header: String, seconds: Double) {
        #expect(RetryAfter.delay(header, serverDate: Self.serverDate) == seconds)
        // The server's clock wins over the build's, however far apart they are.
        #expect(RetryAfter.delay(header, serverDate: Self.serverDate, now: Self.tenOClock.addingTimeInterval(-7 * 86_400)) == seconds)
    }

    @Test func withoutAServerDateTheBuildsNowIsUsedAndWithNeitherTheWaitIsUnknown() {
        let header = "Mon, 05 Jan 2026 10:00:30 GMT"
        #expect(RetryAfter.delay(header, now: Self.tenOClock) == 30)
        #expect(RetryAfter.delay(header, serverDate: "yesterday", now: Self.tenOClock) == 30)
        #expect(RetryAfter.delay(header) == nil)
        #expect(RetryAfter.delay(header, serverDate: "yesterday") == nil)
    }

    @Test func aDateInThePastIsNoWait() {
        #expect(RetryAfter.delay("Mon, 05 Jan 2026 09:00:00 GMT", serverDate: Self.serverDate) == 0)
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:49:37 GMT", now: Self.tenOClock) == 0)
    }

    @Test(arguments: [("0", 0.0), ("120", 120.0), (" 7 ", 7.0), ("99999999999999999999", 1e20)])
    func aNumberIsSeconds(header: String, seconds: Double) {
        #expect(RetryAfter.delay(header) == seconds)
        #expect(RetryAfter.delay(header, serverDate: Self.serverDate, now: Self.tenOClock) == seconds)
    }

    @Test func aHugeWaitStillReadsAsANumber() {
        #expect(FetchError.seconds(1e20) == "1e+20 seconds")
        #expect(FetchError.seconds(3600) == "3600 seconds")
    }

    @Test(arguments: ["", "soon", "1.5", "-3", "+5", "1e3", "inf", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 06 Nov 1994 08:49:37",
                      "Sun, 6 Nov 1994 08:49:37 GMT", "Sun 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
                      "Sun, 31 Feb 1994 08:49:37 GMT", "Thu, 29 Feb 2023 00:00:00 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
                      "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nod 1994 08:49:37 GMT",
                      "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun, 06-Nov-94 08:49:37 GMT", "Funday, 06-Nov-94 08:49:37 GMT",
                      "Sunday, 06 Nov 94 08:49:37 GMT", "Sun Nov 06 08:49:37 94", "Sun Nov  6 08:49 1994", "Nov  6 08:49:37 1994"])
    func garbageIsNotADate(text: String) {
        #expect(RetryAfter.httpDate(text) == nil)
        #expect(RetryAfter.delay(text, serverDate: Self.serverDate, now: Self.tenOClock) == nil)
    }

    @Test func leapDaysAndLeapSeconds() {
        #expect(RetryAfter.httpDate("Thu, 29 Feb 2024 00:00:00 GMT") == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(RetryAfter.httpDate("Wed, 31 Dec 2025 23:59:60 GMT") == Date(timeIntervalSince1970: 1_767_225_600))
    }

    /// RFC 9110: a two-digit year more than 50 years ahead is the century before;
    /// without a reference, 00–69 are 20xx and 70–99 are 19xx.
    @Test(arguments: [("Friday, 01-Jan-99 00:00:00 GMT", 915_148_800.0), ("Saturday, 01-Jan-77 00:00:00 GMT", 220_924_800.0),
                      ("Wednesday, 01-Jan-76 00:00:00 GMT", 3_345_062_400.0), ("Monday, 05-Jan-26 10:00:00 GMT", 1_767_607_200.0)])
    func aTwoDigitYearIsTheNearestCentury(text: String, seconds: Double) {
        #expect(RetryAfter.httpDate(text, reference: Self.tenOClock) == Date(timeIntervalSince1970: seconds))
    }

    @Test func aTwoDigitYearWithoutAReference() {
        #expect(RetryAfter.httpDate("Thursday, 01-Jan-70 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(RetryAfter.httpDate("Monday, 05-Jan-26 10:00:00 GMT") == Self.tenOClock)
    }
}
