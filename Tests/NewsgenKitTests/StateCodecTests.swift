import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// state.json keeps only what changes when something happens (ADR 053): validators, failures and the end
/// of a pause, never the time of an attempt. An older file, with `lastAttempt` and `lastSuccess`, keeps its
/// back-off when read, and is written in the new form.
@Suite("state.json records no attempt and reads the older form")
struct StateCodecTests {
    /// A state from before ADR 053: a source failing twice, one healthy, a failing host, a paused one, a page failing.
    static let older = #"""
    {
      "hosts" : {
        "down.example" : { "failures" : 2, "lastAttempt" : "2026-12-01T10:00:00Z" },
        "slow.example" : { "lastAttempt" : "2026-12-01T10:00:00Z", "pausedUntil" : "2026-12-01T12:00:00Z" }
      },
      "pages" : {
        "0123456789abcdef" : { "failures" : 1, "feedStamp" : "s1", "lastAttempt" : "2026-12-01T10:00:00Z", "reason" : "HTTP 500" },
        "fedcba9876543210" : { "failures" : 4, "feedStamp" : "s2", "lastAttempt" : "2026-12-01T10:00:00Z", "reason" : "HTTP 404" }
      },
      "sources" : {
        "failing" : { "failures" : 2, "lastAttempt" : "2026-12-01T10:00:00Z", "lastSuccess" : "2026-11-30T09:00:00Z", "url" : "https://a.example/feed" },
        "healthy" : { "etag" : "\"v1\"", "lastAttempt" : "2026-12-01T10:00:00Z", "lastModified" : "Tue, 01 Dec 2026 09:00:00 GMT",
                      "lastSuccess" : "2026-12-01T10:00:00Z", "url" : "https://b.example/feed" }
      },
      "version" : 1
    }
    """#

    @Test func theOlderFormKeepsItsBackOff() throws {
        let state = try FetchState(json: Data(Self.older.utf8))
        let failing = try #require(state.sources["failing"])
        // Two failures: 30 minutes after the last attempt, as the back-off worked it out before.
        #expect(failing == FetchState.Entry(url: "https://a.example/feed", failures: 2, pausedUntil: "2026-12-01T10:30:00Z"))
        #expect(SourceBackoff.reasonToWait(failing, now: RFC3339.date(from: "2026-12-01T10:29:59Z")!) != nil)
        #expect(SourceBackoff.reasonToWait(failing, now: RFC3339.date(from: "2026-12-01T10:30:00Z")!) == nil)
        #expect(state.sources["healthy"] == FetchState.Entry(url: "https://b.example/feed", etag: "\"v1\"",
                                                             lastModified: "Tue, 01 Dec 2026 09:00:00 GMT"))
        // A failing host: its back-off; a paused one: its pause, the later of the two when it has both.
        #expect(state.hosts["down.example"] == FetchState.Host(pausedUntil: "2026-12-01T10:30:00Z", failures: 2))
        #expect(state.hosts["slow.example"] == FetchState.Host(pausedUntil: "2026-12-01T12:00:00Z"))
        // A page: an hour after one failure; one that used its attempts up has no next one.
        #expect(state.pages["0123456789abcdef"] == ExtractionRecord(failures: 1, pausedUntil: "2026-12-01T11:00:00Z", reason: "HTTP 500", feedStamp: "s1"))
        #expect(state.pages["fedcba9876543210"] == ExtractionRecord(failures: 4, pausedUntil: nil, reason: "HTTP 404", feedStamp: "s2"))
        #expect(state.pages["0123456789abcdef"]?.isDue(now: RFC3339.date(from: "2026-12-01T10:59:59Z")!, stamp: "s1") == false)
        #expect(state.pages["0123456789abcdef"]?.isDue(now: RFC3339.date(from: "2026-12-01T11:00:00Z")!, stamp: "s1") == true)

        // Written again, in the new form: no attempt, no success, and it reads back the same.
        let written = String(decoding: state.json(), as: UTF8.self)
        for key in ["lastAttempt", "lastSuccess"] { #expect(!written.contains(key), "\(key) is written") }
        #expect(try FetchState(json: state.json()) == state)
    }

    @Test func theNewFormRoundTripsByteForByte() throws {
        var state = FetchState()
        state.sources["a"] = FetchState.Entry(url: "https://a.example/feed", etag: "\"e\"", lastModified: "Tue, 01 Dec 2026 09:00:00 GMT")
        state.sources["b"] = FetchState.Entry(url: "https://b.example/feed", failures: 3, pausedUntil: "2026-12-01T11:00:00Z")
        state.hosts["h.example"] = FetchState.Host(pausedUntil: "2026-12-01T10:15:00Z", failures: 1)
        state.pages["0123456789abcdef"] = ExtractionRecord(failures: 2, pausedUntil: "2026-12-01T16:00:00Z", reason: "HTTP 502", feedStamp: "s")
        let bytes = state.json()
        let read = try FetchState(json: bytes)
        #expect(read == state)
        #expect(read.json() == bytes)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""pausedUntil" : "2026-12-01T11:00:00Z""#))
    }

    /// A failure writes the count and the end of the pause; a success after it clears both; an answer like the
    /// last one, or a source left alone while it waits, changes nothing, whatever "now" is.
    @Test func onlyWhatHappensChangesTheState() throws {
        let source = try SourceConfig(id: "a", location: .url(#require(URL(string: "https://a.example/feed"))))
        let now = try #require(RFC3339.date(from: "2026-12-01T10:00:00Z"))
        let healthy = FetchState(sources: ["a": FetchState.Entry(url: "https://a.example/feed", etag: "\"v1\"")])

        let notModified = FetchAttempt(succeeded: true, notModified: true)
        #expect(healthy.remembering(["a": notModified], urlSources: [source], now: now) == healthy)
        #expect(healthy.remembering(["a": FetchAttempt(succeeded: true, etag: "\"v1\"")], urlSources: [source], now: now.addingTimeInterval(3_600)) == healthy)

        let failed = healthy.remembering(["a": FetchAttempt(succeeded: false)], urlSources: [source], now: now)
        #expect(failed.sources["a"] == FetchState.Entry(url: "https://a.example/feed", etag: "\"v1\"", failures: 1, pausedUntil: "2026-12-01T10:15:00Z"))
        // Left alone while it waits (no attempt): the same state, at any "now".
        #expect(failed.remembering([:], urlSources: [source], now: now.addingTimeInterval(600)) == failed)
        let twice = failed.remembering(["a": FetchAttempt(succeeded: false)], urlSources: [source], now: now.addingTimeInterval(900))
        #expect(twice.sources["a"]?.failures == 2 && twice.sources["a"]?.pausedUntil == "2026-12-01T10:45:00Z")
        #expect(twice.remembering(["a": notModified], urlSources: [source], now: now.addingTimeInterval(3_600)) == healthy)
    }

    /// A pause no build could have written (a clock years ahead, a hand-edited file) does not hold a source:
    /// one longer than its failures' delay from now is not waited for; one within it is.
    @Test func aPauseInTheFarFutureDoesNotHold() throws {
        let now = try #require(RFC3339.date(from: "2026-12-01T10:00:00Z"))
        let far = FetchState.Entry(url: "https://a.example/feed", failures: 2, pausedUntil: "2999-01-01T00:00:00Z")
        #expect(SourceBackoff.reasonToWait(far, now: now) == nil)
        let near = FetchState.Entry(url: "https://a.example/feed", failures: 2, pausedUntil: "2026-12-01T10:30:00Z")
        #expect(SourceBackoff.reasonToWait(near, now: now)?.text == "backing off after 2 failures; next try after 10:30 UTC (in 30 min)")
    }

    /// A page's record: the end of its back-off written with the failure, none once its attempts are used up.
    @Test func aPageRecordKeepsTheEndOfItsWait() throws {
        let now = try #require(RFC3339.date(from: "2026-12-01T10:00:00Z"))
        var record = ExtractionRecord()
        let expected = ["2026-12-01T11:00:00Z", "2026-12-01T16:00:00Z", "2026-12-02T10:00:00Z", nil]
        for until in expected {
            record = record.failed("HTTP 500", now: now, stamp: "s")
            #expect(record.pausedUntil == until)
        }
        #expect(record.gaveUp && !record.isDue(now: now.addingTimeInterval(1_000_000), stamp: "s"))
    }
}
