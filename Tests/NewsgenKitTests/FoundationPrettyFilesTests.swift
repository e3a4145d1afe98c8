import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// `state.json` and the image cache's `index.json` are written by `JSONWriter` as `JSONEncoder`
/// (pretty, sorted keys, slashes unescaped) wrote them, and read as its decoder read them.
@Suite("Fetch state and image cache index as JSONEncoder wrote them")
struct FoundationPrettyFilesTests {
    /// Keys whose order by code point differs from other orders (numeric, case-insensitive).
    static let keys = ["a10", "a9", "B", "_", "a", "é", "Ａ", "😀", "a/b", "quote\"", "line\u{2028}", "tab\t"]

    @Test func theFetchStateIsTheEncodersBytes() throws {
        var state = FetchState()
        for (index, key) in Self.keys.enumerated() {
            state.sources[key] = FetchState.Entry(url: "https://example.com/\(key)", etag: index % 2 == 0 ? "\"e/\(index)\"" : nil,
                                                  lastModified: index % 3 == 0 ? "Tue, 01 Dec 2026 10:00:00 GMT" : nil,
                                                  failures: index % 4 == 0 ? index : nil,
                                                  pausedUntil: index % 4 == 0 ? "2026-12-01T10:15:00Z" : nil)
        }
        let expected = try FoundationOracle.prettyEncoder().encode(state.tree) + Data("\n".utf8)
        #expect(String(decoding: state.json(), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(try FetchState(json: state.json()) == state)
        #expect(FetchState().json() == (try FoundationOracle.prettyEncoder().encode(FetchState().tree) + Data("\n".utf8)))
    }

    /// The hosts of article pages (ADR 024) go in as an optional member, key-sorted like the rest.
    @Test func theHostsAreTheEncodersBytesAndReadBack() throws {
        var state = FetchState()
        state.sources["s"] = FetchState.Entry(url: "https://example.com/feed.xml", failures: 1, pausedUntil: "2026-12-01T10:15:00Z")
        for (index, key) in Self.keys.enumerated() {
            state.hosts[key + ".example:8080"] = FetchState.Host(pausedUntil: index % 2 == 0 ? "2026-12-01T11:00:00Z" : nil,
                                                                failures: index % 3 == 0 ? index + 1 : nil)
        }
        let expected = try FoundationOracle.prettyEncoder().encode(state.tree) + Data("\n".utf8)
        #expect(String(decoding: state.json(), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(try FetchState(json: state.json()) == state)
        #expect(String(decoding: state.json(), as: UTF8.self).contains(#""hosts" : {"#))
        // Without hosts the file is what it was before they existed.
        state.hosts = [:]
        #expect(!String(decoding: state.json(), as: UTF8.self).contains("hosts"))
    }

    @Test func aStateFromBeforeHostsReadsWithNone() throws {
        let state = try FetchState(json: Data(#"{"version": 1, "sources": {"a": {"url": "https://example.com/feed.xml"}}}"#.utf8))
        #expect(state.hosts == [:])
        #expect(state.sources["a"]?.url == "https://example.com/feed.xml")
    }

    @Test func rememberingTheSourcesKeepsTheHosts() {
        var state = FetchState()
        state.hosts["a.example"] = FetchState.Host(pausedUntil: "2026-12-01T10:30:00Z", failures: 2)
        #expect(state.remembering([:], urlSources: [], now: nil).hosts == state.hosts)
    }

    @Test func theImageCacheIndexIsTheEncodersBytes() throws {
        var index = ImageCacheIndex()
        index.uses = .max
        for (number, key) in Self.keys.enumerated() {
            index.entries["https://example.com/\(key)"] = ImageCacheIndex.Entry(
                sha256: String(repeating: "ab", count: 32), fileExtension: "png", bytes: number * 1000,
                etag: number % 2 == 0 ? "W/\"\(number)\"" : nil, lastModified: number % 3 == 0 ? "yesterday" : nil, lastUsed: UInt64(number))
        }
        let expected = try FoundationOracle.prettyEncoder().encode(index.tree) + Data("\n".utf8)
        #expect(String(decoding: index.encoded(), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(try ImageCacheIndex(json: index.encoded()) == index)
    }

    @Test(arguments: [
        ("{", "not valid JSON"), ("[]", "'' has the wrong type"), (#"{"sources": {}}"#, "'version' is missing"),
        (#"{"version": "1", "sources": {}}"#, "'version' has the wrong type"), (#"{"version": 1.5, "sources": {}}"#, "not valid JSON"),
        (#"{"version": 1, "sources": {"a": {}}}"#, "'url' is missing"),
        (#"{"version": 1, "sources": {"a": {"url": "u", "failures": "2"}}}"#, "'sources.a.failures' has the wrong type"),
        (#"{"version": 1, "sources": {"a": {"url": null}}}"#, "'sources.a.url' has the wrong type"),
        (#"{"version": 1, "sources": {}, "hosts": 5}"#, "'hosts' has the wrong type"),
        (#"{"version": 1, "sources": {}, "hosts": {"a.example": {"failures": "2"}}}"#, "'hosts.a.example.failures' has the wrong type"),
        (#"{"version": 1, "sources": {}, "hosts": {"a.example": {"pausedUntil": 7}}}"#, "'hosts.a.example.pausedUntil' has the wrong type"),
    ])
    func aStateThatDoesNotReadSaysWhyAsBefore(json: String, reason: String) {
        #expect(throws: (any Error).self) { try FetchState(json: Data(json.utf8)) }
        do {
            _ = try FetchState(json: Data(json.utf8))
        } catch {
            #expect(FetchStateStore.describe(error) == reason)
        }
    }
}
