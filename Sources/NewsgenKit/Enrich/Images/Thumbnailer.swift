import CNewsgenVips
import Foundation

/// Why a thumbnail could not be made.
public struct ThumbnailError: Error, Equatable, CustomStringConvertible, Sendable {
    public var reason: String
    public var description: String { reason }
}

/// Square thumbnails for list rows, made with libvips: a centre crop shrunk
/// to `size`×`size` pixels, alpha flattened onto white, a JPEG without
/// metadata. Only bytes that `ImageKind.sniff` recognises reach libvips, and an
/// image whose header claims more than `maxPixels` is refused before decoding
/// (a small file can declare a huge canvas: a decompression bomb).
public struct Thumbnailer: Sendable {
    /// 80×80 for list rows, 160×160 for dense screens (`srcset … 2x`).
    public static let sizes = [80, 160]
    public var quality: Int = 82
    public var maxPixels: Int = 100_000_000

    public init(quality: Int = 82, maxPixels: Int = 100_000_000) {
        self.quality = quality
        self.maxPixels = maxPixels
    }

    /// libvips, opened and started once for the process.
    private static let started: Bool = newsgen_vips_start() == 0

    /// Opens and starts libvips now, on the calling thread. `vips_init` sets an environment
    /// variable (`VIPSHOME`), and `setenv` is unsafe while other threads may read the
    /// environment: call this before thumbnails are made on several threads.
    @discardableResult
    public static func start() -> Bool { started }

    /// Whether libvips runs SIMD code generated at run time (liborc), which newsgen turns off (ADR 055);
    /// nil when libvips did not start or cannot say.
    public static var runsGeneratedCode: Bool? {
        guard started else { return nil }
        switch newsgen_vips_generated_code() {
        case 1: return true
        case 0: return false
        default: return nil
        }
    }

    /// Why no thumbnail can be made at all (libvips is not installed, say); nil when libvips started.
    public static var unavailable: String? { started ? nil : lastError() }

    public func thumbnail(of image: Data, size: Int) throws(ThumbnailError) -> Data {
        guard Self.started else { throw ThumbnailError(reason: "libvips could not be started (\(Self.lastError()))") }
        guard let kind = ImageKind.sniff(image) else { throw ThumbnailError(reason: "not \(ImageKind.names)") }
        // libvips reads no ICO without its untrusted loaders: an icon is shown as it is, at a fixed small size.
        guard kind != .ico else { throw ThumbnailError(reason: "an ICO image is shown as it is, not thumbnailed") }
        var width: Int32 = 0, height: Int32 = 0
        let header = image.withUnsafeBytes { newsgen_vips_dimensions($0.baseAddress, $0.count, &width, &height) }
        guard header == 0 else { throw ThumbnailError(reason: "the \(kind.rawValue.uppercased()) cannot be read (\(Self.lastError()))") }
        guard Int(width) * Int(height) <= maxPixels else {
            throw ThumbnailError(reason: "the image declares \(width)×\(height) pixels, more than \(maxPixels)")
        }
        var output: UnsafeMutableRawPointer?
        var length = 0
        let status = image.withUnsafeBytes {
            newsgen_vips_thumbnail($0.baseAddress, $0.count, Int32(size), Int32(quality), &output, &length)
        }
        guard status == 0, let output else { throw ThumbnailError(reason: "the \(kind.rawValue.uppercased()) cannot be decoded (\(Self.lastError()))") }
        defer { newsgen_vips_free(output) }
        return Data(bytes: output, count: length)
    }

    private static func lastError() -> String {
        guard let text = newsgen_vips_last_error() else { return "no reason given" }
        defer { newsgen_vips_free(text) }
        let reason = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
        return reason.isEmpty ? "no reason given" : reason.replacingOccurrences(of: "\n", with: "; ")
    }
}
