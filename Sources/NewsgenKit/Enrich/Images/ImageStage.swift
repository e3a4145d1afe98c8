import Foundation
import NewsgenHTML
import NewsgenModel

/// The Enrich stage's images: every image an article names (its item image,
/// `<img src>`/`srcset` and `<video poster>` in its content, files beside a
/// Markdown article) is fetched through the `ImageCache`, `fetch.concurrency`
/// at a time, and served from the site: the HTML is rewritten to
/// `/media/<sha256>.<ext>`, and an image that failed becomes a plain link to
/// its original. Never fails the build. The article's own image also gets
/// 80×80 and 160×160 thumbnails for list rows, kept in the cache folder's
/// `thumbs/` so that a rebuild does not make them again.
struct ImageStage {
    let cache: ImageCache
    let thumbnailer: Thumbnailer
    let concurrency: Int
    let articlesDirectory: URL
    /// A build-private folder where the files to publish are placed (hard links
    /// to the cache's blobs where possible), so that eviction during the build
    /// cannot take away an image the site still needs.
    let mediaFolder: URL
    /// Where the stage may write (ADR 047): in a build, the site's bounds; by default the media folder and the cache's.
    var bounds: WriteBounds? = nil
    /// Hears of each image fetched and each thumbnail made, for a progress display.
    var progress: (@Sendable (StageProgress) -> Void)? = nil

    private var writes: WriteBounds { bounds ?? WriteBounds(folders: [mediaFolder, cache.directory]) }

    struct Output {
        var articles: [PreparedArticle]
        /// Under `media/` and `media/thumbs/`, each read from `mediaFolder` by the publisher.
        var files: [OutputFile]
        var warnings: [BuildWarning]
        /// The image record of every article prepared through the Enrich cache, for the next build (ADR 035);
        /// nil when no image could be placed at all, so that the last build's records are kept.
        var records: ImageRecords?
    }

    /// What one address gave: a media name with its file in `mediaFolder`, or why not.
    enum Fetched: Sendable {
        case media(name: String, sha256: String)
        case failed(reason: String)
    }

    var thumbnailFolder: URL { cache.directory.appendingPathComponent("thumbs", isDirectory: true) }

    /// `records` are the last build's (ADR 035): an article whose Enrich key they hold is not scanned
    /// for its images, and not rewritten when its images became what they became then.
    func run(_ articles: [PreparedArticle], records: RecordCache<ImageRecordCoding> = .empty) -> Output {
        var warnings: [BuildWarning] = []
        // 1. What each article names, resolved to addresses: the text's images from its record when there is one.
        let found = Workers.parallelMap(articles.count) { index -> (record: ImageRecord?, inText: [String]) in
            if let key = articles[index].enrichKey, let record = records.value(for: key) { return (record, record.references) }
            return (nil, ImageRecord.references(in: articles[index]))
        }
        var wanted: [[(reference: String, address: ImageAddress?)]] = []
        var addresses: [ImageAddress] = []
        var seen: Set<ImageAddress> = []
        for (index, prepared) in articles.enumerated() {
            let references = Self.references(of: prepared, inText: found[index].inText)
            let resolved = references.map { ($0, ImageAddress.resolve($0, article: prepared.article, articlesDirectory: articlesDirectory)) }
            for case let (_, address?) in resolved where seen.insert(address).inserted { addresses.append(address) }
            wanted.append(resolved)
        }
        do {
            try DurableFile.makeFolder(mediaFolder.appendingPathComponent("thumbs", isDirectory: true), within: writes)
        } catch {
            warnings.append(BuildWarning("images are shown as links: \(mediaFolder.path) cannot be made (\(error.reason))"))
            return Output(articles: articles.map { Self.linkingEverything($0) }, files: [], warnings: warnings, records: nil)
        }
        // 2. Fetch every distinct address, concurrently.
        let distinct = addresses
        let fetched = StageCounter(.images, total: distinct.count, report: progress)
        let results = Workers.map(distinct.count, concurrency: concurrency) { index in
            defer { fetched.finished() }
            return fetch(distinct[index])
        }
        let byAddress = Dictionary(uniqueKeysWithValues: zip(distinct, results))

        // 3. The article's lead image: its item image (or the lead image its page named) when that worked, else
        // the first content image that did; left off the page when the text shows the same picture (`LeadImage`).
        var mains: [String: String] = [:]  // media name → sha256, for thumbnails
        var chosen: [(name: String, inContent: Bool)?] = []
        for (index, prepared) in articles.enumerated() {
            let item = prepared.leadImageURL.flatMap { ImageAddress.resolve($0, article: prepared.article, articlesDirectory: articlesDirectory) }
            var pick: (String, Bool)?
            for address in [item].compactMap({ $0 }) + wanted[index].compactMap(\.address) {
                if case .media(let name, let sha256)? = byAddress[address] {
                    // A content image that leads is in the text by definition; the item image is when the text repeats it.
                    let repeated = address != item || Self.textRepeats(address, sha256: sha256, found[index].inText, wanted[index], byAddress)
                    pick = (name, repeated)
                    mains[name] = sha256
                    break
                }
            }
            chosen.append(pick)
        }
        let mainNames = mains.keys.sorted()
        let sources = mains
        if mains.values.contains(where: { sha256 in Thumbnailer.sizes.contains { !FileSystem.exists(keptThumbnail(sha256, size: $0)) } }) {
            Thumbnailer.start()
        }
        let thumbnailed = StageCounter(.thumbnails, total: mainNames.count, report: progress)
        let thumbnails = Workers.map(mainNames.count, concurrency: max(1, ProcessInfo.processInfo.activeProcessorCount)) { index in
            defer { thumbnailed.finished() }
            return Thumbnailer.sizes.map { size in thumbnail(of: mainNames[index], sha256: sources[mainNames[index]] ?? "", size: size) }
        }
        let thumbsByName = Dictionary(uniqueKeysWithValues: zip(mainNames, thumbnails))
        // Asked only when a thumbnail is missing: `unavailable` opens libvips, a hundred libraries a build that makes none need not load.
        if thumbnails.contains(where: { $0.contains(nil) }), let reason = Thumbnailer.unavailable {
            warnings.append(BuildWarning("list rows show no thumbnails: \(reason)"))
        }
        pruneThumbnails(keeping: Set(mains.values))

        // 4. What each image becomes, every build (a failed one was tried again); then each article rewritten,
        // or its last rewrite taken from its record when every decision is the one it was made with.
        var used: Set<String> = []
        var usedThumbs: Set<String> = []
        var failures: [(url: String, reason: String)] = []
        var failedSeen: Set<String> = []
        var madeInText: [[ImageRewrite]] = []
        var images: [ArticleImage?] = []
        for (index, prepared) in articles.enumerated() {
            let page = Route.article(slug: prepared.article.slug)
            var decisions: [String: ImageRewrite] = [:]
            for (reference, address) in wanted[index] {
                switch address.flatMap({ byAddress[$0] }) {
                case .media(let name, _)?:
                    used.insert(name)
                    decisions[reference] = .local(Route.media(name: name).relativeLink(from: page))
                case .failed(let reason)?:
                    decisions[reference] = .link
                    // With --offline an image the cache lacks is expected to be a link, as a skipped source is.
                    if reason != ImageCache.notCachedOffline, failedSeen.insert(reference).inserted { failures.append((reference, reason)) }
                case nil:
                    decisions[reference] = .link
                    if failedSeen.insert(reference).inserted {
                        failures.append((reference, "neither an http(s) URL nor a file inside the articles folder"))
                    }
                }
            }
            madeInText.append(found[index].inText.map { decisions[$0] ?? .link })
            var image: ArticleImage?
            if let (name, inContent) = chosen[index] {
                let thumbs = thumbsByName[name] ?? []
                let small = thumbs.first ?? nil, large = thumbs.dropFirst().first ?? nil
                image = ArticleImage(media: name, thumbnail: small, thumbnail2x: large, inContent: inContent)
                used.insert(name)
                for case let thumb? in [small, large] { usedThumbs.insert(thumb) }
            }
            images.append(image)
        }
        let made = madeInText
        let rewritten = Workers.parallelMap(articles.count) { index -> (article: PreparedArticle, record: ImageRecord, reused: Bool) in
            if let record = found[index].record, record.decisions == made[index] { return (record.applied(to: articles[index]), record, true) }
            let (article, record) = ImageRecord.rewriting(articles[index], references: found[index].inText, decisions: made[index])
            return (article, record, false)
        }
        var out: [PreparedArticle] = []
        out.reserveCapacity(articles.count)
        var records = ImageRecords()
        for (index, result) in rewritten.enumerated() {
            var updated = result.article
            updated.image = images[index]
            out.append(updated)
            guard let key = updated.enrichKey else { continue }
            records.entries.append((key, result.record))
            if result.reused { records.reused.insert(key) }
        }
        if !failures.isEmpty {
            let shown = failures.prefix(5).map { "\($0.url) (\($0.reason))" }.joined(separator: "; ")
            let more = failures.count > 5 ? "; and \(failures.count - 5) more" : ""
            warnings.append(BuildWarning("\(failures.count) image\(failures.count == 1 ? "" : "s") could not be fetched and \(failures.count == 1 ? "is" : "are") shown as links to the original: \(shown)\(more)"))
        }
        warnings += cache.warnings.map { BuildWarning(path: cache.directory.lastPathComponent, $0) }
        // Named as files (`isDirectory: false`): `appendingPathComponent(_:)` alone asks the file system, one `stat` per image.
        let files = used.sorted().map(mediaFile)
            + usedThumbs.sorted().map { OutputFile(route: .thumbnail(name: $0), file: mediaFolder.appendingPathComponent("thumbs/" + $0, isDirectory: false)) }
        return Output(articles: out, files: files, warnings: warnings, records: records)
    }

    /// True when the text (`inText`, resolved through `wanted`) shows the lead image at `lead` again,
    /// by address or by bytes (`LeadImage.isRepeated`).
    private static func textRepeats(_ lead: ImageAddress, sha256: String, _ inText: [String],
                                     _ wanted: [(reference: String, address: ImageAddress?)], _ byAddress: [ImageAddress: Fetched]) -> Bool {
        guard !inText.isEmpty else { return false }
        let addresses = Dictionary(wanted.map { ($0.reference, $0.address) }, uniquingKeysWith: { first, _ in first })
        let text = inText.map { reference -> LeadImage.Identity in
            let address = addresses[reference] ?? nil
            var digest: String?
            if let address, case .media(_, let sha256)? = byAddress[address] { digest = sha256 }
            return LeadImage.Identity(address: address.map(LeadImage.normalized), digest: digest)
        }
        return LeadImage.isRepeated(LeadImage.Identity(address: LeadImage.normalized(lead), digest: sha256), in: text)
    }

    /// The lead image first, then `inText`, what the content and summary show, each once (a set keeps
    /// this linear: a hostile body may hold tens of thousands of images).
    private static func references(of prepared: PreparedArticle, inText: [String]) -> [String] {
        guard let item = prepared.leadImageURL else { return inText }
        return [item] + inText.filter { $0 != item }
    }

    /// When no file can be placed at all: every image becomes a link.
    private static func linkingEverything(_ prepared: PreparedArticle) -> PreparedArticle {
        prepared.rewritingImages { _ in .link }
    }

    /// One image through the cache, its file placed in `mediaFolder`.
    private func fetch(_ address: ImageAddress) -> Fetched {
        switch address {
        case .remote(let url): return place(cache.image(for: url))
        case .local(let file): return place(cache.localImage(at: file))
        }
    }

    /// The publishing of `mediaFolder`'s file `name`.
    func mediaFile(_ name: String) -> OutputFile {
        OutputFile(route: .media(name: name), file: mediaFolder.appendingPathComponent(name, isDirectory: false))
    }

    /// An image the cache gave, its file placed in `mediaFolder` (a hard link to the cache's blob where possible).
    func place(_ result: ImageResult) -> Fetched {
        switch result {
        case .failed(let reason):
            return .failed(reason: reason)
        case .image(let image):
            let target = mediaFolder.appendingPathComponent(image.mediaName, isDirectory: false)
            if !FileSystem.exists(target) {
                let blob = cache.directory.appendingPathComponent(DiskImageCache.blobsName, isDirectory: true).appendingPathComponent(image.mediaName, isDirectory: false)
                if !DurableFile.hardLink(blob, to: target, within: writes) {
                    do {
                        try DurableFile.replace(target, with: image.data, sync: false, within: writes)
                    } catch {
                        return .failed(reason: "cannot be placed in the site (\(error.reason))")
                    }
                }
            }
            return .media(name: image.mediaName, sha256: image.sha256)
        }
    }

    private func keptThumbnail(_ sha256: String, size: Int) -> URL {
        thumbnailFolder.appendingPathComponent("\(sha256)-\(size).jpg", isDirectory: false)
    }

    /// A thumbnail's media name: made once per source image and size, kept in `thumbs/` of the cache folder.
    private func thumbnail(of name: String, sha256: String, size: Int) -> String? {
        let kept = keptThumbnail(sha256, size: size)
        var data = try? Data(contentsOf: kept)
        if data.map({ ImageKind.sniff($0) != .jpeg }) ?? true {
            guard let source = try? Data(contentsOf: mediaFolder.appendingPathComponent(name, isDirectory: false)),
                  let made = try? thumbnailer.thumbnail(of: source, size: size) else { return nil }
            data = made
            try? DurableFile.replace(kept, with: made, within: writes)
        }
        guard let data, let thumbName = SafeName.mediaName(content: data, fileExtension: "jpg") else { return nil }
        let target = mediaFolder.appendingPathComponent("thumbs/" + thumbName, isDirectory: false)
        if !FileSystem.exists(target) {
            if !DurableFile.hardLink(kept, to: target, within: writes) { try? DurableFile.replace(target, with: data, sync: false, within: writes) }
        }
        return thumbName
    }

    /// Thumbnails of images no article shows any more leave the cache folder.
    private func pruneThumbnails(keeping sources: Set<String>) {
        guard let names = try? FileSystem.manager.contentsOfDirectory(atPath: thumbnailFolder.path) else { return }
        for name in names {
            let source = name.split(separator: "-").first.map(String.init) ?? ""
            if !sources.contains(source) { try? DurableFile.removeTree(thumbnailFolder.appendingPathComponent(name, isDirectory: false), within: writes) }
        }
    }
}
