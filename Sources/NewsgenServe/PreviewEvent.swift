import NewsgenKit

/// What the preview tells the terminal: each build's result, each bookmark change from a page,
/// and each refused request (so that an attempt from another site is seen).
public enum PreviewEvent: Sendable {
    /// A build finished; `repairs` are what it put right of a killed build first.
    case built(BuildReport, repairs: [BuildWarning], seconds: Double)
    /// A build failed: the pages keep the last good site and show this in an overlay.
    case failed(BuildError)
    /// A page toggled a bookmark: what `newsgen bookmark toggle` would have printed.
    case bookmarked(String)
    /// A request to change the manifest was refused, and why.
    case refused(String)
    /// The archive holds nothing from the url sources and the preview does not fetch (ADR 058): said
    /// once when it becomes so, with what to run.
    case nothingArchived
    /// Another process holds the site's build lock; the rebuild waits up to `seconds` for it (ADR 058).
    case waitingForLock(seconds: Double)
}
