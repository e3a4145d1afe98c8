import Foundation

/// The request line and headers, parsed strictly: anything odd is a 400 rather than a guess,
/// since the only client is the author's own browser.
struct RequestHead {
    var method: String
    var target: String
    var headers: [(name: String, value: String)]

    struct Refusal: Error {
        var response: HTTPResponse
        init(_ status: Int, _ message: String) { response = .text(status, message) }
    }

    /// Where the head stops: `headLength` bytes of lines, the body from `bodyStart`.
    struct End {
        var headLength: Int
        var bodyStart: Int
    }

    /// The blank line that ends the head: CRLF CRLF, or a bare LF LF as lenient servers take it.
    static func findEnd(_ bytes: [UInt8]) -> End? {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { return End(headLength: index, bodyStart: index + 2) }
                if index + 2 < bytes.count && bytes[index + 1] == 0x0D && bytes[index + 2] == 0x0A {
                    return End(headLength: index, bodyStart: index + 3)
                }
            }
            index += 1
        }
        return nil
    }

    static func parse(_ bytes: ArraySlice<UInt8>) -> Result<RequestHead, Refusal> {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        // A client may send blank lines before the request line (RFC 9112, 2.2).
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        guard let requestLine = lines.first else { return .failure(Refusal(400, "Empty request")) }
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3,
              let method = token(parts[0]),
              let target = originForm(parts[1]),
              let version = String(bytes: parts[2], encoding: .ascii)
        else { return .failure(Refusal(400, "Malformed request line")) }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(version.hasPrefix("HTTP/") ? Refusal(505, "Only HTTP/1.1 is served") : Refusal(400, "Malformed request line"))
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: 0x3A), let name = token(line[line.startIndex..<colon]) else {
                return .failure(Refusal(400, "Malformed header line"))
            }
            let raw = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
            let value = raw.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
            guard !value.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
                return .failure(Refusal(400, "Control character in a header"))
            }
            let text = String(bytes: value, encoding: .utf8) ?? String(bytes: value, encoding: .isoLatin1) ?? ""
            headers.append((name, text))
        }
        // RFC 9112, 3.2: an HTTP/1.1 request without Host, or any request with two, is a 400;
        // otherwise one of them would be checked and another believed (ADR 049).
        switch headers.count(where: { $0.name.caseInsensitiveCompare("Host") == .orderedSame }) {
        case 0 where version == "HTTP/1.1": return .failure(Refusal(400, "No Host header"))
        case 2...: return .failure(Refusal(400, "More than one Host header"))
        default: break
        }
        return .success(RequestHead(method: method, target: target, headers: headers))
    }

    /// The `Host` value; nil only for HTTP/1.0 without one (`parse` refuses two).
    var host: String? {
        headers.first { $0.name.caseInsensitiveCompare("Host") == .orderedSame }?.value
    }

    /// The body's length from Content-Length; chunked bodies are not taken (nothing here needs them).
    func contentLength(limit: Int) -> Result<Int, Refusal> {
        if headers.contains(where: { $0.name.caseInsensitiveCompare("Transfer-Encoding") == .orderedSame }) {
            return .failure(Refusal(501, "Transfer-Encoding is not supported; send Content-Length"))
        }
        let values = Set(headers.filter { $0.name.caseInsensitiveCompare("Content-Length") == .orderedSame }.map(\.value))
        guard let value = values.first else { return .success(0) }
        guard values.count == 1, !value.isEmpty, value.count <= 18, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let length = Int(value)
        else { return .failure(Refusal(400, "Malformed Content-Length")) }
        guard length <= limit else { return .failure(Refusal(413, "Request body too large")) }
        return .success(length)
    }

    /// A method or header name: RFC 9110's `token` characters.
    private static func token(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.count <= 256, bytes.allSatisfy(isTokenByte) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// A target starting with "/", of visible ASCII only (anything else is percent-encoded by browsers).
    private static func originForm(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.first == UInt8(ascii: "/"), bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
