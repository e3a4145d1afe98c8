#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Server-Sent Events: every connected client gets each event; closed clients are dropped.
///
/// A send never blocks on a slow client: each write is non-blocking, and a client whose socket
/// will not take a whole event is dropped (its connection is shut, so its thread ends) rather
/// than holding up the others. The lock is also what keeps two writers from interleaving frames.
public final class EventStream: Sendable {
    private struct Clients {
        var next = 0
        var sockets: [Int: Int32] = [:]
    }

    private let clients = Locked(Clients())

    public init() {}

    /// Sends "event: X\ndata: Y\n\n" to every client, the data one `data:` line per line of it.
    public func send(event: String, data: String) {
        broadcast(Self.frame(event: event, data: data))
    }

    public var clientCount: Int {
        clients.withLock { $0.sockets.count }
    }

    static func frame(event: String, data: String) -> [UInt8] {
        let name = event.filter { $0 != "\r" && $0 != "\n" }
        var text = name.isEmpty ? "" : "event: \(name)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line.hasSuffix("\r") ? line.dropLast() : line)\n"
        }
        return Array((text + "\n").utf8)
    }

    private func broadcast(_ bytes: [UInt8]) {
        clients.withLock { clients in
            for (id, fd) in clients.sockets where !Socket.sendAll(fd, bytes, flags: Int32(MSG_DONTWAIT)) {
                clients.sockets[id] = nil
                shutdown(fd, Int32(SHUT_RDWR))
            }
        }
    }

    /// Adds a connection whose head was written; it gets every event from now on.
    func add(_ fd: Int32) -> Int {
        clients.withLock { clients in
            clients.next += 1
            clients.sockets[clients.next] = fd
            return clients.next
        }
    }

    /// Removes a connection before its socket is closed, so that no send reaches a reused descriptor.
    func remove(_ id: Int) {
        _ = clients.withLock { $0.sockets.removeValue(forKey: id) }
    }

    /// A `: keep-alive` comment to one client; false once it is gone.
    func keepAlive(_ id: Int) -> Bool {
        clients.withLock { clients in
            guard let fd = clients.sockets[id] else { return false }
            if Socket.sendAll(fd, Array(": keep-alive\n\n".utf8), flags: Int32(MSG_DONTWAIT)) { return true }
            clients.sockets[id] = nil
            return false
        }
    }
}
