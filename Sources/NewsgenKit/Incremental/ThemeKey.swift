import Foundation
import NewsgenModel

extension PageKey {
    /// What every page depends on besides its own values: newsgen's version, site.json and the theme's files.
    static func theme(_ site: Site) -> UInt64 {
        var key = PageKey()
        key.add(NewsgenVersion.name)
        key.add(number: BuiltInTheme.key)
        key.add(number: site.hasOwnFavicon ? 1 : 0)
        key.add(bytes: (try? FileSystem.read(site.directory.appendingPathComponent(Site.configFileName), shownAs: Site.configFileName)) ?? Data())
        for file in (try? FileSystem.siteFiles(in: site.templatesDirectory, site: site.directory, recursive: true))?.files ?? [] {
            key.add(file.path)
            key.add(bytes: (try? FileSystem.read(file.source, shownAs: file.path)) ?? Data())
        }
        return key.value
    }
}
