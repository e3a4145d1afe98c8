import Foundation
import NewsgenModel

/// Each source's favicon (issue 34), shown on its rows and on `/sources/` in place of the letter tile.
/// The source's home page (the feed's `link`) is read through `PoliteFetcher` (the per-host delay and
/// concurrency, hosts paused by their back-off, the site's User-Agent), at most once every
/// `interval` per source, as `icons.json` in the image cache's folder remembers by the build's clock;
/// the icon it names (or `/favicon.ico`) goes through the `ImageCache` like any image (conditional
/// requests, `maxImageMB`, judged by its bytes). Between two looks the icon is served from the
/// cache's disk copy without asking anything. Never fails the build, never warns: a missing icon is a letter tile.
struct SourceIcons {
    /// How long a look at a source's icon stands.
    static let interval: TimeInterval = 7 * 86_400
    /// A home page is read only for its `<head>`: more than this is not read.
    static let maxPageBytes = 1_048_576

    let images: ImageStage
    let network: Network
    let settings: PolitenessSettings
    /// Hosts paused by their back-off (state.json): their home pages wait for a later week.
    let hosts: [String: FetchState.Host]
    let offline: Bool
    /// The build's clock; without one nothing is looked at (what was found before is still shown).
    let now: Date?
    let bounds: WriteBounds

    struct Output {
        /// Source id → the icon's media name.
        var icons: [String: String] = [:]
        /// The icons under `media/`, read from the media staging folder.
        var files: [OutputFile] = []
    }

    /// True when `home` is on the feed's own site: the same host, or one inside the other (`feeds.example.org`
    /// and `example.org`), a leading `www.` aside. A home page elsewhere is a host the user never named
    /// (a feed may say anything in its `link`), so it is not contacted: that source keeps its letter tile.
    static func sameSite(_ home: URL, _ feed: URL) -> Bool {
        func host(_ url: URL) -> String? {
            guard let host = url.host?.lowercased(), !host.isEmpty else { return nil }
            return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        }
        guard let one = host(home), let other = host(feed) else { return false }
        return one == other || one.hasSuffix("." + other) || other.hasSuffix("." + one)
    }

    private var recordsFile: URL { images.cache.directory.appendingPathComponent(SourceIconRecord.fileName, isDirectory: false) }

    /// `feeds` are the url sources' feed addresses, by id: only their sources are looked at (`sameSite`).
    func run(_ sources: [String: SourceInfo], feeds: [String: URL]) -> Output {
        let kept = (try? Data(contentsOf: recordsFile)).map(SourceIconRecord.read) ?? [:]
        var records: [String: SourceIconRecord] = [:]
        var due: [PageRequest] = []
        for (id, source) in sources.sorted(by: { $0.key < $1.key }) {
            guard let home = source.url.flatMap(URL.init(string:)), let scheme = home.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", let feed = feeds[id], Self.sameSite(home, feed) else { continue }
            let record = kept[id].flatMap { $0.home == home.absoluteString ? $0 : nil }
            if let record, let now, record.checkedAt <= now, now.timeIntervalSince(record.checkedAt) < Self.interval {
                records[id] = record
            } else if offline || now == nil {
                records[id] = record
            } else {
                due.append(PageRequest(key: id, url: home))
            }
        }
        var looked: Set<String> = []
        if let now, !due.isEmpty {
            var settings = settings
            settings.maxPageBytes = min(settings.maxPageBytes, Self.maxPageBytes)
            // One page a week, read for the subscriber as a browser or a reader app visits it, as the feed itself
            // is fetched: robots.txt is for crawlers, which walk a site's pages (ADR 059).
            settings.robots = false
            let report = PoliteFetcher.fetch(due, settings: settings, hosts: hosts, network: network, now: now)
            for request in due {
                let icon: URL?
                switch report.outcomes[request.key] {
                case .fetched(let document)?: icon = SourceIconDiscovery.icon(in: document)
                // A home page that cannot be read may still have the icon browsers look for.
                case .failed?: icon = SourceIconDiscovery.fallback(for: request.url)
                case .waiting?, nil:
                    records[request.key] = kept[request.key].flatMap { $0.home == request.url.absoluteString ? $0 : nil }
                    continue
                }
                records[request.key] = SourceIconRecord(home: request.url.absoluteString, icon: icon?.absoluteString, checkedAt: now)
                looked.insert(request.key)
            }
        }
        if records != kept { try? DurableFile.replace(recordsFile, with: SourceIconRecord.json(records), within: bounds) }

        // The icons: asked of the server only for a source looked at now, else the disk copy.
        let wanted = records.compactMap { id, record in record.icon.flatMap(URL.init(string:)).map { (id: id, url: $0, ask: looked.contains(id)) } }
            .sorted { $0.id < $1.id }
        let placed = Workers.map(wanted.count, concurrency: max(1, settings.workers)) { index in
            images.place(wanted[index].ask ? images.cache.image(for: wanted[index].url) : images.cache.kept(for: wanted[index].url))
        }
        var output = Output()
        var names: Set<String> = []
        for (want, fetched) in zip(wanted, placed) {
            guard case .media(let name, _) = fetched else { continue }
            output.icons[want.id] = name
            if names.insert(name).inserted { output.files.append(images.mediaFile(name)) }
        }
        return output
    }

    /// The url sources' feed addresses, by id.
    static func feeds(_ config: SiteConfig) -> [String: URL] {
        var feeds: [String: URL] = [:]
        for source in config.sources { if case .url(let url) = source.location { feeds[source.id] = url } }
        return feeds
    }
}
