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
    /// Every source in site.json order, for `/sources/`.
    var sourceStatuses: [SourceStatus] = []
    /// Articles another source also carries, to the article lists show instead (`Archive.duplicates`).
    var duplicateOf: [String: String] = [:]
    /// What the pages of the last build were made from (`PageKey`), by output path, for the pages
    /// still in place untouched in `previousOutput`: a page whose key is the same is not rendered again.
    var previousPages: [String: UInt64] = [:]
    var previousOutput: URL?
    /// The theme and the configuration, which every page depends on (`PageKey.theme`).
    var themeKey: UInt64 = 0
    /// The site's own `static/favicon.ico` is what pages name as their icon, not the theme's `assets/favicon.svg`.
    var ownFavicon = false
    /// Where rendered pages wait for publishing, instead of memory; nil keeps them in memory (tests).
    var spool: PageSpool?
    /// The build's clock (`BuildOptions.now`): today's and yesterday's articles show their time (`DateDisplay`).
    var now: Date?

    /// A bookmark whose article is not in the archive is shown from the manifest, and said.
    var bookmarkWarnings: [BuildWarning] {
        let archived = Set(articles.map(\.article.id))
        return bookmarks.bookmarks.filter { !archived.contains($0.id) }.map { bookmark in
            BuildWarning(path: config.bookmarks, "bookmark '\(bookmark.id)' (\(bookmark.title)) names no article in the archive; shown from the manifest")
        }
    }

    /// What lists show: every article but the duplicates, newest first.
    var listedArticles: [PreparedArticle] {
        duplicateOf.isEmpty ? articles : articles.filter { duplicateOf[$0.article.id] == nil }
    }
}

/// One file of the finished site, relative to the output folder.
///
/// `path` is safe by construction, whatever it was made from, so the
/// Publisher can never write outside the output folder: it is split at `/`
/// and `\`, and empty, `.` and `..` components and NUL characters are
/// dropped (a path with nothing left becomes `index.html`). Paths made by
/// `Route.outputPath` are never changed by this.
struct OutputFile: Sendable, Equatable {
    let path: String
    var data: Data
    /// A file to publish as is instead of `data` (images: hard-linked or copied, never held in memory).
    var sourceFile: URL?
    /// For a page, the `PageKey` of what it was made from.
    var pageKey: UInt64?
    /// A page kept from the last build rather than rendered (`sourceFile` is then that build's file).
    var keptFromLastBuild = false

    init(path: String, data: Data) {
        self.path = Self.contained(path)
        self.data = data
    }

    /// The file of `route`.
    init(route: Route, data: Data) {
        self.init(path: route.outputPath, data: data)
    }

    /// The file of `route`, with the bytes of `file`.
    init(route: Route, file: URL) {
        self.init(path: route.outputPath, data: Data())
        sourceFile = file
    }

    /// `path` as a relative path that stays inside its folder.
    static func contained(_ path: String) -> String {
        if isContained(path) { return path }
        let components = path.unicodeScalars.split(whereSeparator: { $0 == "/" || $0 == "\\" })
            .map { String(String.UnicodeScalarView($0.filter { $0 != "\u{0}" })) }
            .filter { !$0.isEmpty && $0 != "." && $0 != ".." }
        return components.isEmpty ? "index.html" : components.joined(separator: "/")
    }

    /// True when `contained` would return `path` as it is (every path `Route.outputPath` makes):
    /// no backslash or NUL, and no empty, `.` or `..` component between its slashes.
    private static func isContained(_ path: String) -> Bool {
        var componentLength = 0
        var dots = 0
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                if componentLength == 0 || dots == componentLength && dots <= 2 { return false }
                componentLength = 0
                dots = 0
            case UInt8(ascii: "\\"), 0:
                return false
            default:
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return componentLength > 0 && !(dots == componentLength && dots <= 2)
    }
}
