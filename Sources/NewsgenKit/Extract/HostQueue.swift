import Foundation

/// One host's share of a `PoliteFetcher.fetch` call: its pages in priority order, its
/// robots.txt, what is in flight, when it may next be asked, and why it is asked no more.
struct HostQueue: Sendable {
    /// Where the host's robots.txt stands in this call.
    enum Robots: Sendable {
        /// Not fetched (`robots: false`).
        case notNeeded
        /// To be fetched before any page.
        case due
        /// Being fetched: no page is asked for until it is read.
        case inFlight
        /// Read: every page is checked against it.
        case read(RobotsTxt)
    }

    /// Lowercased host, `:port` when not the scheme's default.
    let key: String
    /// `/robots.txt` on the scheme, host and port of the host's newest page.
    let robotsURL: URL
    var robots: Robots
    /// Indexes into the call's requests, newest first.
    var pages: [Int] = []
    /// The next of `pages` to take.
    var next = 0
    /// Requests claimed and not finished (robots.txt included).
    var inFlight = 0
    /// On `network.clock`: the host's latest request finished plus the per-host delay.
    var readyAt = -Double.infinity
    /// Why the rest of the host's pages wait; nil while they may still be asked for.
    var stopped: PageWait?
    /// The host failed or asked for a pause in this call: a later answer does not clear its memory.
    var troubled = false
    /// Pages of this call in a row whose exchange went wrong as a failing host's do (a timeout, a 5xx,
    /// no connection); an answer sets it back to 0.
    var pagesDownInARow = 0

    /// Pages in a row that must go wrong before the host, not the page, is taken to be failing. One page
    /// that hangs fails alone and waits its own back-off, so the host's older pages still get their turn;
    /// a second one in a row (or an unreadable robots.txt) means the host is down, and the rest wait.
    static let pagesDownBeforeHostFails = 2

    /// Pages not yet taken.
    var hasPages: Bool { next < pages.count }

    /// The host key of `url`: nil without a host.
    static func key(of url: URL) -> String? {
        guard let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        let defaultPort = url.scheme?.lowercased() == "https" ? 443 : 80
        guard let port = url.port, port != defaultPort else { return host }
        return "\(host):\(port)"
    }

    /// `/robots.txt` at `url`'s scheme, host and port (RFC 9309 §2.3).
    static func robotsURL(for url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        components.user = nil
        components.password = nil
        components.percentEncodedPath = "/robots.txt"
        components.query = nil
        components.fragment = nil
        return components.url
    }
}
