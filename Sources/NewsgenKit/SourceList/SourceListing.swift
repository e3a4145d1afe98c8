import NewsgenModel

/// `newsgen source list`: each source of site.json on a line, id, title, full-text mode, url or path and
/// category, in columns. The mode is shown whether set or inherited (`(default)`, from `extract.fullText`),
/// since a source left on `never` keeps only what its feed gives (ADR 056). Every line after the first is a
/// source, its id first: the shell completions read the ids so (`ShellCompletion`).
public enum SourceListing {
    public static func text(_ config: SiteConfig) -> String {
        guard !config.sources.isEmpty else { return "No sources in site.json yet; add one with 'newsgen source add URL'." }
        let idWidth = config.sources.map(\.id.count).max() ?? 0
        let titles = config.sources.map { $0.title ?? "-" }
        let titleWidth = titles.map(\.count).max() ?? 0
        let modes = config.sources.map { "full-text " + ($0.fullText?.rawValue ?? "\(config.extract.fullText.rawValue) (default)") }
        let modeWidth = modes.map(\.count).max() ?? 0
        var lines = ["\(Wording.counted(config.sources.count, "source")) in site.json:"]
        for (index, source) in config.sources.enumerated() {
            var line = "  " + pad(source.id, idWidth) + "  " + pad(titles[index], titleWidth) + "  " + pad(modes[index], modeWidth) + "  " + source.address
            if let category = source.category { line += "  [\(category)]" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
