import NewsgenModel

/// `newsgen source list`: each source of site.json on a line, id, title, url or path and category, in columns.
public enum SourceListing {
    public static func text(_ config: SiteConfig) -> String {
        guard !config.sources.isEmpty else { return "No sources in site.json yet; add one with 'newsgen source add URL'." }
        let idWidth = config.sources.map(\.id.count).max() ?? 0
        let titles = config.sources.map { $0.title ?? "-" }
        let titleWidth = titles.map(\.count).max() ?? 0
        var lines = ["\(Wording.counted(config.sources.count, "source")) in site.json:"]
        for (source, title) in zip(config.sources, titles) {
            var line = "  " + pad(source.id, idWidth) + "  " + pad(title, titleWidth) + "  " + source.address
            if let category = source.category { line += "  [\(category)]" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
