import Foundation
import NewsgenModel

/// A site on disk: its folder and its validated `site.json`. Every path the
/// configuration names is resolved here, relative to the site folder.
public struct Site: Sendable {
    public static let configFileName = "site.json"

    public let directory: URL
    public let config: SiteConfig
    /// Where commands on this site may write (ADR 047): made once, so that every writer of one build shares
    /// its record of refusals; a build starts from fresh bounds with its output in them (`bounded(output:)`).
    private(set) var bounds: WriteBounds

    public init(directory: URL, config: SiteConfig) {
        self.directory = directory
        self.config = config
        bounds = WriteBounds(site: directory, config: config)
    }

    /// This site with fresh bounds that take in `output` and the folders beside it: what one build writes within.
    func bounded(output: URL) -> Site {
        var site = self
        site.bounds = WriteBounds(site: directory, config: config, output: output)
        return site
    }

    /// Reads and validates `DIR/site.json`.
    public static func load(from directory: URL) throws(BuildError) -> Site {
        let file = directory.appendingPathComponent(configFileName)
        guard FileSystem.exists(file) else {
            throw BuildError(path: file.path, "not found (is \(directory.path) a newsgen site?)")
        }
        let data = try readConfig(file, shownAs: file.path)
        do {
            return Site(directory: directory, config: try SiteConfig.decodeSite(data, file: configFileName))
        } catch {
            throw BuildError(error.description)
        }
    }

    /// The bytes of the site.json at `file`: a regular file, refused from its size on disk when it is
    /// over `SiteConfig.maxFileBytes`. Every command reads site.json through this.
    static func readConfig(_ file: URL, shownAs name: String) throws(BuildError) -> Data {
        try FileSystem.read(file, shownAs: name, refusing: SiteConfig.sizeProblem(bytes:))
    }

    /// A path from site.json, resolved against the site folder (absolute paths stay as they are).
    public func url(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
    }

    public var templatesDirectory: URL { directory.appendingPathComponent("templates") }
    public var archiveDirectory: URL { url(config.archive.path) }
    public var articlesDirectory: URL { url(config.articles) }
    public var bookmarksFile: URL { url(config.bookmarks) }
    public var staticDirectory: URL { url(config.staticDirectory) }
    /// True when the user's static folder has a `favicon.ico`: the pages then name it, not the theme's icon (issue 34).
    var hasOwnFavicon: Bool { FileSystem.exists(staticDirectory.appendingPathComponent("favicon.ico", isDirectory: false)) }
    public var defaultOutputDirectory: URL { directory.appendingPathComponent("public") }
    /// Where a build places the images it publishes (inside `.newsgen/`, beside the build lock), removed after publishing.
    var mediaStagingDirectory: URL { directory.appendingPathComponent(".newsgen/media-\(ProcessInfo.processInfo.processIdentifier)") }
    /// Where a build's rendered pages wait to be published (`PageSpool`), removed after publishing.
    var pageSpoolDirectory: URL { directory.appendingPathComponent(".newsgen/pages-\(ProcessInfo.processInfo.processIdentifier)") }
}
