import Foundation
import Testing
import NewsgenTestSupport
@testable import NewsgenKit

/// Polite fetching over real sockets (libcurl against `FetchFixtureServer`): the server
/// itself counts the requests in flight to it, so the per-host limit is seen from the
/// other side of the connection.
@Suite("Polite page fetching over sockets", Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the fixture server"), .serialized)
struct PoliteFetcherSocketTests {
    @Test(arguments: [1, 2])
    func theServerNeverSeesMoreThanTheLimit(perHost: Int) throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let requests = (0..<6).map { PageRequest(key: "\($0)", url: server.endpoint("/slow/\($0)")) }
        let settings = PolitenessSettings(perHostDelaySeconds: 0.1, perHostConcurrency: perHost, deadline: 5, workers: 6)
        let start = Date()
        let report = PoliteFetcher.fetch(requests, settings: settings, hosts: [:], network: .live, now: Date(timeIntervalSince1970: 0))
        // The fixture's pages are feeds: fetched, and refused as not HTML. Its robots.txt is a 404.
        #expect(report.outcomes.values.allSatisfy { $0 == .failed(.notHTML("application/rss+xml")) })
        #expect(report.outcomes.count == 6)
        #expect(report.hosts == [:])
        let most = try HTTPFetcher().fetch(server.endpoint("/stats"))
        #expect(String(decoding: most.data, as: UTF8.self) == "\(perHost)")
        // Six requests of 0.2 s, `perHost` at a time, with 0.1 s between a host's requests.
        #expect(Date().timeIntervalSince(start) >= Double(6 / perHost) * 0.2 + Double(6 / perHost - 1) * 0.1)
    }
}
