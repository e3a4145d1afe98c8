#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Reads one request off a connection within the limits: the head within `headTimeout` and
/// `maxHeadBytes`, naming this server (`ServerAuthority`), then the body per Content-Length within
/// `maxBodyBytes` and `bodyTimeout`.
struct RequestReader {
    enum Outcome {
        case request(HTTPRequest)
        /// The client broke a rule; this is said to it before closing.
        case refused(HTTPResponse)
        /// Closed, silent, or too slow: nothing more to say.
        case gone
    }

    let fd: Int32
    let limits: ServerLimits
    let authority: ServerAuthority

    func read() -> Outcome {
        var buffer: [UInt8] = []
        var deadline = Clock.now + limits.headTimeout
        var end: RequestHead.End?
        while true {
            end = RequestHead.findEnd(buffer)
            if let end, end.headLength > limits.maxHeadBytes { return .refused(.text(431, "Request head too large")) }
            if end != nil { break }
            if buffer.count > limits.maxHeadBytes { return .refused(.text(431, "Request head too large")) }
            guard let more = receive(before: deadline) else { return .gone }
            buffer += more
        }
        guard let end else { return .gone }
        let head: RequestHead
        switch RequestHead.parse(buffer[..<end.headLength]) {
        case .success(let parsed): head = parsed
        case .failure(let refusal): return .refused(refusal.response)
        }
        if let host = head.host, !authority.accepts(host: host) {
            return .refused(.text(400, "Unknown Host: this server is \(authority.expected)"))
        }
        let length: Int
        switch head.contentLength(limit: limits.maxBodyBytes) {
        case .success(let value): length = value
        case .failure(let refusal): return .refused(refusal.response)
        }
        var body = Array(buffer[end.bodyStart...].prefix(length))
        deadline = Clock.now + limits.bodyTimeout
        while body.count < length {
            guard let more = receive(before: deadline) else { return .gone }
            body += more.prefix(length - body.count)
        }
        return .request(HTTPRequest(method: head.method, target: head.target, headers: head.headers, body: Data(body)))
    }

    private func receive(before deadline: Double) -> [UInt8]? {
        let left = Int((deadline - Clock.now) * 1000)
        guard left > 0, Socket.waitReadable(fd, milliseconds: left) else { return nil }
        return Socket.receive(fd)
    }
}
