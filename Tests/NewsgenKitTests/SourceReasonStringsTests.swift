import Foundation
import Testing
@testable import NewsgenKit

/// Every kind of reason a source is skipped or failed for has its sentence in each built-in language,
/// translated, and each reason the code makes fills in every `{name}` its sentence holds (issue 34, point 6).
@Suite("Source reasons in the strings tables")
struct SourceReasonStringsTests {

    /// One reason of each kind, as the fetcher, the file reader, the parser and the back-off make them.
    static let reasons: [SourceReason] = {
        let address = "https://news.example/feed.xml"
        let errors: [FetchError] = [.httpStatus(404), .timedOut(seconds: 20), .tooLarge(limit: 20 << 20), .decompressedTooLarge(limit: 20 << 20),
                                    .headersTooLarge(limit: 64 << 10), .tooManyRedirects(limit: 5), .redirectToScheme("ftp"), .invalidRedirect,
                                    .truncated(received: 10, announced: 20), .transport("could not connect"), .unsupportedScheme("ftp"),
                                    .unsupportedEncoding("br")]
        var reasons = errors.map { SourceReason.fetch($0, address: address, text: $0.description) }
        reasons += [SourceReason(.offline, text: "offline"), SourceReason(.notRead, text: "not read"),
                    SourceReason(.backingOff, count: 3, time: Date(timeIntervalSince1970: 1_796_000_000), text: "backing off"),
                    SourceReason(.fileMissing, ["path": "feeds/a.xml"], text: "missing"),
                    SourceReason(.fileUnreadable, ["path": "feeds/a.xml"], text: "unreadable"),
                    SourceReason(.notAFeed, ["address": address], text: "not a feed"), SourceReason(.webPage, ["address": address], text: "page")]
        return reasons
    }()

    @Test func theSampleHasEveryKind() {
        #expect(Set(Self.reasons.map(\.kind)) == Set(SourceReason.Kind.allCases))
    }

    @Test("Each language has every reason's sentence, translated", arguments: ThemeLanguage.builtIn)
    func everyKindHasASentenceInEachLanguage(_ language: String) throws {
        try BuiltInStrings.expectTranslated(SourceReason.Kind.allCases.map(\.key), in: language)
    }

    @Test("Each reason is said with every placeholder filled in", arguments: ThemeLanguage.builtIn)
    func everyPlaceholderIsFilled(_ language: String) throws {
        let table = try BuiltInStrings.table(language)
        let dates = DateDisplay(timeZone: TimeZone(identifier: "Europe/Berlin")!, strings: table)
        for reason in Self.reasons {
            let said = reason.sentence(table, dates)
            #expect(!said.contains("{") && !said.hasPrefix("reason"), "\(language): \(reason.kind): \(said)")
        }
    }

    @Test func aGermanHTTPStatusNamesTheAddressAndTheCode() throws {
        let table = try BuiltInStrings.table("de")
        let dates = DateDisplay(timeZone: TimeZone(identifier: "Europe/Berlin")!, strings: table)
        let say = { (reason: SourceReason) in reason.sentence(table, dates) }
        #expect(say(Self.reasons[0]) == "https://news.example/feed.xml: Der Server antwortete mit HTTP 404.")
        #expect(say(Self.reasons[1]) == "https://news.example/feed.xml: keine vollständige Antwort innerhalb von 20 s.")
        #expect(say(Self.reasons[2]) == "https://news.example/feed.xml: Die Antwort ist größer als 20 MB.")
    }
}
