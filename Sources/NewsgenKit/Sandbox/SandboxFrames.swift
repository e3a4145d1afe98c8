#if os(Linux)
import Foundation
import Glibc

/// Length-prefixed messages over one end of a socket pair: eight bytes of length
/// (little-endian), then the message. The build's end waits with a deadline, so a
/// worker that hangs or dies mid-message costs a warning, never the build; the
/// worker's end waits for ever (`forever`) on its blocking socket.
enum SandboxFrames {
    /// The largest message either end accepts: a worker's answer is about as large as
    /// the document it read, and documents are bounded far below this.
    static let maxBytes = 1 << 30

    /// The worker's deadline and clock: it waits as long as its build lets it live.
    static let forever: Double = .infinity
    static let noClock: @Sendable () -> Double = { 0 }

    /// How a wait on the other end ended badly.
    enum Failure: Error, Equatable {
        /// The other end closed (a worker that died) or sent something that is no frame.
        case closed
        /// The deadline passed first.
        case timedOut
    }

    /// Sends `message` before `deadline` (monotonic seconds, `clock`).
    static func sendFrame(_ message: [UInt8], on socket: Int32, deadline: Double, clock: () -> Double) throws(Failure) {
        for part in [header(message.count), message] {
            var sent = 0
            while sent < part.count {
                let result = part.withUnsafeBytes { raw in send(socket, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL)) }
                if result > 0 { sent += result; continue }
                guard result < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw .closed }
                try wait(for: Int16(POLLOUT), on: socket, deadline: deadline, clock: clock)
            }
        }
    }

    /// Receives one message before `deadline`; `.closed` at the end of input.
    static func receiveFrame(on socket: Int32, deadline: Double, clock: () -> Double) throws(Failure) -> [UInt8] {
        guard let length = length(try receive(8, from: socket, deadline: deadline, clock: clock)) else { throw .closed }
        return try receive(length, from: socket, deadline: deadline, clock: clock)
    }

    /// The eight bytes before a message of `count` bytes.
    private static func header(_ count: Int) -> [UInt8] {
        withUnsafeBytes(of: UInt64(count).littleEndian) { Array($0) }
    }

    /// The length a header announces, nil past `maxBytes`.
    private static func length(_ header: [UInt8]) -> Int? {
        let length = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        return length <= UInt64(maxBytes) ? Int(length) : nil
    }

    private static func receive(_ count: Int, from socket: Int32, deadline: Double, clock: () -> Double) throws(Failure) -> [UInt8] {
        var data = [UInt8](repeating: 0, count: count)
        var received = 0
        while received < count {
            let result = data.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + received, count - received, 0) }
            if result > 0 { received += result; continue }
            guard result < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw .closed }
            try wait(for: Int16(POLLIN), on: socket, deadline: deadline, clock: clock)
        }
        return data
    }

    /// Waits until `socket` is ready for `events`, or throws `.timedOut` at `deadline`.
    private static func wait(for events: Int16, on socket: Int32, deadline: Double, clock: () -> Double) throws(Failure) {
        let left = deadline - clock()
        guard left > 0 else { throw .timedOut }
        var entry = pollfd(fd: socket, events: events, revents: 0)
        let ready = poll(&entry, 1, Int32(min(left * 1000, Double(Int32.max)).rounded(.up)))
        if ready < 0, errno != EINTR { throw .closed }
    }
}
#endif
