import Foundation

/// Standard output or standard error, written with write(2), so that a write that fails is
/// remembered rather than fatal. Foundation's `FileHandle.write(_:)` traps on any error
/// (a `try!` inside it: SIGILL, exit 132), and a full disk or a closed pipe is an error
/// every command must survive: by then a bookmark may already be saved.
final class StandardStream: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var failedWith: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The `errno` of the first write that failed; nil while everything was written.
    var failure: Int32? { lock.withLock { failedWith } }

    /// Writes all of `text` (again after a short write, a signal, or a wait on a non-blocking
    /// stream). After a failure it writes nothing more: the stream is full or gone, and a half
    /// line after a lost one helps nobody.
    func write(_ text: String) {
        var text = text
        lock.withLock {
            guard failedWith == nil else { return }
            text.withUTF8 { bytes in
                var offset = 0
                while offset < bytes.count, let base = bytes.baseAddress {
                    let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0, errno == EINTR {
                        continue
                    } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                        // A stream another program left non-blocking: wait until it takes more.
                        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&ready, 1, -1)
                    } else {
                        failedWith = written < 0 ? errno : EIO
                        return
                    }
                }
            }
        }
    }
}
