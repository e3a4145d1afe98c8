import Foundation
import NewsgenKit
import NewsgenModel

/// The line `newsgen build` ends with: what was built, what the sources brought
/// (new, updated, unchanged), what failed, and how long it took.
enum BuildSummary {
    static func line(_ report: BuildReport, outputShownAs output: String, seconds: Double) -> String {
        var parts: [String] = []
        let changes = report.changes
        parts.append("\(Wording.grouped(changes.new)) new, \(Wording.grouped(changes.updated)) updated, \(Wording.grouped(changes.unchanged)) unchanged")
        if changes.pruned > 0 { parts.append("\(Wording.grouped(changes.pruned)) removed by the retention policy") }
        if report.duplicateCount > 0 { parts.append(Wording.counted(report.duplicateCount, "duplicate") + " not listed") }
        let failed = report.sources.filter { if case .failed = $0.outcome { return true } else { return false } }.count
        parts.append("\(Wording.counted(report.sources.count, "source")), \(Wording.grouped(failed)) failed")
        let images = report.images
        if images.downloads + images.revalidated + images.failures + images.staleServed + images.offlineMisses > 0 {
            let offline = images.offlineMisses > 0 ? ", \(Wording.grouped(images.offlineMisses)) not fetched (--offline)" : ""
            parts.append("images: \(Wording.grouped(images.downloads)) downloaded, \(Wording.grouped(images.revalidated)) unchanged, \(Wording.grouped(images.failures)) failed\(offline)")
        }
        let fullText = report.fullText
        if fullText.extracted + fullText.waiting + fullText.failed > 0 {
            parts.append("full text: \(Wording.grouped(fullText.extracted)) read, \(Wording.grouped(fullText.failed)) failed, "
                + "\(Wording.grouped(fullText.waiting)) waiting for a later build")
        }
        if fullText.feedKept > 0 {
            parts.append("\(Wording.counted(fullText.feedKept, "page")) gave less than the feed; the feed's text is kept")
        }
        if report.teasers.articlesKept > 0 {
            parts.append("\(Wording.counted(report.teasers.articlesKept, "article")) kept as teasers (the feed's sentence and a link)")
        }
        if !report.warnings.isEmpty { parts.append(Wording.counted(report.warnings.count, "warning")) }
        return "Built \(Wording.counted(report.articleCount, "article")) into \(output)/ (\(Wording.counted(report.pageCount, "page"))) in "
            + String(format: "%.2f s", seconds) + ": " + parts.joined(separator: "; ") + "."
    }

    /// `--verbose`: what the image cache did, and the most memory its memory tier held.
    static func imageDetail(_ images: ImageCacheStatistics) -> String {
        "Images: \(Wording.grouped(images.downloads)) downloaded, \(Wording.grouped(images.revalidated)) revalidated (304), \(images.memoryHits) from memory, "
            + "\(images.staleServed) stale copies served, \(Wording.grouped(images.failures)) failed, \(Wording.grouped(images.offlineMisses)) not fetched (--offline); "
            + "memory tier high-water mark \(images.memoryBytesHighWater) bytes."
    }

    /// `--verbose`: what the search cache did (ADR 030).
    static func searchDetail(_ report: BuildReport) -> String {
        "Search: \(Wording.counted(report.searchTerms.tokenized, "article")) tokenized, \(Wording.grouped(report.searchTerms.reused)) reused from the cache."
    }

    /// `--verbose`: what the Enrich cache did (ADR 027).
    static func enrichDetail(_ enrich: EnrichStatistics) -> String {
        "Enrich: \(Wording.counted(enrich.sanitized, "article")) sanitized, \(Wording.grouped(enrich.reused)) reused from the cache."
    }

    /// `--verbose`: how many sources were parsed, and how many sent nothing new: 304 Not Modified, or what the last build parsed (ADR 027).
    static func parseDetail(_ report: BuildReport) -> String {
        "Sources: \(Wording.grouped(report.sourcesUnparsed)) of \(Wording.grouped(report.sources.count)) unchanged since the last build (304 Not Modified or the same document; not parsed again)."
    }

    /// `--verbose`: where the time went, stage by stage.
    static func stages(_ times: [StageTime]) -> String {
        "Stages: " + times.map { "\($0.stage) " + String(format: "%.3f s", $0.seconds) }.joined(separator: ", ") + "."
    }

    /// When nothing changed since the last build (`BuildReport.upToDate`).
    static func upToDate(_ report: BuildReport, outputShownAs output: String, seconds: Double) -> String {
        "Nothing changed since the last build: \(output)/ is up to date (\(Wording.counted(report.articleCount, "article")), "
            + "\(Wording.counted(report.pageCount, "page"))); checked in " + String(format: "%.2f s", seconds) + "."
            + (report.warnings.isEmpty ? "" : " \(Wording.counted(report.warnings.count, "warning")) from that build.")
    }
}
