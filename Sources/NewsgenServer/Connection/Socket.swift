#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The few socket calls the server makes, each retried on EINTR and never raising SIGPIPE.
enum Socket {
    /// Writes every byte, or gives up (the client went away, or a write blocked past SO_SNDTIMEO).
    static func sendAll(_ fd: Int32, _ bytes: [UInt8], flags: Int32 = 0) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL) | flags)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            sent += n
        }
        return true
    }

    /// Waits until `fd` can be read, at most `milliseconds`: true when readable (or closed, or failed).
    static func waitReadable(_ fd: Int32, milliseconds: Int) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&entry, 1, Int32(clamping: max(0, milliseconds)))
            if result < 0 && errno == EINTR { continue }
            return result != 0
        }
    }

    /// Reads what is there, at most `capacity` bytes; nil once the peer closed or the socket failed.
    static func receive(_ fd: Int32, capacity: Int = 4096) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: capacity)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, capacity, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            return Array(chunk[..<n])
        }
    }

    static func setSendTimeout(_ fd: Int32, seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Ends a connection after the response was written: the write side first, then what the
    /// client still sends is read and dropped for a moment, so that closing with unread bytes does
    /// not reset the connection and lose the response (a 413 or 431 sent while the client is still
    /// writing). It does not close: only the connection's thread does, once (see `LocalServer`).
    static func finish(_ fd: Int32, lingerMilliseconds: Int = 500) {
        shutdown(fd, Int32(SHUT_WR))
        let deadline = Clock.now + Double(lingerMilliseconds) / 1000
        var drained = 0
        while drained < 256 * 1024 {
            let left = Int((deadline - Clock.now) * 1000)
            guard left > 0, waitReadable(fd, milliseconds: left), let bytes = receive(fd) else { break }
            drained += bytes.count
        }
    }
}

/// Monotonic seconds, for deadlines that the wall clock moving cannot stretch.
enum Clock {
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
