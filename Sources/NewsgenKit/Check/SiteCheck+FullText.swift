import NewsgenModel

extension SiteCheck {
    /// Per source, the archived articles whose page gave less than their feed, so that the feed's text
    /// is kept (ADR 064), and those whose page showed its text behind a wall (issue 35): notes, since
    /// nothing is wrong with the site, but a source where many pages give less may want `fullText` off
    /// (or a rule). Sources in site.json order, then any other source id the archive holds, by id.
    static func fullTextNotes(_ site: Site, archive: Archive?) -> [CheckFinding] {
        guard let archive else { return [] }
        var kept: [String: Int] = [:]
        var walls: [String: [FullText.Wall: Int]] = [:]
        for article in archive.allArticles {
            guard let text = article.fullText else { continue }
            if text.feedKept != nil { kept[article.sourceID, default: 0] += 1 }
            if let wall = text.wall { walls[article.sourceID, default: [:]][wall, default: 0] += 1 }
        }
        let configured = site.config.sources.map(\.id)
        let others = Set(kept.keys).union(walls.keys).subtracting(configured).sorted()
        var findings: [CheckFinding] = []
        for id in configured + others {
            for wall in FullText.Wall.allCases {
                guard let count = walls[id]?[wall] else { continue }
                let what = wall == .paywall ? "behind a paywall (what they show is kept)" : "behind a cookie-consent wall (the text behind it is kept)"
                findings.append(CheckFinding(.note, .sources, "source '\(id)': \(Wording.counted(count, "page")) \(what)"))
            }
            if let count = kept[id] {
                findings.append(CheckFinding(.note, .sources,
                                             "source '\(id)': \(Wording.counted(count, "page")) gave less than the feed; the feed's text is kept"))
            }
        }
        return findings
    }
}
