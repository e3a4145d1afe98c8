import Foundation
import NewsgenModel

/// What newsgen remembers between builds about each url source, in
/// `content/archive/state.json`: the validators for a conditional GET and, while it
/// fails, how often and until when it is left alone; and about each host of article
/// pages that asked to be left alone or is failing (ADR 024). Only what changes when
/// something happens is kept, never the time of an attempt, so a build that brings
/// nothing new leaves the file byte for byte as it was (ADR 053). Pretty and key-sorted
/// so it diffs well; written only when it changed.
struct FetchState: Equatable, Sendable {
    static let formatVersion = 1

    /// One source's memory.
    struct Entry: Equatable, Sendable {
        /// The URL the validators belong to: after a change in site.json they are not sent.
        var url: String
        var etag: String?
        var lastModified: String?
        /// Failed attempts since the last success; nil (left out of the file) after a success.
        var failures: Int? = nil
        /// RFC 3339: the earliest next attempt, set by `SourceBackoff` when a failure is counted; nil after a success.
        var pausedUntil: String? = nil
    }

    /// One host's memory for fetching article pages (`PoliteFetcher`): kept only while the
    /// host is paused or failing, so the file does not grow with every host ever linked.
    struct Host: Equatable, Sendable {
        /// RFC 3339: not asked before then, because its `Retry-After` asked so, or because it is
        /// failing and `SourceBackoff` set the end of its back-off (the later of the two).
        var pausedUntil: String? = nil
        /// Builds in a row in which the host failed (5xx, timeout, no connection); nil once it answers.
        var failures: Int? = nil
    }

    var version: Int = formatVersion
    var sources: [String: Entry] = [:]
    /// By host key (lowercased host, `:port` when not the scheme's default); left out of the file when empty,
    /// so a state without hosts is written as before.
    var hosts: [String: Host] = [:]
    /// Article pages whose full text failed or was asked for again, by article id (`ExtractionRecord`);
    /// left out of the file when empty.
    var pages: [String: ExtractionRecord] = [:]
}

extension FetchState {
    /// Reads `state.json`: every member Foundation's decoder required is required (`version`,
    /// `sources`, each source's `url`), unknown members are ignored, as they were; a key given twice
    /// in one object is refused (`JSONDocumentProblem`), since which copy counts would be a guess.
    /// A file written before ADR 053 has the time of the last attempt where `pausedUntil` is now:
    /// the end of the back-off is worked out from it (`StateMigration`), so no source is asked sooner
    /// than it would have been, and the next write drops it (and `lastSuccess`).
    init(json data: Data) throws {
        let document = try JSONDocument(data)
        if let problem = document.firstProblem() { throw problem }
        let root = try JSONFieldReader(document.root)
        version = try root.int("version")
        for (id, entry) in try root.objects(in: "sources") {
            let failures = try entry.optionalInt("failures")
            let pausedUntil = try entry.optionalString("pausedUntil")
                ?? StateMigration.pausedUntil(failures: failures, lastAttempt: try entry.optionalString("lastAttempt"), delay: SourceBackoff.delay(afterFailures:))
            sources[id] = Entry(url: try entry.string("url"), etag: try entry.optionalString("etag"),
                                lastModified: try entry.optionalString("lastModified"), failures: failures, pausedUntil: pausedUntil)
        }
        // Optional, as `pages`: state files from before issue 17 have neither.
        if root.optional("hosts") != nil {
            for (key, host) in try root.objects(in: "hosts") {
                let failures = try host.optionalInt("failures")
                let backoff = StateMigration.pausedUntil(failures: failures, lastAttempt: try host.optionalString("lastAttempt"), delay: SourceBackoff.delay(afterFailures:))
                hosts[key] = Host(pausedUntil: StateMigration.later(try host.optionalString("pausedUntil"), backoff), failures: failures)
            }
        }
        if root.optional("pages") != nil {
            for (id, page) in try root.objects(in: "pages") {
                let failures = try page.optionalInt("failures") ?? 0
                let pausedUntil = try page.optionalString("pausedUntil")
                    ?? StateMigration.pausedUntil(failures: failures, lastAttempt: try page.optionalString("lastAttempt"), delay: ExtractionRecord.delay(afterFailures:))
                pages[id] = ExtractionRecord(failures: failures, pausedUntil: pausedUntil,
                                             reason: try page.optionalString("reason"), feedStamp: try page.optionalString("feedStamp"),
                                             refresh: page.optional("refresh")?.bool ?? false)
            }
        }
    }

    /// The file's bytes as `JSONEncoder` wrote them (`.prettyPrinted`, `.sortedKeys`, `.withoutEscapingSlashes`), a final newline.
    func json() -> Data {
        JSONWriter.foundationPrettyDocument { writer in
            if !hosts.isEmpty {
                writer.sortedObjects("hosts", hosts) { writer, host in
                    if let failures = host.failures { writer.key("failures"); writer.integer(failures) }
                    writer.optional("pausedUntil", host.pausedUntil)
                }
            }
            if !pages.isEmpty {
                writer.sortedObjects("pages", pages) { writer, page in
                    writer.optional("feedStamp", page.feedStamp)
                    if page.failures > 0 { writer.key("failures"); writer.integer(page.failures) }
                    writer.optional("pausedUntil", page.pausedUntil)
                    writer.optional("reason", page.reason)
                    if page.refresh { writer.key("refresh"); writer.bool(true) }
                }
            }
            writer.sortedObjects("sources", sources) { writer, entry in
                writer.optional("etag", entry.etag)
                if let failures = entry.failures { writer.key("failures"); writer.integer(failures) }
                writer.optional("lastModified", entry.lastModified)
                writer.optional("pausedUntil", entry.pausedUntil)
                writer.key("url"); writer.string(entry.url)
            }
            writer.key("version"); writer.integer(version)
        }
    }
}

/// Reads and writes `FetchState`; a file that cannot be read stops the build and is left untouched.
struct FetchStateStore {
    static let fileName = SiteConfig.reservedStateName + ".json"
    let file: URL
    /// How the path is shown in messages (relative to the site).
    let shownAs: String
    /// Where it may be written (ADR 047): the site's bounds; nil, only its folder.
    var bounds: WriteBounds? = nil

    func load() throws(BuildError) -> FetchState {
        guard FileSystem.exists(file) else { return FetchState() }
        let data = try FileSystem.read(file, shownAs: shownAs)
        let state: FetchState
        do {
            state = try FetchState(json: data)
        } catch {
            throw BuildError(path: shownAs, "cannot be read as newsgen's fetch state (\(Self.describe(error))); it was left untouched")
        }
        guard state.version == FetchState.formatVersion else {
            let update = state.version > FetchState.formatVersion ? " (a newer newsgen wrote it: update newsgen)" : ""
            throw BuildError(path: shownAs, "has state version \(state.version), but this newsgen reads version \(FetchState.formatVersion)\(update); it was left untouched")
        }
        return state
    }

    /// Writes the state atomically when its bytes differ from the file's.
    func save(_ state: FetchState) throws(BuildError) {
        let data = state.json()
        if (try? FileSystem.read(file, shownAs: shownAs)) == data { return }
        try FileSystem.writeAtomically(data, to: file, shownAs: shownAs, within: bounds ?? WriteBounds(folder: file.deletingLastPathComponent()))
    }

    /// Why a state file (or the image cache's index) did not read, as it was said when Foundation's decoder read them.
    static func describe(_ error: Error) -> String {
        if let problem = error as? JSONDocumentProblem { return problem.message }
        guard let error = error as? JSONFieldError else { return "not valid JSON" }
        let path = error.path.map(\.description).joined(separator: ".")
        switch error.problem {
        case .notWhole: return "not valid JSON"
        case .notADate: return "'\(path)' is not valid"
        case .missing: return "'\(error.path.last?.description ?? "")' is missing"
        case .null, .wrongType: return "'\(path)' has the wrong type"
        }
    }
}
