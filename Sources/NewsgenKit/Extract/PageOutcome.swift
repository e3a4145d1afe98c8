import Foundation

/// What became of one requested article page in this build.
enum PageOutcome: Sendable, Equatable {
    /// The page, as the server sent it (2xx, HTML or of no stated type): for the extractor.
    case fetched(FetchedDocument)
    /// The page will not be extracted: a reason for the build's warning.
    case failed(PageFailure)
    /// Not asked for in this build; the next build tries again.
    case waiting(PageWait)

    /// The page waits for a later build.
    var isWaiting: Bool {
        if case .waiting = self { return true }
        return false
    }
}
