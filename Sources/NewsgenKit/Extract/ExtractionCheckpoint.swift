import Foundation
import NewsgenModel

/// Keeps the full text read so far in the committed archive while the Extract stage is still
/// fetching (issue 34, ADR 057): every `pagesBetweenSaves` pages, and at once when the build is
/// interrupted (`SignalWatch`), the archive as merged plus the texts read is saved through the
/// archive's own journalled save (`ArchiveStore.save`, ADR 015), so a build stopped by Ctrl-C,
/// a kill or a crash leaves those pages in the archive and the next build does not fetch them again.
///
/// Saves are serialized under one lock, and the build's own save after the stage runs under it
/// too (`close`), so there is never a second writer: only ever one save at a time, each of them
/// the whole archive as the journal commits it.
final class ExtractionCheckpoint: @unchecked Sendable {
    /// Pages read between two saves: what a SIGKILL (which nothing can catch) may cost at most.
    /// A save writes only the month files that changed, and the polite pace of article pages
    /// (`extract.perHostDelaySeconds` per host) leaves seconds between such saves.
    static let pagesBetweenSaves = 5

    private let lock = NSLock()
    private let every: Int
    private let save: (Archive) throws(BuildError) -> Void
    private var base: Archive
    private var texts: [String: Article] = [:]
    private var pending = 0
    private var closed = false

    /// `base` is the archive as the Archive stage merged it; `save` writes an archive (the journalled save).
    init(base: Archive, every: Int = pagesBetweenSaves, save: @escaping (Archive) throws(BuildError) -> Void) {
        self.base = base
        self.every = max(1, every)
        self.save = save
    }

    /// `article` (with its new full text) was read: saved with the others once `every` wait.
    func extracted(_ article: Article) {
        lock.withLock {
            guard !closed else { return }
            texts[article.id] = article
            pending += 1
            if pending >= every { saveLocked() }
        }
    }

    /// Saves what was read and not yet saved (for an interruption); returns how many texts the archive now holds from this build.
    @discardableResult
    func saveNow() -> Int {
        lock.withLock {
            if !closed, pending > 0 { saveLocked() }
            return texts.count
        }
    }

    /// Runs the build's own save of the archive, after which checkpoints are over and a late
    /// interruption finds nothing left to save.
    func close<Result>(_ finalSave: () throws(BuildError) -> Result) throws(BuildError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        base = Archive()
        return try finalSave()
    }

    /// A failed checkpoint leaves the archive as it was (the journal commits all or nothing), and
    /// the build's own save, which writes the same files, reports the reason: nothing is said here.
    private func saveLocked() {
        var archive = base
        archive.replace(Array(texts.values))
        if (try? save(archive)) != nil { pending = 0 }
    }
}
