import Foundation
import NewsgenModel

/// The books of one `PoliteFetcher.fetch` call, kept under one lock for its worker threads:
/// which host is next (in turn, in the order of their newest pages), when each host may be
/// asked again (its latest request's end plus the per-host delay, on `network.clock`), how
/// many requests each has in flight, the budgets, and the hosts' memory for state.json.
///
/// A worker `claim`s a job, waits its turn (`begin` says how long; the worker sleeps with
/// `network.sleep`), sends it and hands the exchange to `finish`. A job is claimed from the
/// first host in turn that may be asked now, else from the one that may be asked soonest,
/// so one slow or paused host never holds the others up.
final class PageScheduler: @unchecked Sendable {
    /// One request to send.
    enum Job: Sendable, Equatable {
        case robots(host: Int)
        case page(host: Int, request: Int)

        var host: Int {
            switch self {
            case .robots(let host), .page(let host, _): return host
            }
        }
    }

    /// What a claimed job may do now.
    enum Start: Sendable, Equatable {
        /// Send to this URL.
        case go(URL)
        /// Not yet: sleep this long and ask again.
        case wait(seconds: Double)
        /// Not in this call (the time budget ran out, the host stopped); its page's outcome is decided.
        case dropped
    }

    /// What the call decided, once every worker has returned.
    struct Books: Sendable {
        /// By request index: the outcomes not handed to a worker's `then` (waits, robots refusals, bad URLs).
        var decided: [Int: PageOutcome]
        /// The hosts' memory, corrected and without what is no longer worth keeping.
        var hosts: [String: FetchState.Host]
    }

    let requests: [PageRequest]
    let settings: PolitenessSettings
    /// newsgen's product token, for robots.txt groups and their refusals.
    let productToken: String
    private let network: Network
    private let now: Date
    private let start: Double
    private let condition = NSCondition()
    private var queues: [HostQueue] = []
    private var cursor = 0
    private var pagesStarted = 0
    private var decided: [Int: PageOutcome] = [:]
    private var remembered: [String: FetchState.Host]

    /// Sorts `requests` into hosts (of two requests with one key, the first is kept), decides
    /// those that cannot be sent, and holds back the hosts `hosts` says are paused or backing off.
    init(_ requests: [PageRequest], settings: PolitenessSettings, hosts: [String: FetchState.Host], network: Network, now: Date) {
        self.requests = requests
        self.settings = settings
        self.network = network
        self.now = now
        productToken = RobotsTxt.productToken(of: settings.userAgent)
        remembered = hosts
        var queueOfHost: [String: Int] = [:]
        var keys: Set<String> = []
        for (index, request) in requests.enumerated() where keys.insert(request.key).inserted {
            let scheme = request.url.scheme?.lowercased() ?? ""
            guard scheme == "http" || scheme == "https" else {
                decided[index] = .failed(.network(.unsupportedScheme(scheme)))
                continue
            }
            guard let key = HostQueue.key(of: request.url), let robotsURL = HostQueue.robotsURL(for: request.url) else {
                decided[index] = .failed(.invalidURL)
                continue
            }
            if let queue = queueOfHost[key] {
                queues[queue].pages.append(index)
                continue
            }
            var queue = HostQueue(key: key, robotsURL: robotsURL, robots: settings.robots ? .due : .notNeeded, pages: [index])
            if let memory = remembered[key]?.corrected(at: now) {
                remembered[key] = memory
                queue.stopped = memory.wait(at: now)
            }
            queueOfHost[key] = queues.count
            queues.append(queue)
        }
        start = network.clock()
    }

    /// The most jobs this call could send: more workers than that would only wait.
    var jobCount: Int {
        condition.withLock { queues.reduce(0) { $0 + $1.pages.count + (settings.robots ? 1 : 0) } }
    }

    /// The next job, waiting while every host that has one is busy; nil when nothing is left.
    func claim() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let clock = network.clock()
            var soonest: (job: Job, at: Double)?
            for offset in 0..<queues.count {
                let index = (cursor + offset) % queues.count
                guard let job = nextJob(of: index) else { continue }
                let at = max(queues[index].readyAt, clock)
                guard at < budgetEnd else {
                    queues[index].stopped = .timeBudget
                    continue
                }
                if at <= clock { return take(job) }
                if soonest.map({ at < $0.at }) ?? true { soonest = (job, at) }
            }
            if let soonest { return take(soonest.job) }
            guard queues.contains(where: { $0.inFlight > 0 }) else { return nil }
            condition.wait()
        }
    }

    /// Whether a claimed job may be sent now, must wait, or is dropped.
    func begin(_ job: Job) -> Start {
        condition.lock()
        defer { condition.unlock() }
        let host = job.host
        let clock = network.clock()
        if queues[host].stopped == nil, max(queues[host].readyAt, clock) >= budgetEnd { queues[host].stopped = .timeBudget }
        // A page claimed before the page budget ran out is still sent.
        if let stopped = queues[host].stopped, stopped != .pageBudget {
            queues[host].inFlight -= 1
            switch job {
            case .robots: queues[host].robots = .due
            case .page(_, let request):
                pagesStarted -= 1
                decided[request] = .waiting(stopped)
            }
            condition.broadcast()
            return .dropped
        }
        // Another request to the host may have finished while this one waited.
        if queues[host].readyAt > clock { return .wait(seconds: queues[host].readyAt - clock) }
        switch job {
        case .robots: return .go(queues[host].robotsURL)
        case .page(_, let request): return .go(requests[request].url)
        }
    }

    /// Books a job's exchange: the host's next turn, its robots.txt, its memory. Returns the
    /// page's outcome when it is the page's own (fetched or failed, a page that timed out or
    /// answered 5xx while its host's other pages answer included), for the worker's `then`;
    /// nil for robots.txt and for a page that waits because its host paused or failed.
    func finish(_ job: Job, _ exchange: HTTPExchange) -> PageOutcome? {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        let host = job.host
        let clock = network.clock()
        let moment = wallTime(clock)
        queues[host].inFlight -= 1
        queues[host].readyAt = max(queues[host].readyAt, clock + settings.perHostDelaySeconds)
        let signal = PoliteFetcher.signal(of: exchange, at: moment)
        switch job {
        case .robots:
            if signal == .answered, let robots = PoliteFetcher.robots(of: exchange, productToken: productToken) {
                queues[host].robots = .read(robots)
                answered(host)
            } else {
                queues[host].robots = .due
                // A robots.txt that cannot be read is a host that cannot be crawled in this build.
                failed(host, signal == .answered ? .down : signal, at: moment)
            }
            return nil
        case .page(_, let request):
            switch signal {
            case .answered:
                answered(host)
                return PoliteFetcher.pageOutcome(of: exchange)
            case .down where queues[host].pagesDownInARow + 1 < HostQueue.pagesDownBeforeHostFails:
                // One page that hangs or errs is that page's trouble: it fails (and backs off on its own,
                // `ExtractionRecord`), and the host's other pages go ahead in their turn.
                queues[host].pagesDownInARow += 1
                return PoliteFetcher.pageOutcome(of: exchange)
            case .down, .paused:
                failed(host, signal, at: moment)
                decided[request] = .waiting(queues[host].stopped ?? .timeBudget)
                return nil
            }
        }
    }

    /// The call's decisions once every worker has returned: the pages left in each host wait
    /// for the reason it stopped.
    func close() -> Books {
        condition.withLock {
            for queue in queues where queue.hasPages {
                for request in queue.pages[queue.next...] { decided[request] = .waiting(queue.stopped ?? .timeBudget) }
            }
            // Corrected against the call's end, not its start: a pause or failure booked in this call is dated after `now`.
            let end = wallTime(network.clock())
            let hosts = remembered.compactMapValues { $0.corrected(at: end).kept() }
            return Books(decided: decided, hosts: hosts)
        }
    }

    /// On `network.clock`: no request starts at or after this.
    private var budgetEnd: Double { start + settings.maxSecondsPerBuild }

    /// The build's time at a reading of `network.clock`, to the second.
    private func wallTime(_ clock: Double) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 + max(0, clock - start)).rounded(.down))
    }

    /// The host's next job if it may have one now: robots.txt first, then its newest page
    /// robots.txt allows (the others are decided as refused on the way). Marks the host
    /// stopped when the page budget is spent.
    private func nextJob(of index: Int) -> Job? {
        guard queues[index].stopped == nil, queues[index].inFlight < settings.perHostConcurrency, queues[index].hasPages else { return nil }
        var robots: RobotsTxt?
        switch queues[index].robots {
        case .inFlight: return nil
        case .due:
            guard pagesStarted < settings.maxPerBuild else {
                queues[index].stopped = .pageBudget
                return nil
            }
            return .robots(host: index)
        case .notNeeded: robots = nil
        case .read(let rules): robots = rules
        }
        while queues[index].hasPages {
            let request = queues[index].pages[queues[index].next]
            if let robots, !robots.allows(requests[request].url) {
                decided[request] = .failed(.robots(productToken))
                queues[index].next += 1
                continue
            }
            guard pagesStarted < settings.maxPerBuild else {
                queues[index].stopped = .pageBudget
                return nil
            }
            return .page(host: index, request: request)
        }
        return nil
    }

    private func take(_ job: Job) -> Job {
        let host = job.host
        queues[host].inFlight += 1
        switch job {
        case .robots: queues[host].robots = .inFlight
        case .page:
            queues[host].next += 1
            pagesStarted += 1
        }
        cursor = (host + 1) % queues.count
        return job
    }

    /// The host answered: what was remembered of its failures is forgotten, unless it also
    /// failed or paused in this call.
    private func answered(_ host: Int) {
        queues[host].pagesDownInARow = 0
        guard !queues[host].troubled else { return }
        remembered[queues[host].key] = nil
    }

    /// The host paused or failed: its memory is updated once per call, and its other pages wait.
    private func failed(_ host: Int, _ signal: PoliteFetcher.HostSignal, at moment: Date) {
        guard !queues[host].troubled else { return }
        queues[host].troubled = true
        let key = queues[host].key
        let memory = remembered[key] ?? FetchState.Host()
        if case .paused(let seconds) = signal {
            let paused = memory.paused(for: seconds, at: moment)
            remembered[key] = paused
            queues[host].stopped = paused.wait(at: moment) ?? .hostPaused(until: moment)
        } else {
            let failing = memory.failing(at: moment)
            remembered[key] = failing
            queues[host].stopped = failing.wait(at: moment) ?? .hostBackingOff(until: moment)
        }
    }
}
