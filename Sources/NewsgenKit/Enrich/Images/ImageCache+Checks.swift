import Foundation

/// Why bytes are not accepted as an image, for `ImageResult.failed`.
struct ImageRefusal: Error, Equatable, CustomStringConvertible, Sendable {
    var reason: String
    var description: String { reason }
}

extension ImageCache {
    /// The kind of `data` when it is an image of at most `limit` bytes, judged
    /// by its magic bytes alone (a server's Content-Type is not trusted either way).
    static func check(_ data: Data, limit: Int) -> Result<ImageKind, ImageRefusal> {
        guard data.count <= limit else { return .failure(ImageRefusal(reason: tooLarge(limit))) }
        guard !data.isEmpty else { return .failure(ImageRefusal(reason: "not an image (it is empty)")) }
        guard let kind = ImageKind.sniff(data) else {
            return .failure(ImageRefusal(reason: "not \(ImageKind.names) (it starts with \(preview(data)))"))
        }
        return .success(kind)
    }

    /// The refusal of an image over `imageCache.maxImageMB`.
    static func tooLarge(_ limit: Int) -> String {
        "larger than imageCache.maxImageMB (\(FetchError.size(limit)))"
    }

    /// The first bytes of something that is not an image, so a person can tell
    /// what it is: as quoted text when they are printable ASCII (an HTML error
    /// page, an SVG), else as hex.
    static func preview(_ data: Data) -> String {
        let textLimit = 24, hexLimit = 8
        let head = data.prefix(textLimit)
        let printable = head.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if printable {
            let text = String(decoding: head, as: UTF8.self)
                .split(whereSeparator: \.isWhitespace)
                .joined(separator: " ")
            return "\"\(text)\(data.count > textLimit ? "…" : "")\""
        }
        let bytes = data.prefix(hexLimit).map { String(format: "%02x", $0) }.joined(separator: " ")
        return "the bytes \(bytes)\(data.count > hexLimit ? " …" : "")"
    }
}
