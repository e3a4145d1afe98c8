import Foundation
import NewsgenModel

/// Why a page was not asked for in this build; the next build asks again (or later, for a host
/// that asked to be left alone or is failing).
enum PageWait: Sendable, Equatable, CustomStringConvertible {
    /// `maxPerBuild` pages were started.
    case pageBudget
    /// `maxSecondsPerBuild` seconds passed before the page's turn came.
    case timeBudget
    /// The host answered 429 or 503 with a `Retry-After` (in this build or an earlier one).
    case hostPaused(until: Date)
    /// The host failed (5xx, a timeout, no connection, or no robots.txt it could serve):
    /// it is backing off, as a failing source does (`SourceBackoff`).
    case hostBackingOff(until: Date)

    var description: String {
        switch self {
        case .pageBudget: return "this build's page budget is spent; it waits for the next build"
        case .timeBudget: return "this build's time budget is spent; it waits for the next build"
        case .hostPaused(let until): return "its host asked to be left alone until \(RFC3339.string(from: until))"
        case .hostBackingOff(let until): return "its host is failing; next try after \(RFC3339.string(from: until))"
        }
    }
}
