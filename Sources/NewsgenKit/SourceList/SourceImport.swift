import Foundation
import NewsgenFeeds
import NewsgenModel

/// `newsgen source import FILE.opml`: every feed outline becomes a url source (its folder's
/// name its category), in one atomic write of site.json. Nothing is fetched here: the command
/// then reads the added feeds once to name the teaser ones (`SourceImportCheck`, outside the
/// build lock), and the next build fetches and archives them all (ADR 039, 056).
/// A feed already in site.json, or earlier in the file, is skipped; an outline the reader
/// could not take is failed; both are reported with their line.
public enum SourceImport {
    /// What an import did (or, with `--dry-run`, would do).
    public struct Report: Sendable {
        /// Added sources, in the file's order.
        public var added: [SourceConfig] = []
        /// `line N: why`, for each outline skipped as a duplicate.
        public var skipped: [String] = []
        /// `line N: why`, for each outline that could not be taken.
        public var failed: [String] = []
        /// What to print on standard output.
        public var text = ""
    }

    /// Reads `file` (shown as `shownAs`) and adds its feeds to site.json, unless `dryRun`. Hold the build lock.
    /// `checked`: the added feeds are read next (`SourceImportCheck`), so the report does not say nothing was.
    public static func run(_ file: URL, shownAs: String, dryRun: Bool, checked: Bool = false, site: Site) throws(BuildError) -> Report {
        guard FileSystem.exists(file) else { throw BuildError(path: shownAs, "not found") }
        let data = try FileSystem.read(file, shownAs: shownAs)
        let document: OPMLDocument
        do {
            document = try OPMLReader.read(data)
        } catch {
            throw BuildError(path: shownAs, "cannot be read as OPML (\(error.reason)); nothing was imported")
        }
        let list = SourceListFile(site: site)
        let (editor, config) = try list.read()
        var report = Report()
        var ids = SourceID.Maker(taken: Set(config.sources.map(\.id)).union(try site.archiveStore.load().articlesBySource.keys))
        // By `SourceAddress.key`, so a list of thousands is checked in one pass.
        var known: [String: String] = [:]
        for source in config.sources where source.isURL { known[SourceAddress.key(source.address) ?? source.address] = "already a source: '\(source.id)'" }
        var problems = document.problems.map { (line: $0.line, text: "line \($0.line): \($0.reason)") }
        for feed in document.feeds {
            guard let url = URL(string: feed.xmlURL), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                problems.append((feed.line, "line \(feed.line): \(feed.xmlURL) is not an absolute http or https URL"))
                continue
            }
            let key = SourceAddress.key(feed.xmlURL) ?? feed.xmlURL
            if let duplicate = known[key] {
                report.skipped.append("line \(feed.line): \(feed.xmlURL) is \(duplicate)")
                continue
            }
            let title = SourceText.nonBlank(feed.title)
            let id = ids.make(from: title ?? url.host ?? "")
            var source = SourceConfig(id: id, title: title, location: .url(url), address: feed.xmlURL)
            source.category = SourceText.nonBlank(feed.category)
            report.added.append(source)
            known[key] = "already in the file, on line \(feed.line) ('\(id)')"
        }
        report.failed = problems.sorted { $0.line < $1.line }.map(\.text)
        try SourceLimit.check(adding: report.added.count, to: config.sources.count,
                              "the \(Wording.counted(report.added.count, "new feed")) of \(shownAs)", nothingDone: "nothing was imported")
        if !dryRun, !report.added.isEmpty { try list.write(editor.adding(report.added)) }
        report.text = text(report, file: shownAs, dryRun: dryRun, checked: checked)
        return report
    }

    private static func text(_ report: Report, file: String, dryRun: Bool, checked: Bool) -> String {
        let count = Wording.counted(report.added.count, "source")
        var lines = [dryRun ? "Would add \(count) from \(file) to site.json (--dry-run: nothing was written)"
                            : "Added \(count) from \(file) to site.json"]
        lines[0] += report.added.isEmpty ? "." : ":"
        let width = report.added.map(\.id.count).max() ?? 0
        for source in report.added {
            var line = "  + " + source.id + String(repeating: " ", count: width - source.id.count) + "  " + source.address
            if let category = source.category { line += "  [\(category)]" }
            lines.append(line)
        }
        if !report.skipped.isEmpty {
            lines.append("Skipped \(Wording.counted(report.skipped.count, "duplicate")):")
            lines += report.skipped.map { "  " + $0 }
        }
        if !report.failed.isEmpty {
            lines.append("Left out, \(Wording.counted(report.failed.count, "problem")):")
            lines += report.failed.map { "  " + $0 }
        }
        if !report.added.isEmpty, !checked {
            lines.append((dryRun ? "Nothing is fetched" : "Nothing was fetched yet") + ": the next 'newsgen build' fetches them, and names those whose feeds give "
                + "only teasers with the one command that turns full text on for them ('newsgen source set ID,ID… full-text auto').")
        }
        return lines.joined(separator: "\n")
    }
}
