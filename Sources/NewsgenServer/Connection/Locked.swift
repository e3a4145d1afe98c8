import Foundation

/// A value behind a lock, for the little state threads share (the open connections, an event
/// stream's clients; `newsgen serve`'s routes, set once the port is known). NSLock rather than `Mutex` so that the target builds on macOS 13 too.
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
