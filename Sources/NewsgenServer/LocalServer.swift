#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// An HTTP/1.1 server on loopback for `newsgen serve` (ADR 037): one thread accepts, one thread
/// per connection reads one request, asks the handler, writes the reply and closes. Only requests
/// that name this server are answered, and a connection that has not sent its whole request may
/// give its place to a new one (ADR 049).
public final class LocalServer: Sendable {
    /// Where a connection is: reading its request (since when), being answered, or given up for a newer one.
    private enum Phase: Equatable {
        case reading(since: Double)
        case answering
        case evicted
    }

    private struct State {
        var started = false
        var stopped = false
        /// Every open descriptor; only its own thread removes it, then closes it.
        var connections: [Int32: Phase] = [:]

        /// The connection that has been reading its request longest, if any is.
        var oldestReading: Int32? {
            connections.compactMap { fd, phase -> (fd: Int32, since: Double)? in
                if case .reading(let since) = phase { return (fd, since) }
                return nil
            }.min { $0.since < $1.since }?.fd
        }
    }

    /// The bound port (the kernel's choice when 0 was asked for).
    public let port: Int
    /// The `Host` values answered; any other gets 400.
    public let authority: ServerAuthority
    private let listener: Int32
    private let limits: ServerLimits
    private let handler: @Sendable (HTTPRequest) -> HTTPReply
    private let state = Locked(State())
    private let acceptEnded = DispatchSemaphore(value: 0)

    /// Binds at once (port 0 = any free port); throws ServerError with a clear reason (port in use…).
    public convenience init(host: String, port: Int, handler: @escaping @Sendable (HTTPRequest) -> HTTPReply) throws(ServerError) {
        try self.init(host: host, port: port, limits: .standard, handler: handler)
    }

    public init(host: String, port: Int, limits: ServerLimits, handler: @escaping @Sendable (HTTPRequest) -> HTTPReply) throws(ServerError) {
        let (fd, bound) = try Listener.open(host: host, port: port)
        self.listener = fd
        self.port = bound
        self.authority = ServerAuthority(host: host, port: bound)
        self.limits = limits
        self.handler = handler
    }

    deinit {
        stop()
    }

    /// Accepts on background threads and returns at once; a second call does nothing.
    public func start() {
        let go = state.withLock { state in
            guard !state.started, !state.stopped else { return false }
            state.started = true
            return true
        }
        guard go else { return }
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "newsgen-serve-accept"
        thread.start()
    }

    /// Closes the listener and every connection, event streams included, and waits (briefly) for
    /// their threads; idempotent.
    public func stop() {
        let snapshot = state.withLock { state -> (started: Bool, connections: [Int32])? in
            guard !state.stopped else { return nil }
            state.stopped = true
            return (state.started, Array(state.connections.keys))
        }
        guard let snapshot else { return }
        // Shutting a socket wakes the thread polling it; only its own thread closes it.
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in snapshot.connections { shutdown(fd, Int32(SHUT_RDWR)) }
        if snapshot.started { acceptEnded.wait() }
        close(listener)
        let deadline = Clock.now + 2
        while Clock.now < deadline, state.withLock({ !$0.connections.isEmpty }) { usleep(2000) }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        defer { acceptEnded.signal() }
        while !isStopped {
            guard Socket.waitReadable(listener, milliseconds: 250), !isStopped else { continue }
            let fd = accept(listener, nil, nil)
            if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            if fd < 0 {
                // Out of descriptors (EMFILE) or a connection reset before it was taken: wait a little.
                if errno == EMFILE || errno == ENFILE { usleep(10_000) }
                continue
            }
            admit(fd)
        }
    }

    /// Gives a connection its thread. At the limit, the oldest connection still reading its request
    /// is shut (its thread sees the end and leaves) and the new one takes its place; when every one
    /// is being answered, a 503 is written from here and the new one closed. The descriptors of
    /// shut connections still count until their threads close them (microseconds), up to twice the limit.
    private func admit(_ fd: Int32) {
        enum Admission { case stopped, full, admitted }
        let admission = state.withLock { state -> Admission in
            if state.stopped { return .stopped }
            if state.connections.count >= 2 * limits.maxConnections { return .full }
            if state.connections.values.count(where: { $0 != .evicted }) >= limits.maxConnections {
                guard let oldest = state.oldestReading else { return .full }
                state.connections[oldest] = .evicted
                shutdown(oldest, Int32(SHUT_RDWR))
            }
            state.connections[fd] = .reading(since: Clock.now)
            return .admitted
        }
        switch admission {
        case .stopped:
            close(fd)
        case .full:
            Socket.setSendTimeout(fd, seconds: 0.5)
            _ = Socket.sendAll(fd, ResponseWriter.bytes(.text(503, "Too many connections"), headOnly: false))
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        case .admitted:
            let thread = Thread { [self] in
                serve(fd)
                state.withLock { _ = $0.connections.removeValue(forKey: fd) }
                close(fd)
            }
            thread.name = "newsgen-serve-connection"
            thread.start()
        }
    }

    /// One request, one reply. The descriptor is closed by the caller, after it left `connections`.
    private func serve(_ fd: Int32) {
        Socket.setSendTimeout(fd, seconds: limits.sendTimeout)
        switch RequestReader(fd: fd, limits: limits, authority: authority).read() {
        case .refused(let response) where startAnswering(fd):
            _ = Socket.sendAll(fd, ResponseWriter.bytes(response, headOnly: false))
            Socket.finish(fd, lingerMilliseconds: 500)
        case .request(let request) where startAnswering(fd):
            switch handler(request) {
            case .response(let response):
                _ = Socket.sendAll(fd, ResponseWriter.bytes(response, headOnly: request.method == "HEAD"))
                Socket.finish(fd, lingerMilliseconds: 100)
            case .eventStream(let stream):
                hold(fd, on: stream)
            }
        case .gone, .refused, .request:
            // Closed, silent or too slow; or its place was given to a newer connection meanwhile.
            return
        }
    }

    /// Marks a connection whose request was read as being answered, so that no newer one can take
    /// its place; false when one already did (its socket is shut: nothing more to say).
    private func startAnswering(_ fd: Int32) -> Bool {
        state.withLock { state in
            guard case .reading = state.connections[fd] else { return false }
            state.connections[fd] = .answering
            return true
        }
    }

    /// Keeps an event stream's connection until the client goes or the server stops, sending a
    /// keep-alive comment after each quiet interval; what the client sends is read and dropped.
    private func hold(_ fd: Int32, on stream: EventStream) {
        guard Socket.sendAll(fd, ResponseWriter.eventStreamHead()) else { return }
        let id = stream.add(fd)
        defer { stream.remove(id) }
        let interval = Int(limits.keepAliveInterval * 1000)
        while !isStopped {
            if Socket.waitReadable(fd, milliseconds: interval) {
                guard Socket.receive(fd) != nil else { return }
            } else if !stream.keepAlive(id) {
                return
            }
        }
    }
}
