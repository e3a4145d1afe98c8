import Foundation

/// Why an article's page was not extracted, as `/sources/` says it in the site's language. `state.json`
/// keeps the English sentence the terminal printed (`ExtractionRecord.reason`, a format older releases
/// read); the page recognises the sentences newsgen itself writes and says each from the strings
/// table (`pageReason<Kind>`), with the status code filled in. A sentence it does not recognise is
/// shown as it was written. `PageFailureWordingTests` holds every sentence the Extract stage makes to a kind.
enum PageFailureWording {
    enum Kind: String, CaseIterable, Sendable {
        case httpStatus, timedOut, tooLarge, redirect, truncated, connection, unsupported, robots, notHTML
        case consentWall, paywall, noArticle, tooComplex, nothingLeft, parserStopped, savedPage

        /// Its key in the strings table: `pageReasonHttpStatus`.
        var key: String { "pageReason" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    /// How the sentences of each kind begin (or, for `notHTML`, end), in the order they are tried.
    private static let forms: [(kind: Kind, matches: @Sendable (String) -> Bool)] = [
        (.httpStatus, { $0.hasPrefix("the server answered HTTP ") }),
        (.timedOut, { $0.hasPrefix("no complete response within ") }),
        (.tooLarge, { $0.hasPrefix("the response is larger than ") || $0.hasPrefix("the response's headers are larger than ")
            || $0.hasPrefix("the page is larger than ") }),
        (.redirect, { $0.hasPrefix("more than ") && $0.contains(" redirects") || $0.hasPrefix("the server redirected to ") }),
        (.truncated, { $0.hasPrefix("the connection closed before the whole body arrived")
            || $0.hasPrefix("the connection was closed before the response was complete")
            || $0.hasPrefix("the server closed the connection without answering") }),
        (.connection, { $0.hasPrefix("could not connect") || $0 == "host not found" || $0.hasPrefix("the proxy failed")
            || $0.hasPrefix("the TLS connection failed") || $0 == "libcurl could not be started" }),
        (.unsupported, { $0.hasPrefix("unsupported URL scheme ") || $0.hasPrefix("the server sent the body in the ")
            || $0.hasPrefix("not a valid URL") }),
        (.robots, { $0.hasPrefix("robots.txt disallows ") }),
        (.notHTML, { $0.hasPrefix("the page is not HTML") || $0.hasPrefix("the page is ") && $0.hasSuffix(", not HTML") }),
        (.consentWall, { $0 == "the page is a cookie-consent wall" }),
        (.paywall, { $0 == "the article is behind a paywall" }),
        (.noArticle, { $0 == "no article found on the page" }),
        (.tooComplex, { $0.hasPrefix("the page has more than ") && $0.hasSuffix(" elements") }),
        (.nothingLeft, { $0 == "nothing of the article's text was left once sanitized" }),
        (.parserStopped, { $0.hasPrefix("the page's parser ") || $0.hasPrefix("reading the page took longer than ") }),
        (.savedPage, { $0.hasPrefix("the saved page ") }),
    ]

    /// The kind of `reason`, nil for a sentence newsgen does not write.
    static func kind(of reason: String) -> Kind? {
        forms.first { $0.matches(reason) }?.kind
    }

    /// `reason` in the language of `strings`; as written when its kind is not known.
    static func say(_ reason: String, in strings: ThemeStrings) -> String {
        guard let kind = kind(of: reason) else { return reason }
        var values: [String: String] = [:]
        if kind == .httpStatus {
            values["status"] = String(reason.dropFirst("the server answered HTTP ".count).prefix { $0.isNumber })
        }
        return strings.text(kind.key, values)
    }
}
