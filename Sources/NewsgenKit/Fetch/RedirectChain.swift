import Foundation

/// The redirects of one exchange, followed by newsgen itself (libcurl follows none): each
/// `Location` is resolved against the address that sent it (RFC 9110 §10.2.2: it may be
/// relative), must be http or https with a host, and at most `limit` are followed in a row.
/// Pure: it only decides; `HTTPFetcher` does the asking.
struct RedirectChain {
    /// The statuses that send a GET elsewhere (300 and 305 are not followed, as by browsers).
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    let limit: Int
    /// The address asked now: the first, then each redirect's target.
    private(set) var current: URL
    private(set) var hops = 0
    private var allPermanent = true
    /// Where the chain has led so far when every hop was permanent (301 or 308); nil once
    /// one was not, or before the first.
    private(set) var permanentTarget: URL?

    init(from url: URL, limit: Int) {
        current = url
        self.limit = limit
    }

    /// The next address to ask, nil when `response` is the answer itself (not a redirect,
    /// or a redirect status without a `Location`), or why the chain goes no further.
    mutating func next(after response: HTTPResponse) -> Result<URL?, FetchError> {
        guard Self.statuses.contains(response.status), let location = response.headers["Location"] else { return .success(nil) }
        guard let target = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: current)?.absoluteURL else {
            return .failure(.invalidRedirect)
        }
        let scheme = target.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else { return .failure(.redirectToScheme(scheme)) }
        guard let host = target.host, !host.isEmpty else { return .failure(.invalidRedirect) }
        guard hops < limit else { return .failure(.tooManyRedirects(limit: limit)) }
        hops += 1
        allPermanent = allPermanent && (response.status == 301 || response.status == 308)
        permanentTarget = allPermanent ? target : nil
        current = target
        return .success(target)
    }
}
