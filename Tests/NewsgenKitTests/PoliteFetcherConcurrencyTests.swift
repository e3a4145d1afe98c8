import Foundation
import Testing
@testable import NewsgenKit

/// The per-host and overall limits on requests in flight, with real threads: each answer
/// holds its worker 20 ms of real time while a counter notes how many requests each host
/// (and all of them) had in flight at once.
@Suite("Polite page fetching: concurrency")
struct PoliteFetcherConcurrencyTests {
    /// Requests in flight, now and at most, by host and overall.
    final class InFlight: @unchecked Sendable {
        private let lock = NSLock()
        private var now: [String: Int] = [:]
        private var most: [String: Int] = [:]

        func enter(_ host: String) {
            lock.withLock {
                for key in [host, "*"] {
                    now[key, default: 0] += 1
                    most[key] = max(most[key, default: 0], now[key, default: 0])
                }
            }
        }

        func leave(_ host: String) { lock.withLock { for key in [host, "*"] { now[key, default: 0] -= 1 } } }

        func most(_ host: String) -> Int { lock.withLock { most[host, default: 0] } }
    }

    static func run(perHost: Int, workers: Int) -> (InFlight, PageFetchReport<PageOutcome>) {
        let counter = InFlight()
        let stub = HTTPStub()
        let hosts = ["a.example", "b.example", "c.example"]
        var requests: [PageRequest] = []
        for index in 0..<8 {
            for host in hosts {
                let url = "https://\(host)/\(index)"
                requests.append(PageRequest(key: url, url: URL(string: url)!))
                stub.on(url, .handler { request in
                    counter.enter(request.url.host ?? "")
                    Thread.sleep(forTimeInterval: 0.02)
                    counter.leave(request.url.host ?? "")
                    return HTTPStub.page(url)
                })
            }
        }
        let settings = PolitenessSettings(perHostDelaySeconds: 0, perHostConcurrency: perHost, robots: false, workers: workers)
        let report = PoliteFetcher.fetch(requests, settings: settings, hosts: [:], network: stub.network, now: Date(timeIntervalSince1970: 0))
        return (counter, report)
    }

    @Test(arguments: [(1, 6), (2, 6), (3, 4)])
    func neverMoreThanTheLimitsInFlight(perHost: Int, workers: Int) {
        let (counter, report) = Self.run(perHost: perHost, workers: workers)
        #expect(report.outcomes.count == 24)
        #expect(report.outcomes.values.allSatisfy { if case .fetched = $0 { true } else { false } })
        for host in ["a.example", "b.example", "c.example"] {
            #expect(counter.most(host) <= perHost, "\(host) had \(counter.most(host)) requests in flight")
        }
        #expect(counter.most("*") <= workers)
        // The limits are reached, not just kept: the hosts were asked at once.
        #expect(counter.most("*") >= min(workers, 3 * perHost) - 1)
        #expect(counter.most("*") > 1)
    }
}
