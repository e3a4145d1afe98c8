import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` with file descriptor 2 pointed at a temporary file and returns
/// what was written to it, so tests can prove a C library stayed quiet.
/// Serialized by a lock: the descriptor is process-wide.
enum StandardErrorCapture {
    private static let lock = NSLock()

    static func capture(_ body: () -> Void) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-html-stderr-\(UUID().uuidString)").path
        let file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        guard file >= 0 else { throw CaptureError.cannotOpen(path) }
        defer {
            close(file)
            unlink(path)
        }
        fflush(nil)
        let saved = dup(2)
        dup2(file, 2)
        body()
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    enum CaptureError: Error {
        case cannotOpen(String)
    }
}
