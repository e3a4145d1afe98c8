import Foundation

/// What one `PoliteFetcher.fetch` brought back: an outcome for every request (what the
/// caller's `then` made of it), the hosts to remember in state.json, and how many pages wait.
struct PageFetchReport<Outcome: Sendable>: Sendable {
    /// By `PageRequest.key`: one for every request (of two with one key, the first).
    var outcomes: [String: Outcome]
    /// The hosts as they go into `FetchState.hosts`: paused or failing ones only.
    var hosts: [String: FetchState.Host]
    /// Requests not asked for in this build (`PageOutcome.waiting`), for the build's summary.
    var waiting: Int
}
