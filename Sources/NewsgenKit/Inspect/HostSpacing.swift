import Foundation

/// Politeness for the URLs of a bulk `newsgen extract`: the pages are read one at a time, so a
/// host never has two requests at once, and a host's next request waits until `delay` seconds
/// (site.json's `extract.perHostDelaySeconds` default, 2 s) after its previous one ended, as a
/// build's page fetches do. Files cost no wait. Pure: the caller reads the clock and sleeps.
public struct HostSpacing: Sendable {
    public var delay: Double
    private var lastEnded: [String: Double] = [:]

    public init(delay: Double) {
        self.delay = delay
    }

    /// Seconds to wait before sending a request to `host` at `now`; 0 when it may go at once.
    public func wait(for host: String, now: Double) -> Double {
        guard let ended = lastEnded[host.lowercased()] else { return 0 }
        return max(0, ended + delay - now)
    }

    /// A request to `host` ended at `now`.
    public mutating func ended(_ host: String, at now: Double) {
        lastEnded[host.lowercased()] = now
    }

    /// The host `source` is fetched from: its host when it is an http(s) URL, nil for a file.
    public static func host(of source: String) -> String? {
        guard let scheme = Inspector.urlScheme(of: source), scheme == "http" || scheme == "https" else { return nil }
        return URLComponents(string: source)?.host
    }
}
