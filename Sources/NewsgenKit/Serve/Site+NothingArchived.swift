import Foundation

extension Site {
    /// True when site.json has url sources and the archive holds no article from any of them: what
    /// `newsgen serve` (offline) then shows is empty only because nothing was ever fetched (ADR 058).
    /// Looks at the archive's month files by name and size only, never reading one.
    public var urlSourcesHaveNothingArchived: Bool {
        let ids = config.sources.filter(\.isURL).map(\.id)
        guard !ids.isEmpty else { return false }
        return !ids.contains { id in
            let folder = archiveDirectory.appendingPathComponent(id)
            let names = (try? FileSystem.manager.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.contains { name in
                guard ArchiveStore.isLineFileName(name), let stamp = FileStamp.of(folder.appendingPathComponent(name).path) else { return false }
                return stamp.size > 0
            }
        }
    }
}
