import Foundation

/// One article page to fetch for full-text extraction (issue 17). Requests come newest
/// article first: that order is the priority in which the budgets are spent and in which
/// each host's pages are asked for.
struct PageRequest: Sendable, Equatable {
    /// The article's id: the key of its outcome in `PageFetchReport`.
    var key: String
    /// The feed item's link.
    var url: URL
}
