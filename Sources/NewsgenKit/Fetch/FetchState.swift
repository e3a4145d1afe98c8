import Foundation
import NewsgenModel

/// What newsgen remembers between builds about each url source, in
/// `content/archive/state.json`: the validators for a conditional GET and when
/// the source was last tried and last read. Pretty and key-sorted so it diffs
/// well; written only when it changed.
struct FetchState: Codable, Equatable, Sendable {
    static let formatVersion = 1

    /// One source's memory.
    struct Entry: Codable, Equatable, Sendable {
        /// The URL the validators belong to: after a change in site.json they are not sent.
        var url: String
        var etag: String?
        var lastModified: String?
        /// RFC 3339, the build's "now".
        var lastAttempt: String?
        var lastSuccess: String?
        /// Failed attempts since the last success; nil (left out of the file) after a success.
        /// `SourceBackoff` turns it into the earliest next attempt.
        var failures: Int? = nil
    }

    var version: Int = formatVersion
    var sources: [String: Entry] = [:]
}

/// Reads and writes `FetchState`; a file that cannot be read stops the build and is left untouched.
struct FetchStateStore {
    static let fileName = SiteConfig.reservedStateName + ".json"
    let file: URL
    /// How the path is shown in messages (relative to the site).
    let shownAs: String

    func load() throws(BuildError) -> FetchState {
        guard FileSystem.exists(file) else { return FetchState() }
        let data = try FileSystem.read(file, shownAs: shownAs)
        let state: FetchState
        do {
            state = try JSONDecoder().decode(FetchState.self, from: data)
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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(state) + Data("\n".utf8)
        } catch {
            throw BuildError(path: shownAs, "cannot be encoded (\(error))")
        }
        if (try? Data(contentsOf: file)) == data { return }
        try FileSystem.writeAtomically(data, to: file, shownAs: shownAs)
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is not valid"
        case DecodingError.keyNotFound(let key, _): return "'\(key.stringValue)' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        default: return "\(error)"
        }
    }
}
