import Foundation

/// What the Extract stage did, for the build's summary and `/sources/`.
struct ExtractedPages: Sendable {
    /// By source id, for every configured source whose mode is not `never`.
    var counts: [String: FullTextCounts] = [:]
    /// Pages read (fetched or saved) into the archive, left waiting, and failed in this build.
    var summary = FullTextSummary()
    /// The articles whose page's text this build put in the archive: counted as updated (`ArchiveChanges.textRead`).
    var readIDs: Set<String> = []
    var warnings: [BuildWarning] = []
}
