import Foundation
import NewsgenModel

/// One hash over everything a build reads, by file stamp (size and
/// modification time) rather than by content, so it costs a `stat` per file:
/// newsgen's version, the options that change the output, site.json, the
/// templates, the path sources' feed files, the articles folder, the manifest,
/// the archive (with state.json), `static/` and the saved pages of full text. Nil when the build must run
/// whatever the files say: url sources to fetch (not `--offline`).
enum BuildFingerprint {
    static func inputs(_ site: Site, options: BuildOptions, output: URL) -> String? {
        let config = site.config
        guard options.offline || !config.sources.contains(where: \.isURL) else { return nil }
        // --strict must fail again on a source that still fails, so a lenient build does not stand for a strict one.
        var lines = [NewsgenVersion.name, "theme \(BuiltInTheme.key)", "offline \(options.offline)", "strict \(options.strict)", "preview \(options.preview)", "output \(output.path)"]
        // Retention by age changes what is kept as days pass, with no file changing.
        if config.archive.keepDays != nil, let now = options.now {
            lines.append("day \(Int(now.timeIntervalSince1970 / 86_400))")
        }
        // Today's and yesterday's articles show their time (`DateDisplay.shown`): a new day in the site's zone changes pages.
        if let now = options.now {
            let zone = TimeZone(identifier: config.timeZone) ?? TimeZone(secondsFromGMT: 0)!
            lines.append("shown day \((Int(now.timeIntervalSince1970) + zone.secondsFromGMT(for: now)) / 86_400)")
        }
        func stamp(_ url: URL, as name: String) {
            if let stamp = FileStamp.of(url.path) {
                lines.append("\(name) \(stamp.size) \(stamp.modified)")
            } else {
                lines.append("\(name) missing")
            }
        }
        func folder(_ url: URL, as name: String) {
            for relative in FileSystem.allFiles(under: url) { stamp(url.appendingPathComponent(relative), as: name + "/" + relative) }
        }
        stamp(site.directory.appendingPathComponent("site.json"), as: "site.json")
        folder(site.templatesDirectory, as: "templates")
        for source in config.sources {
            if case .file(let path) = source.location { stamp(site.url(path), as: "source \(source.id)") }
        }
        folder(site.articlesDirectory, as: "articles")
        stamp(site.bookmarksFile, as: "bookmarks")
        folder(site.archiveDirectory, as: "archive")
        folder(site.staticDirectory, as: "static")
        // Saved pages are read in place of fetching, offline too: a new one is new input.
        if config.sources.contains(where: { ($0.fullText ?? config.extract.fullText) != .never }) {
            folder(site.url(config.extract.savedPages), as: "saved pages")
        }
        return SHA256.hex(Array(lines.joined(separator: "\n").utf8))
    }
}
