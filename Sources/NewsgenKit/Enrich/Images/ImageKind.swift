import Foundation

/// What an image really is, judged by its first bytes (its magic number), never
/// by the server's Content-Type or the URL's extension: a server may call
/// anything `image/jpeg`, and an SVG or HTML page served from the site's own
/// origin could run script. Only raster formats a browser shows inline pass; ICO for sites'
/// favicons (issue 34), shown as it is, never given to libvips.
public enum ImageKind: String, Sendable, Equatable, CaseIterable {
    case jpeg, png, gif, webp, avif, ico

    /// The extension the site's copy gets (`SafeName.mediaExtensions`).
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .png: return "png"
        case .gif: return "gif"
        case .webp: return "webp"
        case .avif: return "avif"
        case .ico: return "ico"
        }
    }

    /// The kind of `data`, or nil when it is not one of the raster formats above.
    public static func sniff<Bytes: Collection>(_ data: Bytes) -> ImageKind? where Bytes.Element == UInt8 {
        let head = Array(data.prefix(32))
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        // ISO BMFF: a box of type `ftyp` whose major brand is an AVIF one.
        if starts(Array("ftyp".utf8), at: 4) && (starts(Array("avif".utf8), at: 8) || starts(Array("avis".utf8), at: 8)) { return .avif }
        // ICONDIR: reserved 0, type 1 (icon), a count of 1 to 255 images.
        if starts([0x00, 0x00, 0x01, 0x00]), head.count >= 6, head[4] > 0 || head[5] > 0 { return .ico }
        return nil
    }

    /// The formats as refusals name them.
    public static let names = "a JPEG, PNG, GIF, WebP, AVIF or ICO image"
}
