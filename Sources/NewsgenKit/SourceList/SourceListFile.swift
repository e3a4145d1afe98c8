import Foundation
import NewsgenModel

/// site.json as the `source` commands change it: read fresh under the build lock (so an edit
/// made since `Site.load` is not lost), changed by `SourceListEditor`, checked to still be a
/// valid configuration, and written atomically (`DurableFile`). The caller holds the lock.
struct SourceListFile {
    let url: URL
    let bounds: WriteBounds

    init(site: Site) {
        url = site.directory.appendingPathComponent(Site.configFileName)
        bounds = site.bounds
    }

    /// The editor over site.json as it is on disk now, and the configuration it holds.
    func read() throws(BuildError) -> (editor: SourceListEditor, config: SiteConfig) {
        let data = try Site.readConfig(url, shownAs: Site.configFileName)
        let editor = try SourceListEditor([UInt8](data), file: Site.configFileName)
        do {
            return (editor, try SiteConfig.decodeSite(data, file: Site.configFileName))
        } catch {
            throw BuildError(error.description)
        }
    }

    /// Writes `bytes` once they decode as a configuration; returns it. Nothing is written otherwise.
    @discardableResult
    func write(_ bytes: [UInt8]) throws(BuildError) -> SiteConfig {
        let data = Data(bytes)
        let config: SiteConfig
        do {
            config = try SiteConfig.decodeSite(data, file: Site.configFileName)
        } catch {
            throw BuildError(path: Site.configFileName, "the change would not be valid (\(error.description)); nothing was written")
        }
        try FileSystem.writeAtomically(data, to: url, shownAs: Site.configFileName, within: bounds)
        return config
    }
}
