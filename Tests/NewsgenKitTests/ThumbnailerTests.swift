import Foundation
import NewsgenTestSupport
import Testing
@testable import NewsgenKit

/// Thumbnails made with libvips, and the magic-byte check in front of it.
@Suite("Thumbnails")
struct ThumbnailerTests {
    @Test(arguments: [(400, 300), (300, 400), (80, 80), (50, 20), (1, 1)])
    func aThumbnailIsASquareJPEGOfTheAskedSize(width: Int, height: Int) throws {
        for size in Thumbnailer.sizes {
            let thumbnail = try Thumbnailer().thumbnail(of: TestImages.png(width: width, height: height), size: size)
            #expect(ImageKind.sniff(thumbnail) == .jpeg)
            let shown = try #require(TestImages.jpegSize(thumbnail))
            // libvips crops to a square; it does not enlarge an image smaller than the square.
            let side = min(size, max(width, height) >= size ? size : min(width, height))
            #expect(shown.width == shown.height, "\(width)×\(height) → \(shown)")
            #expect(shown.width <= size && shown.width >= min(side, size) / 2, "\(width)×\(height) → \(shown)")
        }
    }

    /// libvips's run-time generated SIMD code (liborc) reads past its buffers and once crashed a
    /// build with SIGSEGV: it is off once libvips has started (ADR 055).
    @Test func libvipsRunsNoGeneratedCode() throws {
        try #require(Thumbnailer.start(), "libvips did not start: \(Thumbnailer.unavailable ?? "")")
        #expect(Thumbnailer.runsGeneratedCode != true)
    }

    @Test func aLargeImageBecomesExactly80And160() throws {
        let photo = TestImages.png(width: 640, height: 480) { x, y in (UInt8(x % 256), UInt8(y % 256), 90, 255) }
        #expect(TestImages.jpegSize(try Thumbnailer().thumbnail(of: photo, size: 80))! == (80, 80))
        #expect(TestImages.jpegSize(try Thumbnailer().thumbnail(of: photo, size: 160))! == (160, 160))
    }

    @Test func transparencyIsFlattenedOntoWhite() throws {
        let clear = TestImages.png(width: 200, height: 200) { _, _ in (0, 0, 0, 0) }
        #expect(ImageKind.sniff(try Thumbnailer().thumbnail(of: clear, size: 80)) == .jpeg)
    }

    @Test func aGIFIsThumbnailedToo() throws {
        #expect(ImageKind.sniff(try Thumbnailer().thumbnail(of: TestImages.gif, size: 80)) == .jpeg)
    }

    @Test(arguments: [
        (Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8), "not a JPEG, PNG, GIF, WebP, AVIF or ICO image"),
        (Data("<html><body>Not found</body></html>".utf8), "not a JPEG, PNG, GIF, WebP, AVIF or ICO image"),
        (Data(), "not a JPEG, PNG, GIF, WebP, AVIF or ICO image"),
    ])
    func whatIsNotARasterImageNeverReachesLibvips(data: Data, reason: String) {
        #expect(throws: ThumbnailError(reason: reason)) { try Thumbnailer().thumbnail(of: data, size: 80) }
    }

    @Test func aTruncatedImageIsAnError() throws {
        let photo = TestImages.png(width: 300, height: 300)
        do {
            _ = try Thumbnailer().thumbnail(of: photo.prefix(200), size: 80)
            Issue.record("a truncated PNG made a thumbnail")
        } catch {
            #expect(error.reason.hasPrefix("the PNG cannot be"), "\(error.reason)")
        }
    }

    @Test func aDecompressionBombIsRefusedFromItsHeader() throws {
        // 1×1 pixel data behind a header that claims 60,000 × 60,000.
        var png = [UInt8](TestImages.png(width: 1, height: 1))
        png.replaceSubrange(16..<24, with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
        do {
            _ = try Thumbnailer().thumbnail(of: Data(png), size: 80)
            Issue.record("the bomb was decoded")
        } catch {
            // The header's CRC no longer matches; either way libvips is never asked to decode 3.6 billion pixels.
            #expect(error.reason.contains("60000×60000") || error.reason.hasPrefix("the PNG cannot be read"), "\(error.reason)")
        }
    }

    @Test(arguments: [
        ([0xFF, 0xD8, 0xFF, 0xE0] as [UInt8], ImageKind.jpeg), ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
        (Array("GIF87a".utf8), .gif), (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .webp),
        ([0, 0, 0, 0x1C] + Array("ftypavif".utf8), .avif),
    ])
    func sniffsTheMagicNumber(bytes: [UInt8], kind: ImageKind) {
        #expect(ImageKind.sniff(bytes) == kind)
    }

    @Test(arguments: [Array("<svg".utf8), Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), [0xFF, 0xD8], Array("%PDF-1.7".utf8), []])
    func refusesEverythingElse(bytes: [UInt8]) {
        #expect(ImageKind.sniff(bytes) == nil)
    }
}
