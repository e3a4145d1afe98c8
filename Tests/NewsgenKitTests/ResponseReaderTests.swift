import Foundation
import Testing
@testable import NewsgenKit

/// `ResponseReader`, fed as libcurl feeds it (header lines, then decoded chunks): what it
/// keeps, and where it ends the transfer.
@Suite("Response reader")
struct ResponseReaderTests {
    /// Feeds `lines` (CRLF added); false when the reader ended the transfer.
    @discardableResult
    static func headers(_ reader: inout ResponseReader, _ lines: [String]) -> Bool {
        for line in lines {
            let keepGoing = Array((line + "\r\n").utf8).withUnsafeBytes { reader.header($0) }
            if !keepGoing { return false }
        }
        return true
    }

    /// Feeds `count` bytes of `byte` in chunks of 16 KB; how many bytes were taken before the reader stopped.
    static func body(_ reader: inout ResponseReader, count: Int, byte: UInt8 = 0x78) -> Int {
        let chunk = [UInt8](repeating: byte, count: 16_384)
        var offered = 0
        while offered < count {
            let size = min(chunk.count, count - offered)
            guard chunk.withUnsafeBytes({ reader.body(UnsafeRawBufferPointer(rebasing: $0[..<size])) }) else { return offered }
            offered += size
        }
        return offered
    }

    @Test func readsTheStatusAndHeadersOfTheFinalAnswer() {
        var reader = ResponseReader(maxBytes: 100)
        #expect(Self.headers(&reader, ["HTTP/1.1 103 Early Hints", "Link: </a.css>; rel=preload", "",
                                       "HTTP/1.1 200 OK", "Content-Type:  application/rss+xml ", "X-Folded: one",
                                       "\ttwo", "content-length: 5", ""]))
        #expect(reader.status == 200)
        #expect(reader.headers == HTTPHeaders([.init("Content-Type", "application/rss+xml"), .init("X-Folded", "one two"),
                                               .init("content-length", "5")]))
        #expect(reader.headers["CONTENT-TYPE"] == "application/rss+xml")
        #expect(reader.headersComplete)
        #expect(Self.body(&reader, count: 5) == 5)
        #expect(Self.headers(&reader, ["X-Trailer: ignored", ""]))
        #expect(reader.headers["X-Trailer"] == nil)
        #expect(reader.body == Data(repeating: 0x78, count: 5))
    }

    @Test(arguments: ["HTTP/2 404", "HTTP/1.1 500 Internal Server Error", "HTTP/1.0 302 Found", "HTTP/1.1 304 Not Modified"])
    func aStatusOtherThan2xxEndsTheTransferAtTheEndOfTheHeaders(statusLine: String) {
        var reader = ResponseReader(maxBytes: 100)
        #expect(!Self.headers(&reader, [statusLine, "Location: /x", ""]))
        #expect(reader.bodySkipped)
        #expect(reader.failure == nil)
        #expect(reader.headers["Location"] == "/x")
    }

    @Test func aBodyAnnouncedOverTheLimitIsRefusedBeforeItArrives() {
        var reader = ResponseReader(maxBytes: 1_000)
        #expect(!Self.headers(&reader, ["HTTP/1.1 200 OK", "Content-Length: 1001", ""]))
        #expect(reader.failure == .tooLarge(limit: 1_000))
        var exact = ResponseReader(maxBytes: 1_000)
        #expect(Self.headers(&exact, ["HTTP/1.1 200 OK", "Content-Length: 1000", ""]))
        #expect(Self.body(&exact, count: 1_000) == 1_000)
    }

    /// The limit is on what is kept: the chunk that would pass it is refused, and nothing is held after.
    @Test func aBodyOverTheLimitStopsAtTheChunkThatWouldPassIt() {
        var reader = ResponseReader(maxBytes: 40_000)
        Self.headers(&reader, ["HTTP/1.1 200 OK", ""])
        #expect(Self.body(&reader, count: 10_000_000) == 32_768)
        #expect(reader.failure == .tooLarge(limit: 40_000))
        #expect(reader.body.isEmpty)
    }

    /// libcurl hands over inflated bytes: a gzip or deflate body is measured as it inflates.
    @Test(arguments: ["gzip", "x-gzip", "deflate", "identity, gzip"])
    func anEncodedBodyIsMeasuredDecompressed(coding: String) {
        var reader = ResponseReader(maxBytes: 40_000)
        #expect(Self.headers(&reader, ["HTTP/1.1 200 OK", "Content-Encoding: \(coding)", "Content-Length: 500", ""]))
        #expect(Self.body(&reader, count: 4_000_000_000) == 32_768)
        #expect(reader.failure == .decompressedTooLarge(limit: 40_000))
        #expect(FetchError.decompressedTooLarge(limit: 20 * 1_048_576).description == "the response is larger than 20 MB once decompressed")
    }

    /// libcurl also decodes brotli and zstd, whose decoders take what the stream asks for
    /// (zstd: a window of up to 128 MB): newsgen asks for gzip and deflate only, and refuses the rest.
    @Test(arguments: ["br", "zstd", "compress", "gzip, br"])
    func anotherContentCodingIsRefusedBeforeTheBody(coding: String) {
        var reader = ResponseReader(maxBytes: 1_000)
        #expect(!Self.headers(&reader, ["HTTP/1.1 200 OK", "Content-Encoding: \(coding)", ""]))
        let refused = coding.split(separator: ",").last!.trimmingCharacters(in: .whitespaces)
        #expect(reader.failure == .unsupportedEncoding(refused))
        #expect(reader.failure?.description
                == "the server sent the body in the '\(refused)' content encoding, which newsgen does not read (only gzip and deflate)")
    }

    @Test func headersPastTheLimitEndTheTransferInformationalAnswersIncluded() {
        var flood = ResponseReader(maxBytes: 1_000)
        let line = "X-Flood: " + String(repeating: "v", count: 1_000)
        #expect(!Self.headers(&flood, ["HTTP/1.1 200 OK"] + Array(repeating: line, count: 300)))
        #expect(flood.failure == .headersTooLarge(limit: 262_144))
        #expect(flood.failure?.description == "the response's headers are larger than 256 KB")

        var hints = ResponseReader(maxBytes: 1_000)
        let hint = ["HTTP/1.1 103 Early Hints", "Link: </style.css>; rel=preload; as=style", ""]
        #expect(!Self.headers(&hints, Array(repeating: hint, count: 10_000).flatMap { $0 }))
        #expect(hints.failure == .headersTooLarge(limit: 262_144))
    }

    @Test func aBodyCutShortIsCountedWhenItWasNotEncoded() {
        var plain = ResponseReader(maxBytes: 1_000)
        Self.headers(&plain, ["HTTP/1.1 200 OK", "Content-Length: 600", ""])
        _ = Self.body(&plain, count: 100)
        #expect(plain.truncation == .truncated(received: 100, announced: 600))
        var zipped = ResponseReader(maxBytes: 1_000)
        Self.headers(&zipped, ["HTTP/1.1 200 OK", "Content-Encoding: gzip", "Content-Length: 600", ""])
        _ = Self.body(&zipped, count: 100)
        #expect(zipped.truncation == .truncated(received: nil, announced: nil))
    }
}
