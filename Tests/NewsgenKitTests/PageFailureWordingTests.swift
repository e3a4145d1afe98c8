import Foundation
import NewsgenExtract
import Testing
@testable import NewsgenKit

/// `/sources/` says why an article's page was not extracted in the site's language: every sentence the
/// Extract stage writes into state.json is recognised as one kind, and every kind has its phrase in each
/// built-in language (issue 34, point 6). A sentence newsgen does not write is shown as it is.
@Suite("Full-text failures in the site's language")
struct PageFailureWordingTests {
    /// Every sentence the Extract stage keeps as a page's failure, from the code that makes it.
    static let sentences: [String] = {
        let errors: [FetchError] = [.httpStatus(404), .httpStatus(503), .timedOut(seconds: 8), .tooLarge(limit: 5 << 20),
                                    .decompressedTooLarge(limit: 5 << 20), .headersTooLarge(limit: 64 << 10), .tooManyRedirects(limit: 5),
                                    .redirectToScheme("ftp"), .invalidRedirect, .truncated(received: 10, announced: 20),
                                    .truncated(received: nil, announced: nil), .unsupportedScheme("ftp"), .unsupportedEncoding("br"),
                                    .transport("libcurl could not be started"), .transport("the connection was closed before the response was complete"),
                                    .transport("the server closed the connection without answering"),
                                    .transport("could not connect (connection refused)"), .transport("could not connect"),
                                    .transport("host not found"), .transport("the proxy failed (x)"), .transport("the TLS connection failed (x)")]
        let pages: [PageFailure] = [.robots("newsgen"), .notHTML("application/pdf"), .invalidURL] + errors.map(PageFailure.network)
        let extraction: [NotFoundReason] = [.notHTML("image/png"), .notHTML(nil), .consentWall, .paywall, .noArticle, .tooLarge(5_000_000),
                                            .tooComplex(100_000)]
        let sandbox = [SandboxFailure(loss: .died(signal: 11), seconds: 10), SandboxFailure(loss: .died(signal: 0), seconds: 10),
                       SandboxFailure(loss: .timedOut, seconds: 10)]
        return pages.map(\.reason) + extraction.map(\.description) + sandbox.map(\.description) + [
            "nothing of the article's text was left once sanitized",
            "the saved page content/saved-pages/example.org/a is larger than 5 MB",
            "the saved page content/saved-pages/example.org/a cannot be read",
        ]
    }()

    @Test func everySentenceTheExtractStageWritesHasAKind() {
        for sentence in Self.sentences { #expect(PageFailureWording.kind(of: sentence) != nil, "\(sentence)") }
        #expect(Set(Self.sentences.compactMap(PageFailureWording.kind(of:))) == Set(PageFailureWording.Kind.allCases))
        #expect(PageFailureWording.kind(of: "something a newer newsgen wrote") == nil)
    }

    @Test("Each language has every kind's phrase, translated and filled in", arguments: ThemeLanguage.builtIn)
    func everyKindHasAPhraseInEachLanguage(_ language: String) throws {
        try BuiltInStrings.expectTranslated(PageFailureWording.Kind.allCases.map(\.key), in: language)
        let table = try BuiltInStrings.table(language)
        for sentence in Self.sentences {
            let said = PageFailureWording.say(sentence, in: table)
            #expect(!said.contains("{") && !said.hasPrefix("pageReason"), "\(language): \(sentence) → \(said)")
        }
    }

    @Test func germanSaysTheStatusCodeAndAnUnknownSentenceStaysAsWritten() throws {
        let german = try BuiltInStrings.table("de")
        #expect(PageFailureWording.say(FetchError.httpStatus(404).description, in: german) == "der Server antwortete mit HTTP 404")
        #expect(PageFailureWording.say("the article is behind a paywall", in: german) == "der Artikel steht hinter einer Bezahlschranke")
        #expect(PageFailureWording.say("robots.txt disallows newsgen", in: german) == "robots.txt hält newsgen fern")
        #expect(PageFailureWording.say("a sentence of a newer newsgen", in: german) == "a sentence of a newer newsgen")
    }
}
