import Foundation

extension FeedDiscovery {
    /// One discovery's clock, started when it begins: every request it makes gets a fetcher
    /// whose deadline is the request timeout or what is left of the whole, whichever is less.
    struct Deadline {
        let seconds: Double
        let base: HTTPFetcher
        let start: Double

        init(seconds: Double, fetcher: HTTPFetcher) {
            self.seconds = seconds
            base = fetcher
            start = fetcher.clock()
        }

        /// Seconds left; zero or less once the deadline has passed.
        var remaining: Double { seconds - (base.clock() - start) }

        /// `discovery's 60 seconds (3 × fetch.timeoutSeconds) ran out`, for `deadline` seconds.
        static func ranOut(_ deadline: Double) -> String {
            "discovery's \(FetchError.seconds(deadline)) (3 × fetch.timeoutSeconds) ran out"
        }

        /// The fetcher for the next request.
        func fetcher() -> HTTPFetcher {
            var fetcher = base
            fetcher.deadline = min(base.deadline, remaining)
            return fetcher
        }
    }

    /// What became of the usual paths asked for a page that names no feed, for the message.
    struct UsualPathTries: Equatable {
        /// Each took its whole request timeout.
        var timedOut: [String] = []
        /// Cut off when discovery's deadline ran out, before their own timeout (the last asked; more
        /// only when a timeout ends a moment early and leaves a sliver of time to the next).
        var cutOff: [String] = []
        /// Answered, or failed at once, with no feed.
        var other: [String] = []
        /// Never asked: the deadline had passed.
        var notAsked: [String] = []

        /// The paths that timed out, were cut off or were not asked, and the rest in a word;
        /// nil when none timed out and all were asked (the short message says it all).
        func whatHappened(timeout: Double, deadline: Double) -> String? {
            guard !timedOut.isEmpty || !cutOff.isEmpty || !notAsked.isEmpty else { return nil }
            var parts: [String] = []
            if !timedOut.isEmpty {
                parts.append("\(Self.listed(timedOut)) timed out after \(FetchError.seconds(timeout))" + (timedOut.count > 1 ? " each" : ""))
            }
            if !other.isEmpty { parts.append("\(Self.listed(other)) \(other.count == 1 ? "is" : "are") no feed") }
            if !cutOff.isEmpty { parts.append("\(Self.listed(cutOff)) timed out when \(Deadline.ranOut(deadline))") }
            if !notAsked.isEmpty { parts.append("\(Self.listed(notAsked)) \(notAsked.count == 1 ? "was" : "were") not asked") }
            return parts.joined(separator: "; ")
        }

        /// `a`, `a and b`, `a, b and c`.
        private static func listed(_ paths: [String]) -> String {
            guard let last = paths.last, paths.count > 1 else { return paths.first ?? "" }
            return paths.dropLast().joined(separator: ", ") + " and " + last
        }
    }
}
