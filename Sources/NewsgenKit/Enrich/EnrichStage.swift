import Foundation
import NewsgenModel

/// What the Enrich stage hands to Render.
struct EnrichedArticles {
    /// Newest first, sanitized, summarized, their images served from the site.
    var articles: [PreparedArticle]
    /// The images to publish under `media/`, read from the site's media staging folder.
    var files: [OutputFile]
    var warnings: [BuildWarning]
    /// What the image cache did.
    var images: ImageCacheStatistics
    /// What the Enrich cache did.
    var cache: EnrichStatistics
}

/// The Enrich stage: every article sanitized and given its list-row summary (`PreparedArticle`), or
/// that text taken from the Enrich cache when an earlier build made it (`CachedPreparation`), then its images fetched through the site's image cache, served from the site and thumbnailed
/// (`ImageStage`). The cache's index is saved before the site is rendered. Never fails the build.
enum EnrichStage {
    /// `articles` (newest first) are taken, not copied: once sanitized, the publisher's HTML
    /// is let go, so that it is not in memory twice while images are fetched. `timer` tells the
    /// sanitizing ("enrich") from the images ("images").
    /// `digests` are the articles' archive lines' as saved (`ArchiveStage.save`), the Enrich cache's keys.
    static func run(_ articles: consuming [Article], digests: ArchiveDigests = ArchiveDigests(), site: Site, offline: Bool, network: Network,
                    timer: inout StageTimer, progress: (@Sendable (StageProgress) -> Void)? = nil) -> EnrichedArticles {
        let config = site.config
        let preparation = CachedPreparation.make(articles, digests: digests, embedHosts: config.embeds.allow,
                                                 store: EnrichCacheStore(directory: site.enrichCacheDirectory, bounds: site.bounds))
        _ = consume articles
        timer.lap("enrich")
        let cache = ImageCache(config: config.imageCache, siteFolder: site.directory, bounds: site.bounds,
                               timeoutSeconds: Double(config.fetch.timeoutSeconds),
                               userAgent: config.fetch.userAgent, offline: offline, network: network)
        var stage = ImageStage(cache: cache, thumbnailer: Thumbnailer(), concurrency: config.fetch.concurrency,
                               articlesDirectory: site.articlesDirectory, mediaFolder: site.mediaStagingDirectory, bounds: site.bounds)
        stage.progress = progress
        let output = stage.run(preparation.articles, recordsIn: ImageRecordStore(directory: site.imageRecordsDirectory, bounds: site.bounds))
        var warnings = preparation.warnings + output.warnings
        do {
            try cache.save()
        } catch {
            warnings.append(BuildWarning("the image cache's index was not saved (\(error)); the next build fetches its images again"))
        }
        timer.lap("images")
        return EnrichedArticles(articles: output.articles, files: output.files, warnings: warnings, images: cache.statistics,
                                cache: preparation.statistics)
    }
}
