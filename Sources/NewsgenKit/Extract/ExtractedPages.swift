import Foundation

/// What the Extract stage did, for the build's summary and `/sources/`.
struct ExtractedPages: Sendable {
    /// By source id, for every configured source whose mode is not `never`.
    var counts: [String: FullTextCounts] = [:]
    /// Pages read (fetched or saved) into the archive, left waiting, and failed in this build.
    var summary = FullTextSummary()
    var warnings: [BuildWarning] = []
}
