/// The bounds on what one client may cost (ADR 037). The defaults are the server's; tests pass
/// smaller ones so that a ten-second rule can be checked in a fraction of a second.
public struct ServerLimits: Sendable {
    /// The request line and headers, in bytes; past it the answer is 431.
    public var maxHeadBytes = 16 * 1024
    /// A request body, in bytes, per Content-Length; past it the answer is 413.
    public var maxBodyBytes = 64 * 1024
    /// The whole head must arrive within this many seconds of the connection, or the connection
    /// is closed unanswered: a client that sends nothing or drips holds no thread long (ADR 049).
    /// A browser sends its head at once; on loopback it arrives in microseconds.
    public var headTimeout: Double = 5
    /// The whole body (at most `maxBodyBytes`) must arrive within this many seconds of the head.
    public var bodyTimeout: Double = 5
    /// Connections open at once, event streams included. One more takes the place of the oldest
    /// connection whose request has not all arrived (closed unanswered), so that connections
    /// held half-open cannot keep a real request out; when every one is being answered, the new
    /// one gets 503 and is closed.
    public var maxConnections = 64
    /// How often an event stream gets a `: keep-alive` comment, so that proxies and browsers keep it.
    public var keepAliveInterval: Double = 15
    /// How long one write to a slow client may block before the connection is given up.
    public var sendTimeout: Double = 10

    public init() {}

    public static let standard = ServerLimits()
}
