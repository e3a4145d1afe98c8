import Foundation

/// A value behind a lock, for the little state threads share (the open connections, an event
/// stream's clients). NSLock rather than `Mutex` so that the target builds on macOS 13 too.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
