import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// Article pages fetched politely (ADR 024), over `HTTPStub`: robots.txt once per host and
/// honoured, the per-host delay measured from the end of the previous request, hosts taken
/// in turn, the page and time budgets, and hosts that pause or fail left alone in this
/// build and, through `FetchState.hosts`, in the next.
@Suite("Polite page fetching")
struct PoliteFetcherTests {
    /// 2026-01-05T10:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_767_607_200)

    /// One worker, no delay, unless a test says otherwise: the order of requests is then exact.
    static func settings(delay: Double = 0, robots: Bool = true, maxPerBuild: Int = 200, maxSeconds: Double = 120,
                         workers: Int = 1) -> PolitenessSettings {
        PolitenessSettings(perHostDelaySeconds: delay, maxPerBuild: maxPerBuild, maxSecondsPerBuild: maxSeconds, robots: robots, workers: workers)
    }

    /// Requests keyed by their URL.
    static func requests(_ urls: String...) -> [PageRequest] {
        urls.map { PageRequest(key: $0, url: URL(string: $0)!) }
    }

    static func fetch(_ stub: HTTPStub, _ requests: [PageRequest], settings: PolitenessSettings = settings(),
                      hosts: [String: FetchState.Host] = [:], now: Date = now) -> PageFetchReport<PageOutcome> {
        PoliteFetcher.fetch(requests, settings: settings, hosts: hosts, network: stub.network, now: now)
    }

    static func stamp(_ seconds: Double) -> String { RFC3339.string(from: now.addingTimeInterval(seconds)) }

    static func isFetched(_ outcome: PageOutcome?) -> Bool {
        if case .fetched = outcome { return true }
        return false
    }

    // MARK: robots.txt

    @Test func aPageRobotsTxtDisallowsIsAFailureAndIsNeverAsked() {
        let stub = HTTPStub()
        stub.on("https://a.example/robots.txt", HTTPStub.robots("User-agent: *", "Disallow: /private/"))
        stub.on("https://a.example/public/1", HTTPStub.page("one"))
        let report = Self.fetch(stub, Self.requests("https://a.example/private/1", "https://a.example/public/1"))
        #expect(report.outcomes["https://a.example/private/1"] == .failed(.robots("newsgen")))
        #expect(PageFailure.robots("newsgen").reason == "robots.txt disallows newsgen")
        #expect(Self.isFetched(report.outcomes["https://a.example/public/1"]))
        #expect(stub.urls == ["https://a.example/robots.txt", "https://a.example/public/1"])
        #expect(report.waiting == 0)
        #expect(report.hosts == [:])
    }

    @Test func robotsTxtIsFetchedOncePerHostAndFirst() {
        let stub = HTTPStub()
        for index in 0..<5 { stub.on("https://a.example/\(index)", HTTPStub.page("a\(index)")) }
        for index in 0..<3 { stub.on("http://b.example:8080/\(index)", HTTPStub.page("b\(index)")) }
        let requests = (0..<5).map { PageRequest(key: "a\($0)", url: URL(string: "https://a.example/\($0)")!) }
            + (0..<3).map { PageRequest(key: "b\($0)", url: URL(string: "http://b.example:8080/\($0)")!) }
        let report = Self.fetch(stub, requests)
        #expect(report.outcomes.count == 8)
        #expect(report.outcomes.values.allSatisfy(Self.isFetched))
        #expect(stub.requests(to: "https://a.example/robots.txt").count == 1)
        #expect(stub.requests(to: "http://b.example:8080/robots.txt").count == 1)
        #expect(stub.urls.firstIndex(of: "https://a.example/robots.txt") == 0)
        #expect(stub.urls.firstIndex(of: "http://b.example:8080/robots.txt")! < stub.urls.firstIndex(of: "http://b.example:8080/0")!)
        #expect(stub.requests(to: "https://a.example/robots.txt").first?.headers["Accept"] == PoliteFetcher.robotsAccept)
    }

    /// RFC 9309 §2.3.1.3: a robots.txt that is not there (404, other 4xx) allows everything.
    @Test(arguments: [404, 410, 403, 401])
    func aMissingRobotsTxtAllowsEverything(status: Int) {
        let stub = HTTPStub()
        stub.on("https://a.example/robots.txt", HTTPStub.status(status))
        stub.on("https://a.example/page", HTTPStub.page("page"))
        let report = Self.fetch(stub, Self.requests("https://a.example/page"))
        #expect(Self.isFetched(report.outcomes["https://a.example/page"]))
        #expect(report.hosts == [:])
    }

    @Test func aRedirectedRobotsTxtIsFollowed() {
        let stub = HTTPStub()
        stub.on("https://a.example/robots.txt", HTTPStub.redirect(301, to: "https://www.a.example/robots.txt"))
        stub.on("https://www.a.example/robots.txt", HTTPStub.robots("User-agent: newsgen", "Disallow: /"))
        let report = Self.fetch(stub, Self.requests("https://a.example/page"))
        #expect(report.outcomes["https://a.example/page"] == .failed(.robots("newsgen")))
        #expect(stub.urls == ["https://a.example/robots.txt", "https://www.a.example/robots.txt"])
    }

    /// RFC 9309 §2.3.1.4: a robots.txt that cannot be read keeps newsgen off the host; the
    /// host backs off like a failing source, and its pages wait for a later build.
    @Test(arguments: [HTTPStub.Answer.response(HTTPStub.status(503)), .response(HTTPStub.status(500)),
                      .failure(.timedOut(seconds: 20)), .failure(.transport("Connection refused"))])
    func anUnreachableRobotsTxtMakesTheHostWait(answer: HTTPStub.Answer) {
        let stub = HTTPStub()
        stub.on("https://a.example/robots.txt", answer)
        stub.on("https://b.example/page", HTTPStub.page("b"))
        let report = Self.fetch(stub, Self.requests("https://a.example/1", "https://a.example/2", "https://b.example/page"))
        let next = Self.now.addingTimeInterval(SourceBackoff.base)
        #expect(report.outcomes["https://a.example/1"] == .waiting(.hostBackingOff(until: next)))
        #expect(report.outcomes["https://a.example/2"] == .waiting(.hostBackingOff(until: next)))
        #expect(Self.isFetched(report.outcomes["https://b.example/page"]))
        #expect(stub.requests(to: "https://a.example/1").isEmpty)
        #expect(report.hosts == ["a.example": FetchState.Host(pausedUntil: Self.stamp(900), failures: 1)])
        #expect(report.waiting == 2)
    }

    @Test func withoutRobotsNoRobotsTxtIsAsked() {
        let stub = HTTPStub()
        stub.on("https://a.example/robots.txt", HTTPStub.robots("User-agent: *", "Disallow: /"))
        stub.on("https://a.example/page", HTTPStub.page("page"))
        let report = Self.fetch(stub, Self.requests("https://a.example/page"), settings: Self.settings(robots: false))
        #expect(Self.isFetched(report.outcomes["https://a.example/page"]))
        #expect(stub.urls == ["https://a.example/page"])
    }

    // MARK: the per-host delay, turns and budgets

    /// Every request to a host starts at least the delay after the previous one ended, robots.txt
    /// included; the waits are the stub's sleeps, so the test runs at once.
    @Test(arguments: [1, 3])
    func theDelayCountsFromTheEndOfThePreviousRequest(workers: Int) {
        let stub = HTTPStub(secondsPerRequest: 0.5)
        let urls = (0..<4).map { "https://a.example/\($0)" } + (0..<3).map { "https://b.example/\($0)" }
        for url in urls { stub.on(url, HTTPStub.page(url)) }
        let report = Self.fetch(stub, urls.map { PageRequest(key: $0, url: URL(string: $0)!) }, settings: Self.settings(delay: 2, workers: workers))
        #expect(report.outcomes.values.filter(Self.isFetched).count == 7)
        for host in ["https://a.example/", "https://b.example/"] {
            let exchanges = stub.exchanges.filter { $0.url.hasPrefix(host) }
            #expect(exchanges.count == (host.contains("a.") ? 5 : 4))
            for (previous, next) in zip(exchanges, exchanges.dropFirst()) {
                #expect(next.start >= previous.end + 2, "\(next.url) started \(next.start - previous.end) s after \(previous.url) ended")
            }
        }
        #expect(!stub.sleeps.isEmpty)
        #expect(stub.sleeps.allSatisfy { $0 > 0 && $0 <= 2 })
    }

    @Test func oneHostOneWorkerSleepsExactlyTheDelay() {
        let stub = HTTPStub(secondsPerRequest: 0.5)
        let urls = (0..<3).map { "https://a.example/\($0)" }
        for url in urls { stub.on(url, HTTPStub.page(url)) }
        _ = Self.fetch(stub, urls.map { PageRequest(key: $0, url: URL(string: $0)!) }, settings: Self.settings(delay: 2))
        #expect(stub.sleeps == [2, 2, 2])
        #expect(stub.exchanges.map(\.start) == [0, 2.5, 5, 7.5])
    }

    /// Hosts in the order of their newest page, each host's pages newest first.
    @Test(arguments: [false, true])
    func hostsAreTakenInTurn(robots: Bool) {
        let stub = HTTPStub()
        let requests = Self.requests("https://a.example/1", "https://b.example/1", "https://a.example/2", "https://c.example/1",
                                     "https://a.example/3", "https://b.example/2")
        for request in requests { stub.on(request.key, HTTPStub.page(request.key)) }
        _ = Self.fetch(stub, requests, settings: Self.settings(robots: robots))
        let pages = ["https://a.example/1", "https://b.example/1", "https://c.example/1", "https://a.example/2", "https://b.example/2",
                     "https://a.example/3"]
        let robotsFiles = robots ? ["https://a.example/robots.txt", "https://b.example/robots.txt", "https://c.example/robots.txt"] : []
        #expect(stub.urls == robotsFiles + pages)
    }

    /// A host that must wait (its delay) does not hold the others up.
    @Test func aHostThatMustWaitDoesNotHoldTheOthersUp() {
        let stub = HTTPStub(secondsPerRequest: 1)
        let requests = Self.requests("https://a.example/1", "https://a.example/2", "https://b.example/1", "https://c.example/1")
        for request in requests { stub.on(request.key, HTTPStub.page(request.key)) }
        _ = Self.fetch(stub, requests, settings: Self.settings(delay: 5, robots: false))
        #expect(stub.urls == ["https://a.example/1", "https://b.example/1", "https://c.example/1", "https://a.example/2"])
        #expect(stub.exchanges.last?.start == 6)
    }

    @Test func thePageBudgetLeavesTheRestWaiting() {
        let stub = HTTPStub()
        let requests = Self.requests("https://a.example/1", "https://b.example/1", "https://a.example/2", "https://a.example/3",
                                     "https://b.example/2", "https://c.example/1")
        for request in requests { stub.on(request.key, HTTPStub.page(request.key)) }
        let report = Self.fetch(stub, requests, settings: Self.settings(maxPerBuild: 3))
        let fetched = requests.map(\.key).filter { Self.isFetched(report.outcomes[$0]) }
        #expect(fetched == ["https://a.example/1", "https://b.example/1", "https://c.example/1"])
        #expect(report.waiting == 3)
        for key in ["https://a.example/2", "https://a.example/3", "https://b.example/2"] {
            #expect(report.outcomes[key] == .waiting(.pageBudget))
        }
        #expect(stub.urls.filter { !$0.hasSuffix("/robots.txt") }.count == 3)
    }

    @Test func theTimeBudgetLeavesTheRestWaiting() {
        let stub = HTTPStub(secondsPerRequest: 10)
        let urls = (0..<5).map { "https://a.example/\($0)" }
        for url in urls { stub.on(url, HTTPStub.page(url)) }
        let report = Self.fetch(stub, urls.map { PageRequest(key: $0, url: URL(string: $0)!) }, settings: Self.settings(robots: false, maxSeconds: 25))
        #expect(stub.exchanges.map(\.start) == [0, 10, 20])
        #expect(report.waiting == 2)
        #expect(report.outcomes["https://a.example/3"] == .waiting(.timeBudget))
        #expect(report.outcomes["https://a.example/4"] == .waiting(.timeBudget))
    }

    @Test func aDelayThatEndsAfterTheTimeBudgetIsNotSleptThrough() {
        let stub = HTTPStub()
        let urls = (0..<3).map { "https://a.example/\($0)" }
        for url in urls { stub.on(url, HTTPStub.page(url)) }
        let report = Self.fetch(stub, urls.map { PageRequest(key: $0, url: URL(string: $0)!) }, settings: Self.settings(delay: 30, robots: false, maxSeconds: 45))
        #expect(stub.urls == ["https://a.example/0", "https://a.example/1"])
        #expect(stub.sleeps == [30])
        #expect(report.outcomes["https://a.example/2"] == .waiting(.timeBudget))
    }

    // MARK: Retry-After, back-off and state.json

    @Test(arguments: [429, 503])
    func retryAfterSecondsPausesTheHost(status: Int) {
        let stub = HTTPStub(secondsPerRequest: 1)
        stub.on("https://a.example/1", HTTPStub.status(status, [("Retry-After", "120")]))
        let requests = Self.requests("https://a.example/1", "https://a.example/2", "https://b.example/1")
        stub.on("https://b.example/1", HTTPStub.page("b"))
        let report = Self.fetch(stub, requests, settings: Self.settings(robots: false))
        let until = Self.now.addingTimeInterval(121)
        #expect(report.outcomes["https://a.example/1"] == .waiting(.hostPaused(until: until)))
        #expect(report.outcomes["https://a.example/2"] == .waiting(.hostPaused(until: until)))
        #expect(Self.isFetched(report.outcomes["https://b.example/1"]))
        #expect(stub.requests(to: "https://a.example/2").isEmpty)
        #expect(report.hosts == ["a.example": FetchState.Host(pausedUntil: Self.stamp(121))])
        #expect(report.waiting == 2)
    }

    /// A date is measured against the server's `Date`, and the pause is capped at a day.
    @Test(arguments: [("Mon, 05 Jan 2026 11:00:00 GMT", 3_600.0), ("Sat, 10 Jan 2026 10:00:00 GMT", 86_400.0), ("999999999", 86_400.0)])
    func retryAfterADatePausesTheHostUntilThen(header: String, seconds: Double) {
        let stub = HTTPStub()
        stub.on("https://a.example/1", HTTPStub.status(503, [("Retry-After", header), ("Date", "Mon, 05 Jan 2026 10:00:00 GMT")]))
        let report = Self.fetch(stub, Self.requests("https://a.example/1"), settings: Self.settings(robots: false))
        #expect(report.outcomes["https://a.example/1"] == .waiting(.hostPaused(until: Self.now.addingTimeInterval(seconds))))
        #expect(report.hosts["a.example"]?.pausedUntil == Self.stamp(seconds))
    }

    @Test func aHostPausedInAnEarlierBuildIsNotAskedBeforeItsTime() {
        let remembered = ["a.example": FetchState.Host(pausedUntil: Self.stamp(1_800))]
        let stub = HTTPStub()
        stub.on("https://a.example/1", HTTPStub.page("a"))
        let before = Self.fetch(stub, Self.requests("https://a.example/1"), hosts: remembered)
        #expect(before.outcomes["https://a.example/1"] == .waiting(.hostPaused(until: Self.now.addingTimeInterval(1_800))))
        #expect(stub.urls == [])
        #expect(before.hosts == remembered)

        let after = Self.fetch(stub, Self.requests("https://a.example/1"), hosts: remembered, now: Self.now.addingTimeInterval(1_801))
        #expect(Self.isFetched(after.outcomes["https://a.example/1"]))
        #expect(stub.urls == ["https://a.example/robots.txt", "https://a.example/1"])
        #expect(after.hosts == [:])
    }

    /// Two pages in a row that fail as a failing host's do: the host is down. The first page's failure is
    /// its own (it cannot be told apart yet); the second and the rest wait for the host's back-off.
    @Test func aFailingHostBacksOffAcrossBuildsAndIsForgivenWhenItAnswers() {
        let stub = HTTPStub()
        stub.on("https://a.example/1", HTTPStub.status(502), HTTPStub.page("a"))
        stub.on("https://a.example/2", HTTPStub.status(502))
        let requests = Self.requests("https://a.example/1", "https://a.example/2", "https://a.example/3")
        let first = Self.fetch(stub, requests, settings: Self.settings(robots: false))
        #expect(first.outcomes["https://a.example/1"] == .failed(.http(502)))
        #expect(first.outcomes["https://a.example/2"] == .waiting(.hostBackingOff(until: Self.now.addingTimeInterval(900))))
        #expect(first.outcomes["https://a.example/3"] == .waiting(.hostBackingOff(until: Self.now.addingTimeInterval(900))))
        #expect(first.hosts == ["a.example": FetchState.Host(pausedUntil: Self.stamp(900), failures: 1)])

        // Ten minutes later it is still backing off: not asked.
        let second = Self.fetch(stub, requests, settings: Self.settings(robots: false), hosts: first.hosts, now: Self.now.addingTimeInterval(600))
        #expect(second.outcomes["https://a.example/1"] == .waiting(.hostBackingOff(until: Self.now.addingTimeInterval(900))))
        #expect(stub.urls == ["https://a.example/1", "https://a.example/2"])

        // Past the back-off it is asked, answers, and is forgotten.
        let third = Self.fetch(stub, requests, settings: Self.settings(robots: false), hosts: first.hosts, now: Self.now.addingTimeInterval(901))
        #expect(Self.isFetched(third.outcomes["https://a.example/1"]))
        #expect(third.hosts == [:])
    }

    @Test func aSecondFailureDoublesTheBackOff() {
        let stub = HTTPStub()
        stub.on("https://a.example/1", .failure(.timedOut(seconds: 20)))
        stub.on("https://a.example/2", .failure(.timedOut(seconds: 20)))
        let remembered = ["a.example": FetchState.Host(pausedUntil: Self.stamp(-2_700), failures: 1)]
        let report = Self.fetch(stub, Self.requests("https://a.example/1", "https://a.example/2"), settings: Self.settings(robots: false),
                                hosts: remembered)
        #expect(report.hosts == ["a.example": FetchState.Host(pausedUntil: Self.stamp(1_800), failures: 2)])
        #expect(report.outcomes["https://a.example/1"] == .failed(.network(.timedOut(seconds: 20))))
        #expect(report.outcomes["https://a.example/2"] == .waiting(.hostBackingOff(until: Self.now.addingTimeInterval(1_800))))
    }

    /// Issue 32: a page that hangs (or answers 5xx) while its host's other pages answer fails on its
    /// own; the host's older pages are fetched in the same call, and the host is not remembered as
    /// failing (the page's own back-off, `ExtractionRecord`, keeps it from being asked first again).
    @Test(arguments: [HTTPStub.Answer.failure(.timedOut(seconds: 8)), .response(HTTPStub.status(500)),
                      .failure(.transport("Connection reset by peer"))])
    func aPageThatHangsFailsAloneAndTheHostsOtherPagesGoAhead(answer: HTTPStub.Answer) {
        let stub = HTTPStub()
        stub.on("https://a.example/hangs", answer)
        stub.on("https://a.example/older", HTTPStub.page("older"))
        stub.on("https://a.example/oldest", HTTPStub.page("oldest"))
        let report = Self.fetch(stub, Self.requests("https://a.example/hangs", "https://a.example/older", "https://a.example/oldest"),
                                settings: Self.settings(delay: 2))
        guard case .failed(let failure) = report.outcomes["https://a.example/hangs"] else {
            Issue.record("the hanging page fails on its own: \(String(describing: report.outcomes["https://a.example/hangs"]))")
            return
        }
        #expect(!failure.reason.isEmpty)
        #expect(Self.isFetched(report.outcomes["https://a.example/older"]))
        #expect(Self.isFetched(report.outcomes["https://a.example/oldest"]))
        #expect(stub.urls == ["https://a.example/robots.txt", "https://a.example/hangs", "https://a.example/older", "https://a.example/oldest"])
        // The per-host delay still holds between them: each request starts 2 s after the previous one ended.
        let exchanges = stub.exchanges
        for (previous, next) in zip(exchanges, exchanges.dropFirst()) { #expect(next.start - previous.end >= 2) }
        #expect(report.hosts == [:])
        #expect(report.waiting == 0)
    }

    /// A host's streak of failing pages starts again with each answer: failing, answering, failing
    /// pages each fail alone.
    @Test func anAnswerBetweenTwoFailingPagesKeepsTheHostGoing() {
        let stub = HTTPStub()
        stub.on("https://a.example/1", .failure(.timedOut(seconds: 8)))
        stub.on("https://a.example/2", HTTPStub.page("two"))
        stub.on("https://a.example/3", HTTPStub.status(504))
        stub.on("https://a.example/4", HTTPStub.page("four"))
        let report = Self.fetch(stub, Self.requests("https://a.example/1", "https://a.example/2", "https://a.example/3", "https://a.example/4"),
                                settings: Self.settings(robots: false))
        #expect(report.outcomes["https://a.example/1"] == .failed(.network(.timedOut(seconds: 20))), "the fetcher's own deadline")
        #expect(report.outcomes["https://a.example/3"] == .failed(.http(504)))
        #expect(Self.isFetched(report.outcomes["https://a.example/2"]) && Self.isFetched(report.outcomes["https://a.example/4"]))
        #expect(report.hosts == [:])
    }

    @Test func aPageOfItsOwnFailsWithoutTouchingItsHost() {
        let stub = HTTPStub()
        stub.on("https://a.example/gone", HTTPStub.status(404))
        stub.on("https://a.example/big", .failure(.tooLarge(limit: 5 * 1_048_576)))
        stub.on("https://a.example/ok", HTTPStub.page("ok"))
        let remembered = ["a.example": FetchState.Host(pausedUntil: Self.stamp(-82_800), failures: 3)]
        let report = Self.fetch(stub, Self.requests("https://a.example/gone", "https://a.example/big", "https://a.example/ok"), hosts: remembered)
        #expect(report.outcomes["https://a.example/gone"] == .failed(.http(404)))
        #expect(PageFailure.http(404).reason == "the server answered HTTP 404 (not found)")
        #expect(report.outcomes["https://a.example/big"] == .failed(.network(.tooLarge(limit: 5 * 1_048_576))))
        #expect(Self.isFetched(report.outcomes["https://a.example/ok"]))
        #expect(report.hosts == [:])
    }

    /// Two requests in flight to one host: the first asks for a pause, the second answers. The pause
    /// is remembered (the answer does not clear it) and the host's other pages wait.
    @Test func anAnswerDoesNotClearAPauseOfTheSameCall() {
        let stub = HTTPStub()
        // Both requests are in flight before either answers; the pause then comes first.
        let arrived = (first: DispatchSemaphore(value: 0), second: DispatchSemaphore(value: 0))
        stub.on("https://a.example/1", .handler { _ in
            arrived.first.signal()
            _ = arrived.second.wait(timeout: .now() + 5)
            return HTTPStub.status(503, [("Retry-After", "120")])
        })
        stub.on("https://a.example/2", .handler { _ in
            arrived.second.signal()
            _ = arrived.first.wait(timeout: .now() + 5)
            Thread.sleep(forTimeInterval: 0.05)
            return HTTPStub.page("two")
        })
        var settings = Self.settings(robots: false, workers: 2)
        settings.perHostConcurrency = 2
        let report = Self.fetch(stub, Self.requests("https://a.example/1", "https://a.example/2", "https://a.example/3"), settings: settings)
        let until = Self.now.addingTimeInterval(120)
        #expect(report.outcomes["https://a.example/1"] == .waiting(.hostPaused(until: until)))
        #expect(Self.isFetched(report.outcomes["https://a.example/2"]))
        #expect(report.outcomes["https://a.example/3"] == .waiting(.hostPaused(until: until)))
        #expect(report.hosts == ["a.example": FetchState.Host(pausedUntil: Self.stamp(120))])
        #expect(stub.requests(to: "https://a.example/3").isEmpty)
    }

    @Test func theFetchSettingsArePassedOn() {
        var fetch = FetchConfig()
        fetch.timeoutSeconds = 9
        fetch.concurrency = 3
        fetch.userAgentContact = "mailto:owner@example.com"
        let settings = PolitenessSettings(fetch: fetch)
        #expect(settings.deadline == 9)
        #expect(settings.workers == 3)
        #expect(settings.userAgent == HTTPFetcher.defaultUserAgent + " (+mailto:owner@example.com)")
        #expect(settings.perHostDelaySeconds == 2 && settings.perHostConcurrency == 1 && settings.maxPageBytes == 5 * 1_048_576)
        #expect(settings.maxPerBuild == 200 && settings.maxSecondsPerBuild == 120 && settings.robots)
    }

    /// A host's memory changes when it is asked, never because time passed (ADR 053): a pause that is
    /// over stays until the host answers; only an empty memory, or a date no build could have written, is changed.
    @Test func entriesChangeOnlyWhenTheHostIsAsked() {
        let remembered = [
            "old-pause.example": FetchState.Host(pausedUntil: Self.stamp(-1)),
            "still-paused.example": FetchState.Host(pausedUntil: Self.stamp(100)),
            "failing.example": FetchState.Host(pausedUntil: Self.stamp(-1), failures: 2),
            "forgotten.example": FetchState.Host(failures: 0),
            "far-future.example": FetchState.Host(pausedUntil: "2999-01-01T00:00:00Z", failures: 1),
        ]
        let report = Self.fetch(HTTPStub(), [], hosts: remembered)
        #expect(report.hosts == [
            "old-pause.example": FetchState.Host(pausedUntil: Self.stamp(-1)),
            "still-paused.example": FetchState.Host(pausedUntil: Self.stamp(100)),
            "failing.example": FetchState.Host(pausedUntil: Self.stamp(-1), failures: 2),
            // A date no build could have written (a clock that was wrong) cannot hold a host for ever.
            "far-future.example": FetchState.Host(pausedUntil: Self.stamp(86_400), failures: 1),
        ])
    }

    // MARK: what is asked and what comes back

    @Test(arguments: [("application/pdf", "application/pdf"), ("image/png", "image/png"), ("application/json; charset=utf-8", "application/json"),
                      ("Video/MP4", "video/mp4"), ("text/css", "text/css")])
    func aPageThatIsClearlyNotHTMLFails(contentType: String, mediaType: String) {
        let stub = HTTPStub()
        stub.on("https://a.example/file", HTTPStub.page("file", contentType: contentType))
        let report = Self.fetch(stub, Self.requests("https://a.example/file"), settings: Self.settings(robots: false))
        #expect(report.outcomes["https://a.example/file"] == .failed(.notHTML(mediaType)))
        #expect(PageFailure.notHTML(mediaType).reason == "the page is \(mediaType), not HTML")
    }

    @Test(arguments: ["text/html", "text/html; charset=iso-8859-1", "application/xhtml+xml", "application/octet-stream", "text/plain",
                      "", "nonsense", "*/*", nil] as [String?])
    func htmlOrAVagueTypeIsFetched(contentType: String?) {
        let stub = HTTPStub()
        stub.on("https://a.example/page", HTTPStub.page("page", contentType: contentType))
        let report = Self.fetch(stub, Self.requests("https://a.example/page"), settings: Self.settings(robots: false))
        #expect(Self.isFetched(report.outcomes["https://a.example/page"]))
    }

    @Test func requestsAskForHTMLWithTheSitesUserAgentAndLimits() throws {
        let stub = HTTPStub()
        stub.on("https://a.example/page", HTTPStub.page("page"))
        var settings = Self.settings(robots: false)
        settings.userAgent = "newsgen/0.1 (+mailto:owner@example.com)"
        settings.maxPageBytes = 1_000
        settings.deadline = 7
        _ = Self.fetch(stub, Self.requests("https://a.example/page"), settings: settings)
        let request = try #require(stub.requests.first)
        #expect(request.headers["Accept"] == "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5")
        #expect(request.headers["User-Agent"] == "newsgen/0.1 (+mailto:owner@example.com)")
        #expect(request.maxBytes == 1_000)
        #expect(request.timeout == 7)
    }

    @Test func aURLThatCannotBeFetchedFailsWithoutARequest() {
        let stub = HTTPStub()
        let report = Self.fetch(stub, Self.requests("file:///etc/passwd", "ftp://a.example/x", "http:///nohost"))
        #expect(report.outcomes["file:///etc/passwd"] == .failed(.network(.unsupportedScheme("file"))))
        #expect(report.outcomes["ftp://a.example/x"] == .failed(.network(.unsupportedScheme("ftp"))))
        #expect(report.outcomes["http:///nohost"] == .failed(.invalidURL))
        #expect(stub.urls == [])
    }

    @Test func theFirstOfTwoRequestsWithOneKeyIsKept() {
        let stub = HTTPStub()
        stub.on("https://a.example/1", HTTPStub.page("one"))
        let requests = [PageRequest(key: "x", url: URL(string: "https://a.example/1")!), PageRequest(key: "x", url: URL(string: "https://a.example/2")!)]
        let report = Self.fetch(stub, requests, settings: Self.settings(robots: false))
        #expect(report.outcomes.count == 1)
        #expect(stub.urls == ["https://a.example/1"])
    }

    @Test func thenKeepsWhatTheCallerNeeds() {
        let stub = HTTPStub()
        stub.on("https://a.example/1", HTTPStub.page("one"))
        stub.on("https://a.example/2", HTTPStub.status(410))
        let report = PoliteFetcher.fetch(Self.requests("https://a.example/1", "https://a.example/2", "https://a.example/3"),
                                         settings: Self.settings(robots: false, maxPerBuild: 2), hosts: [:], network: stub.network, now: Self.now) { (_: PageRequest, outcome: PageOutcome) -> String in
            switch outcome {
            case .fetched(let document): return "\(document.data.count) bytes"
            case .failed(let failure): return failure.reason
            case .waiting(let wait): return "\(wait)"
            }
        }
        #expect(report.outcomes == ["https://a.example/1": "\(HTTPStub.page("one").body.count) bytes",
                                    "https://a.example/2": "the server answered HTTP 410 (gone)",
                                    "https://a.example/3": "this build's page budget is spent; it waits for the next build"])
        #expect(report.waiting == 1)
    }

    @Test(arguments: [("https://Example.COM/a", "example.com"), ("http://example.com:80/", "example.com"), ("https://example.com:443/", "example.com"),
                      ("https://example.com:8443/x", "example.com:8443"), ("http://example.com:443/", "example.com:443")])
    func theHostKey(url: String, key: String) {
        #expect(HostQueue.key(of: URL(string: url)!) == key)
    }
}
