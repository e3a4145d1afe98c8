import Foundation
import NewsgenModel

/// Everything the Render stage needs, gathered by the earlier stages. Rendering
/// reads nothing else: no disk, no clock, so the same input gives the same bytes.
struct RenderInput: Sendable {
    var config: SiteConfig
    var templates: Templates
    /// Newest first.
    var articles: [PreparedArticle]
    var sources: [String: SourceInfo]
    var bookmarks: BookmarkManifest
}

/// One file of the finished site, relative to the output folder.
struct OutputFile: Sendable, Equatable {
    var path: String
    var data: Data
}
