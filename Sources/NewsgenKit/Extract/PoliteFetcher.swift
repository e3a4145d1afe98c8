import Foundation

/// Fetches the pages of teaser-only articles for full-text extraction (issue 17, ADR 024),
/// politely: over the same HTTP client as feeds (whole-exchange deadline, size cap,
/// redirects, gzip, the User-Agent with the contact), at most `perHostConcurrency`
/// requests at a time to a host and none sooner than `perHostDelaySeconds` after its
/// previous one finished, each host's robots.txt read first (once per call) and honoured,
/// and a host that asks for a pause (`Retry-After`) or fails left alone, in this build
/// and the next ones (`FetchState.hosts`). At most `maxPerBuild` pages and
/// `maxSecondsPerBuild` seconds a call, the newest articles first and the hosts in turn;
/// the rest wait for the next build.
///
/// Waits go through `network.sleep` and are measured on `network.clock`, so tests run at
/// once and can check them; `now` is the build's time, for state.json's dates. Never called
/// offline (the caller's choice).
enum PoliteFetcher {
    /// Sent for article pages: HTML first.
    static let pageAccept = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"
    /// Sent for robots.txt.
    static let robotsAccept = "text/plain,*/*;q=0.5"

    /// Fetches `requests` (newest article first) and returns each one's outcome, documents included.
    static func fetch(_ requests: [PageRequest], settings: PolitenessSettings, hosts: [String: FetchState.Host],
                      network: Network, now: Date) -> PageFetchReport<PageOutcome> {
        fetch(requests, settings: settings, hosts: hosts, network: network, now: now) { _, outcome in outcome }
    }

    /// Fetches `requests` and hands each outcome to `then`, which keeps what the caller needs:
    /// a fetched page's `then` runs on the worker that fetched it, as soon as it is in, so
    /// the page can be extracted there and its bytes let go (at most `workers` pages are
    /// held at once, not `maxPerBuild`); the other outcomes' `then` runs on the calling
    /// thread at the end, in request order.
    static func fetch<Outcome: Sendable>(_ requests: [PageRequest], settings: PolitenessSettings, hosts: [String: FetchState.Host],
                                         network: Network, now: Date,
                                         then: @escaping @Sendable (PageRequest, PageOutcome) -> Outcome) -> PageFetchReport<Outcome> {
        let settings = settings.clamped
        let scheduler = PageScheduler(requests, settings: settings, hosts: hosts, network: network, now: now)
        let pages = network.fetcher(deadline: settings.deadline, maxBytes: settings.maxPageBytes, userAgent: settings.userAgent, accept: pageAccept)
        let robots = network.fetcher(deadline: settings.deadline, maxBytes: settings.maxPageBytes, userAgent: settings.userAgent, accept: robotsAccept)
        let kept = KeptOutcomes<Outcome>()
        Workers.run(threads: min(settings.workers, scheduler.jobCount)) {
            while let job = scheduler.claim() {
                guard let url = turn(of: job, scheduler, network) else { continue }
                switch job {
                case .robots:
                    _ = scheduler.finish(job, robots.exchange(url))
                case .page(_, let index):
                    if let outcome = scheduler.finish(job, pages.exchange(url)) { kept.set(index, then(requests[index], outcome)) }
                }
            }
        }
        let books = scheduler.close()
        var outcomes: [String: Outcome] = [:]
        for (index, outcome) in books.decided.sorted(by: { $0.key < $1.key }) { outcomes[requests[index].key] = then(requests[index], outcome) }
        for (index, outcome) in kept.values { outcomes[requests[index].key] = outcome }
        return PageFetchReport(outcomes: outcomes, hosts: books.hosts, waiting: books.decided.values.filter(\.isWaiting).count)
    }

    /// Waits until `job` may be sent; its URL, or nil when it was dropped.
    private static func turn(of job: PageScheduler.Job, _ scheduler: PageScheduler, _ network: Network) -> URL? {
        while true {
            switch scheduler.begin(job) {
            case .go(let url): return url
            case .wait(let seconds): network.sleep(seconds)
            case .dropped: return nil
            }
        }
    }
}

/// What the workers' `then` made of fetched pages, by request index.
private final class KeptOutcomes<Outcome: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int: Outcome] = [:]

    func set(_ index: Int, _ outcome: Outcome) { lock.withLock { stored[index] = outcome } }

    var values: [Int: Outcome] { lock.withLock { stored } }
}
