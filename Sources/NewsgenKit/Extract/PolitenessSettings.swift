import Foundation
import NewsgenModel

/// How politely article pages are fetched (site.json's extraction settings and the
/// fetch settings they share); the defaults are issue 17's. `PoliteFetcher` clamps
/// values out of range (a negative delay is none, a concurrency below 1 is 1).
struct PolitenessSettings: Sendable, Equatable {
    /// A host is asked again no sooner than this after its previous request finished.
    var perHostDelaySeconds: Double = 2
    /// Requests in flight to one host at once.
    var perHostConcurrency: Int = 1
    /// The largest page body accepted, in bytes (after gzip or deflate decoding).
    var maxPageBytes: Int = 5 * 1_048_576
    /// Page requests started in one build; the rest wait for the next.
    var maxPerBuild: Int = 200
    /// No request is started once this many seconds have passed since the first.
    var maxSecondsPerBuild: Double = 120
    /// Fetch each host's robots.txt and honour it for newsgen's product token.
    var robots: Bool = true
    /// Seconds for one whole exchange (the site's `fetch.timeoutSeconds`).
    var deadline: Double = 20
    /// Requests in flight over all hosts (the site's `fetch.concurrency`).
    var workers: Int = 8
    /// Sent with every request; its product name (`newsgen`) is the token robots.txt groups are matched against.
    var userAgent: String = HTTPFetcher.defaultUserAgent
}

extension PolitenessSettings {
    /// The settings with every value in a range the scheduler can keep to.
    var clamped: PolitenessSettings {
        var settings = self
        settings.perHostDelaySeconds = perHostDelaySeconds.isFinite ? max(0, perHostDelaySeconds) : 0
        settings.perHostConcurrency = max(1, perHostConcurrency)
        settings.maxPageBytes = max(0, maxPageBytes)
        settings.maxPerBuild = max(0, maxPerBuild)
        settings.maxSecondsPerBuild = maxSecondsPerBuild.isNaN ? 0 : max(0, maxSecondsPerBuild)
        settings.deadline = deadline.isNaN ? 0 : deadline
        settings.workers = max(1, workers)
        return settings
    }
}

extension PolitenessSettings {
    /// Issue 17's defaults with what pages share with feeds taken from the site's `fetch`
    /// settings: the whole-exchange deadline, the overall concurrency and the User-Agent
    /// with the contact. The caller sets the extraction settings over them.
    init(fetch: FetchConfig) {
        self.init(deadline: Double(fetch.timeoutSeconds), workers: fetch.concurrency, userAgent: fetch.userAgent)
    }
}
