import Foundation

/// Reads one response as libcurl hands it over (each header line, then the decoded body in
/// chunks of at most 16 KB) and says after each piece whether to go on, so that nothing is
/// read, inflated or kept past what newsgen will use:
/// - at the end of the headers: a status other than 2xx ends the transfer (the status and
///   headers are the answer: a redirect, a 304, an error), as does a body announced over
///   the limit or in a content coding other than gzip and deflate;
/// - while the body arrives: the decoded bytes are counted, and the chunk that would pass
///   the limit ends the transfer, so a compression bomb is inflated no further than the
///   limit and an endless body read no further either;
/// - header lines past `maxHeaderBytes` in all (informational `1xx` answers included) end it.
/// Pure: it only counts and decides; `CurlTransport` feeds it.
struct ResponseReader {
    /// More header bytes than any real response sends (nginx allows 8 KB a line, libcurl 100 KB).
    static let maxHeaderBytes = 256 * 1024
    /// The content codings libcurl is asked to decode (`Accept-Encoding`).
    static let readableCodings: Set<String> = ["gzip", "x-gzip", "deflate"]

    let maxBytes: Int
    private(set) var status = 0
    private(set) var headers = HTTPHeaders()
    private(set) var body = Data()
    /// Why the reader ended the transfer, when it ended it for a fault.
    private(set) var failure: FetchError?
    /// The final (non-1xx) response's headers are all in.
    private(set) var headersComplete = false
    /// The reader ended the transfer at the end of the headers because the body is not wanted.
    private(set) var bodySkipped = false
    private var headerBytes = 0

    init(maxBytes: Int) { self.maxBytes = max(0, maxBytes) }

    /// One header line, CRLF included, as libcurl passes them (whole lines). False ends the transfer.
    mutating func header(_ line: UnsafeRawBufferPointer) -> Bool {
        guard !headersComplete else { return true } // trailers after a chunked body: not used
        headerBytes += line.count
        guard headerBytes <= Self.maxHeaderBytes else {
            failure = .headersTooLarge(limit: Self.maxHeaderBytes)
            return false
        }
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: "\n") || line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let text = Substring(String(decoding: UnsafeRawBufferPointer(rebasing: line[..<end]), as: UTF8.self))
        if text.hasPrefix("HTTP/") {
            // A status line starts each response, informational ones included.
            status = Self.statusCode(text) ?? 0
            headers = HTTPHeaders()
        } else if text.isEmpty {
            guard !(100...199).contains(status) else { return true } // the real answer follows
            headersComplete = true
            return wantsBody()
        } else if text.first == " " || text.first == "\t" {
            headers.continueLast(text.trimmingCharacters(in: Self.blanks))
        } else if let colon = text.firstIndex(of: ":") {
            headers.append(String(text[..<colon]), text[text.index(after: colon)...].trimmingCharacters(in: Self.blanks))
        }
        return true
    }

    /// One chunk of the decoded body. False ends the transfer: the chunk would pass the limit.
    mutating func body(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard chunk.count <= maxBytes - body.count else {
            failure = isEncoded ? .decompressedTooLarge(limit: maxBytes) : .tooLarge(limit: maxBytes)
            body = Data()
            return false
        }
        body.append(contentsOf: chunk)
        return true
    }

    /// What a body that ended early is reported as: with its byte counts when they compare
    /// like with like (a body that was not content-encoded, short of its `Content-Length`).
    var truncation: FetchError {
        guard !isEncoded, let announced = headers.contentLength, body.count < announced else {
            return .truncated(received: nil, announced: nil)
        }
        return .truncated(received: body.count, announced: announced)
    }

    private var isEncoded: Bool { !headers.contentCodings.isEmpty }

    private mutating func wantsBody() -> Bool {
        guard (200...299).contains(status) else {
            bodySkipped = true
            return false
        }
        if let coding = headers.contentCodings.first(where: { !Self.readableCodings.contains($0) }) {
            failure = .unsupportedEncoding(coding)
            return false
        }
        if let length = headers.contentLength {
            guard length <= maxBytes else {
                failure = .tooLarge(limit: maxBytes)
                return false
            }
            // Announced and within the limit: one allocation. (Pages not yet written cost no memory.)
            if !isEncoded { body.reserveCapacity(length) }
        }
        return true
    }

    /// The code of `HTTP/1.1 200 OK` or `HTTP/2 404`.
    static func statusCode(_ line: Substring) -> Int? {
        let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard fields.count >= 2, fields[1].utf8.count == 3,
              fields[1].utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(fields[1])
    }

    private static let blanks = CharacterSet(charactersIn: " \t")
}
