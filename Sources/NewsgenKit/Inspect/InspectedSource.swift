import Foundation

/// What `inspect` and `extract` are given: an http(s) URL to fetch, or a file to read. One
/// place for the checks both make and the words they say them in.
enum InspectedSource {
    case url(URL)
    case file(URL)

    /// `source` as typed: a URL when it looks like `scheme://…` (only http and https are
    /// fetched), otherwise a path relative to `currentDirectory`. A path that is not there but
    /// reads as an address without `https://` is a usage error that suggests the URL; one that is there stays a path.
    static func parse(_ source: String, currentDirectory: URL) throws(InspectError) -> InspectedSource {
        guard let scheme = Inspector.urlScheme(of: source) else {
            let file = URL(fileURLWithPath: source, relativeTo: currentDirectory).standardizedFileURL
            if !FileSystem.exists(file), let suggestion = MissingScheme.suggestion(for: source) {
                throw InspectError(source: source, "no such file, and not a URL (it has no http:// or https://); did you mean \(suggestion)?",
                                   isUsage: true)
            }
            return .file(file)
        }
        guard scheme == "http" || scheme == "https", let url = URL(string: source), url.host != nil else {
            if scheme == "http" || scheme == "https" { throw InspectError(source: source, "not a valid URL") }
            throw InspectError(source: source, FetchError.unsupportedScheme(scheme).description)
        }
        return .url(url)
    }

    /// Reads a file source: not a folder (`kind` says what was expected), there, at most `limit` bytes.
    static func read(_ file: URL, source: String, limit: Int, kind: String) throws(InspectError) -> Data {
        if FileSystem.isDirectory(file) { throw InspectError(source: source, "is a folder, not \(kind)") }
        guard FileSystem.exists(file) else { throw InspectError(source: source, "not found") }
        if let reason = FileSystem.oversizedFeedReason(file, limit: limit) { throw InspectError(source: source, reason) }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw InspectError(source: source, "cannot be read (\(FileSystem.reason(error)))")
        }
    }
}
