import Foundation

/// A folder of this process's own for the targets whose reader takes a path (the archive,
/// state.json, the image cache): each input is written there and read back by the real code.
/// Removed when the fuzzer exits normally; `fuzz.py` gives each run a TMPDIR of its own and
/// removes it afterwards, whatever the end.
enum FuzzScratch {
    static let directory: URL = {
        var template = Array((NSTemporaryDirectory() + "/newsgen-fuzz-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            fatalError("cannot make a scratch folder in \(NSTemporaryDirectory())")
        }
        let url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        atexit { try? FileManager.default.removeItem(at: FuzzScratch.directory) }
        return url
    }()

    /// Empties `name` inside the scratch folder (making it when missing) and returns it.
    static func freshFolder(_ name: String) -> URL {
        let folder = directory.appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            fatalError("cannot make \(folder.path): \(error)")
        }
        return folder
    }

    /// Writes `data` to `url`, making its folder; a failure here is the harness's, not the input's.
    static func write(_ data: Data, to url: URL) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            fatalError("cannot write \(url.path): \(error)")
        }
    }
}
