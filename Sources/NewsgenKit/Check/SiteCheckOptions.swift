import Foundation

/// What `newsgen check` was asked to do.
public struct SiteCheckOptions: Sendable {
    /// Fetch no url source: each is listed as skipped instead.
    public var offline: Bool
    /// The built site whose links are checked; nil means the site's `public/`.
    public var output: URL?
    /// Seconds the first fetch retry waits; each next one waits twice as long (tests make it short).
    public var retryBackoff: Double
    /// How url sources are fetched and retries wait: the real network unless a test gives a stub.
    public var network: Network = .live

    /// The defaults check everything, the network included, and the site's own `public/`.
    public init(offline: Bool = false, output: URL? = nil, retryBackoff: Double = 1) {
        self.offline = offline
        self.output = output
        self.retryBackoff = retryBackoff
    }
}
