import Foundation
import NewsgenModel

/// Where the Fetch stage and the image cache touch the world, as one value passed in
/// from the top (`BuildOptions`, `SiteCheckOptions`): how a request is sent, how a retry
/// waits, and the monotonic clock a deadline runs on. `live` is libcurl, `Thread.sleep`
/// and the uptime clock; a test passes a transport that answers from a table, a sleeper
/// that only records, and a clock it moves itself, so retries, back-off, conditional
/// requests and redirects are checked in memory, without a socket or a real wait.
public struct Network: Sendable {
    /// Sends each request, one per redirect hop.
    public var transport: HTTPTransport
    /// Waits between two attempts at one source, in seconds.
    public var sleep: @Sendable (Double) -> Void
    /// Monotonic seconds, for the whole-exchange deadline (not the wall clock, which can jump).
    public var clock: @Sendable () -> Double

    /// The real network, unless a part is given.
    public init(transport: HTTPTransport = .live, sleep: @escaping @Sendable (Double) -> Void = Network.threadSleep,
                clock: @escaping @Sendable () -> Double = HTTPFetcher.monotonicSeconds) {
        self.transport = transport
        self.sleep = sleep
        self.clock = clock
    }

    /// libcurl, `Thread.sleep` and the uptime clock: what the command line uses.
    public static let live = Network()

    /// Blocks the calling worker thread for `seconds`.
    public static func threadSleep(_ seconds: Double) {
        Thread.sleep(forTimeInterval: seconds)
    }

    /// An `HTTPFetcher` that sends through this network and keeps its deadline on this clock.
    func fetcher(deadline: Double, maxBytes: Int, userAgent: String, accept: String = HTTPFetcher.accept) -> HTTPFetcher {
        HTTPFetcher(deadline: deadline, maxBytes: maxBytes, userAgent: userAgent, accept: accept, transport: transport, clock: clock)
    }

    /// The fetcher for one feed with a site's fetch settings (its timeout, size limit and User-Agent):
    /// what `source add` and the check after `source import` ask with.
    func feedFetcher(_ fetch: FetchConfig) -> HTTPFetcher {
        fetcher(deadline: Double(fetch.timeoutSeconds), maxBytes: fetch.maxFeedMB * 1_048_576, userAgent: fetch.userAgent)
    }
}
