import Foundation
import NewsgenFeeds

/// The disk, for the stages that touch it. Atomic writes so that a crash or a
/// full disk never leaves a user's file half-written.
enum FileSystem {
    static let manager = FileManager.default

    static func exists(_ url: URL) -> Bool { manager.fileExists(atPath: url.path) }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return manager.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Reads a file; the error names the path and the reason.
    static func read(_ url: URL, shownAs name: String) throws(BuildError) -> Data {
        // One stat answers both whether the file is there (as `exists` would) and its size.
        var info = stat()
        guard stat(url.path, &info) == 0 else { throw BuildError(path: name, "not found") }
        do {
            // Foundation's Data(contentsOf:) leaks a 4 KB buffer for every file whose size is 0
            // (Swift 6.3 on Linux; found by Tests/Fuzz/ArchiveLines): such a file, empty or one that
            // does not know its size, is read through a FileHandle, which is slower on large files.
            if info.st_size == 0 {
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                return try handle.readToEnd() ?? Data()
            }
            return try Data(contentsOf: url)
        } catch {
            throw BuildError(path: name, "cannot be read (\(reason(error)))")
        }
    }

    /// The parser's refusal for a feed file over `limit` bytes, judged from its
    /// size on disk so an oversized file is never read; nil when it fits.
    static func oversizedFeedReason(_ url: URL, limit: Int) -> String? {
        guard let size = (try? manager.attributesOfItem(atPath: url.path)[.size]) as? Int, size > limit else { return nil }
        return FeedParseError(.tooLarge(size: size, limit: limit)).description
    }

    /// Writes to a synced temporary file beside `url`, then renames it into place (`DurableFile`), inside `bounds`.
    static func writeAtomically(_ data: Data, to url: URL, shownAs name: String, within bounds: WriteBounds) throws(BuildError) {
        do {
            try DurableFile.replace(url, with: data, within: bounds)
        } catch {
            throw BuildError(path: name, "cannot be written (\(error.reason))")
        }
    }

    /// Regular files directly inside `directory` whose name ends with `suffix`, sorted by name.
    static func files(in directory: URL, suffix: String) throws(BuildError) -> [URL] {
        guard isDirectory(directory) else { return [] }
        do {
            return try manager.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
                .sorted()
                .map { directory.appendingPathComponent($0) }
        } catch {
            throw BuildError(path: directory.path, "cannot be listed (\(reason(error)))")
        }
    }

    /// Every regular file under `directory`, as paths relative to it, sorted (hidden files skipped).
    static func allFiles(under directory: URL) -> [String] {
        guard let enumerator = manager.enumerator(atPath: directory.path) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") { enumerator.skipDescendants(); continue }
            if !isDirectory(directory.appendingPathComponent(relative)) { files.append(relative) }
        }
        return files.sorted()
    }

    /// The system's words for an I/O error, without Foundation's boilerplate.
    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
