import Foundation

/// What the Extract stage did, for the build's summary and `/sources/`.
struct ExtractedPages: Sendable {
    /// By source id, for every configured source whose mode is not `never`.
    var counts: [String: FullTextCounts] = [:]
    /// Pages read in this build (fetched or saved) whose text is now in the archive.
    var extracted = 0
    /// Wanted pages left for a later build, and failed attempts in this build.
    var waiting = 0
    var failed = 0
    var warnings: [BuildWarning] = []
}
