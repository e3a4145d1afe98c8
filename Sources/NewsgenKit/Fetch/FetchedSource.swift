import NewsgenModel

/// What the Fetch stage brought for one source, a url or a file alike: the document to
/// parse, or why there is none. The Parse stage (`SourceParse.make`) takes it from here.
struct FetchedSource: Sendable {
    enum Outcome: Sendable, Equatable {
        /// A document to parse: a 2xx answer, or the file's bytes.
        case fresh(FetchedDocument)
        /// HTTP 304 to a conditional request: nothing to parse; the archive's articles stand.
        case notModified
        /// Not asked in this build (offline, backing off); the archive's articles stand.
        case skipped(reason: SourceReason)
        /// The source could not be read; the reason names its url or path.
        case failed(reason: SourceReason)
    }

    var source: SourceConfig
    var outcome: Outcome
    /// The validators of the server's answer (200 or 304), for the next conditional request.
    var etag: String? = nil
    var lastModified: String? = nil
    /// For the person building: a permanent redirect.
    var warnings: [String] = []
    /// False for a url source left alone because it is backing off: its state is not touched.
    var attempted = true

    /// True when the server answered (200 or 304) or the file was read.
    var answered: Bool {
        switch outcome {
        case .fresh, .notModified: return true
        case .skipped, .failed: return false
        }
    }
}
