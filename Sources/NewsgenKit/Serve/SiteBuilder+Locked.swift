import Foundation

extension SiteBuilder {
    /// One build as `newsgen build` and `newsgen serve` run it: site.json read afresh, the build lock
    /// held throughout, and what a killed build left put right first (`repaired` hears of it before
    /// the build starts, so it is printed in that order). `lockWait`, `newsgen serve`'s, waits for another
    /// process's build to end instead of failing at once.
    public static func buildHoldingLock(siteDirectory: URL, options: BuildOptions, lockWait: BuildLock.Wait? = nil,
                                        repaired: ([BuildWarning]) -> Void = { _ in }) throws(BuildError) -> BuildReport {
        let site = try Site.load(from: siteDirectory)
        let lock = try BuildLock.acquire(site: site, waiting: lockWait)
        defer { lock.release() }
        repaired(try Leftovers.clean(site: site, output: options.output ?? site.defaultOutputDirectory, holding: lock))
        return try build(site, options: options)
    }
}
