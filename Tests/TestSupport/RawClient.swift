import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A client on a raw socket to 127.0.0.1, so that tests can send what no browser would.
public final class RawClient {
    public let fd: Int32

    public init(port: Int) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    public func write(_ text: String) { write(Array(text.utf8)) }

    public func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Everything until the server closes (or 5 s pass).
    public func readAll() -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return out }
            out += chunk[..<n]
        }
    }

    /// Reads until `marker` has arrived (or the connection ends).
    public func read(until marker: String) -> String {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: out, as: UTF8.self).contains(marker) {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            out += chunk[..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Sends one request and parses the whole answer.
    public static func exchange(_ port: Int, _ request: String) -> RawResponse {
        let client = RawClient(port: port)
        client.write(request)
        return RawResponse(client.readAll())
    }

    /// A request as a browser at http://127.0.0.1:PORT/ sends it (`Host` with the port).
    public static func get(_ port: Int, _ target: String, method: String = "GET", host: String? = nil) -> RawResponse {
        exchange(port, "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n")
    }

    /// Whether the server closes the connection (or resets it) within `seconds`; what it sends
    /// meanwhile is read and dropped.
    public func closedByServer(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let left = deadline.timeIntervalSinceNow, left > 0 {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { return true }
        }
        return false
    }
}

public struct RawResponse {
    public var status = 0
    public var headers: [(String, String)] = []
    public var body = Data()

    public init(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        status = Int(lines[0].split(separator: " ")[1]) ?? 0
        headers = lines.dropFirst().map { line in
            let colon = line.firstIndex(of: ":")!
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let headLength = text[..<split.upperBound].utf8.count
        body = Data(bytes[headLength...])
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
}
