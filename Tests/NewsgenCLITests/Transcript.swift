import Foundation

/// What a progress printer wrote, in order, from whichever thread wrote it.
final class Transcript: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []
    func append(_ text: String) { lock.withLock { parts.append(text) } }
    var text: String { lock.withLock { parts.joined() } }
}
