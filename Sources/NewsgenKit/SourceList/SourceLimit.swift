import NewsgenModel

/// The most sources a site supports (ADR 048), and the sentences that say so. A number, not a
/// hope: a build of a site at the limit was measured (ADR 048 gives its time and memory), and
/// the commands that grow site.json (`source add`, `source import`) refuse to pass it, so newsgen
/// itself never makes a site it has not measured. A site.json edited past it by hand still builds
/// (nothing in a build is bounded by the number of sources but time and memory), with a warning,
/// and `newsgen check` reports it as a problem.
public enum SourceLimit {
    /// The most sources site.json may list.
    public static let maxSources = 10_000

    /// Why `config` is past the limit, said of site.json (`site.json: lists …`): the build's warning
    /// and the check's problem; nil within it.
    public static func excess(_ config: SiteConfig) -> String? {
        let count = config.sources.count
        guard count > maxSources else { return nil }
        return "lists \(Wording.counted(count, "source")), more than the \(Wording.grouped(maxSources)) a site supports "
            + "(what newsgen's builds are measured at; 'source add' and 'source import' refuse to go past it); "
            + "remove \(Wording.grouped(count - maxSources)) to be within it"
    }

    /// Refuses `adding` new sources to the `listed` ones when that passes the limit. `what` names
    /// them ("the 12,000 new feeds of big.opml"), `nothingDone` says what was left undone.
    static func check(adding: Int, to listed: Int, _ what: String, nothingDone: String) throws(BuildError) {
        guard listed + adding > maxSources else { return }
        let now = listed == 0 ? "" : " (it lists \(Wording.grouped(listed)) now)"
        throw BuildError("\(what) would bring site.json to \(Wording.counted(listed + adding, "source"))\(now), "
                         + "past the \(Wording.grouped(maxSources)) a site supports; \(nothingDone)")
    }
}
