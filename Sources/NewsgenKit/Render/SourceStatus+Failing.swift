/// Which sources the `/sources/` summary counts as failing.
extension SourceStatus {
    /// Failed in this build.
    var failedInThisBuild: Bool {
        if case .failed = outcome { return true } else { return false }
    }

    /// Failed in this build, or still backing off from earlier failures (skipped until a later build).
    var isFailing: Bool { failedInThisBuild || failures > 0 }

    /// Counted as "not fetched in preview" in the summary: not fetched by `newsgen serve`, and not failing.
    var isNotFetched: Bool { notFetchedInPreview && !isFailing }
}
