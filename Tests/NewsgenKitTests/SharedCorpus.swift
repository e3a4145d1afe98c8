import Foundation
import Testing

/// The corpora in ../shared/corpora, beside the repository: a test that reads one is skipped,
/// saying so, where they are absent (a clone on its own), and fails under CI=true, where their
/// absence would otherwise let a whole check pass unseen.
enum SharedCorpus {
    /// True under CI (`CI=true`, as GitHub Actions and most CI services set it).
    static let requiredHere = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Fails the test when `present` is false (it only runs then under CI).
    static func require(_ present: Bool, _ folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(present, "\(folder.path) is missing, and CI=true makes that a failure", sourceLocation: sourceLocation)
    }
}
