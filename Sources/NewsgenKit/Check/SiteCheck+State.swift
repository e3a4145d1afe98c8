import Foundation

extension SiteCheck {
    /// `state.json` read as the build's Load stage reads it (`FetchStateStore.load`), so that a state
    /// file that would stop every build is a problem here too, in the build's words. Checked with the
    /// sources, whose memory it is (validators, back-off), though the check itself sends none of it.
    static func fetchState(_ site: Site) -> [CheckFinding] {
        do {
            _ = try site.fetchStateStore.load()
            return []
        } catch {
            return [CheckFinding(.problem, .sources, location: error.path, error.reason)]
        }
    }
}
