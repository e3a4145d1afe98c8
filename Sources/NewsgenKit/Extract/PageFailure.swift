import Foundation

/// Why one article page will not be extracted: the page's own fault, not its host's
/// (a host that is down or asked for a pause makes its pages wait instead, `PageWait`).
/// A page that times out or answers 5xx while its host is otherwise answering is its own
/// fault too (`HostQueue.pagesDownBeforeHostFails`): it backs off alone (`ExtractionRecord`).
struct PageFailure: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for code that treats failures differently.
    enum Kind: Sendable, Equatable {
        /// The final answer's status: a 4xx other than 429, a status newsgen does not follow, or
        /// a 5xx (or 429 without `Retry-After`) of one page among pages that answer.
        case http(Int)
        /// The exchange failed on the page itself (too large, a redirect fault, not http or https,
        /// or a timeout or lost connection of one page among pages that answer).
        case network(FetchError)
        /// The host's robots.txt disallows the page for newsgen.
        case robots
        /// The server says the page is of this media type (lowercased, parameters left out), which is not HTML.
        case notHTML(String)
        /// The URL has no host to ask.
        case invalidURL
    }

    var kind: Kind
    /// A sentence for the warning, without the URL (the caller puts it in front).
    var reason: String

    var description: String { reason }

    /// The failure of a final status.
    static func http(_ status: Int) -> PageFailure {
        PageFailure(kind: .http(status), reason: FetchError.httpStatus(status).description)
    }

    /// The failure of an exchange that went wrong on the page.
    static func network(_ error: FetchError) -> PageFailure {
        PageFailure(kind: .network(error), reason: error.description)
    }

    /// A page robots.txt keeps newsgen (`token`, its product name) away from.
    static func robots(_ token: String) -> PageFailure {
        PageFailure(kind: .robots, reason: "robots.txt disallows \(token.isEmpty ? "newsgen" : token)")
    }

    /// A page whose stated type is `mediaType`, not HTML.
    static func notHTML(_ mediaType: String) -> PageFailure {
        PageFailure(kind: .notHTML(mediaType), reason: "the page is \(mediaType), not HTML")
    }

    /// A URL without a host.
    static let invalidURL = PageFailure(kind: .invalidURL, reason: "not a valid URL (it has no host)")
}
