import Foundation
import NewsgenModel

/// The Fetch stage for sources with a `path`: the local file's bytes, as a
/// `FetchedDocument` like a download's, for the Parse stage to read. A failure is
/// that source's outcome, never the build's.
///
/// Refused before anything is read: a file that is not there, a symbolic link
/// that leads out of the site, a folder, and a file over `fetch.maxFeedMB`.
enum FeedFileReader {
    static func read(_ source: SourceConfig, path: String, site: Site) -> FetchedSource {
        func failed(_ reason: String) -> FetchedSource {
            FetchedSource(source: source, outcome: .failed(reason: SourceReason(.fileUnreadable, ["path": path], text: reason)))
        }
        let file = site.url(path)
        let index = site.config.sources.firstIndex(of: source) ?? 0
        guard FileSystem.exists(file) else {
            let text = "\(path): not found (named by sources[\(index)].path in site.json)"
            return FetchedSource(source: source, outcome: .failed(reason: SourceReason(.fileMissing, ["path": path], text: text)))
        }
        if let link = FileSystem.linkLeavingSite(file, site: site.directory) {
            return failed(link.warning(shownAs: path, consequence: "not read").description)
        }
        if FileSystem.isDirectory(file) { return failed(folderReason(path, index: index, site: site)) }
        if let reason = FileSystem.oversizedFeedReason(file, limit: site.config.fetch.maxFeedMB * 1_048_576) {
            return failed("\(path): \(reason)")
        }
        do {
            // A file has no Content-Type and no address of its own for relative links (see `SourceParse`).
            return FetchedSource(source: source, outcome: .fresh(FetchedDocument(data: try FileSystem.read(file, shownAs: path), url: file)))
        } catch {
            return failed(error.description)
        }
    }

    /// Why a folder cannot be a path source, with a file of it to name instead when there is one.
    static func folderReason(_ path: String, index: Int, site: Site) -> String {
        let feeds = (try? FileSystem.siteFiles(in: site.url(path), site: site.directory).files) ?? []
        let example = feeds.first { feed in [".xml", ".rss", ".atom", ".json"].contains { feed.path.lowercased().hasSuffix($0) } }
        let suggestion = example.map { ", such as \(path.hasSuffix("/") ? path : path + "/")\($0.path)" } ?? ""
        return "\(path): is a folder, not a feed file; sources[\(index)].path in site.json must name one file\(suggestion)"
    }
}
