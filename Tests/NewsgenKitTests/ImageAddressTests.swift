import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// Where an article's image reference points, resolved every build for every image.
@Suite("Image addresses")
struct ImageAddressTests {
    static let article = Article(id: "a", slug: "a", sourceID: "src", title: "A", link: "https://example.org/a/")

    @Test(arguments: ["https://x.example/a.png", " https://x.example/a.png\n", "\thttps://x.example/a b.png ", "", " ", "\u{85}https://x.example/\u{A0}",
                      "https://x.example/é\u{2028}", "é", "a", "\u{7F}x\u{7F}", "x\r\n"])
    func trimmingIsFoundationsWhitespaceTrimming(_ reference: String) {
        #expect(ImageAddress.trimmed(reference) == reference.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func aReferenceInWhiteSpaceIsTheURLInside() {
        let folder = URL(fileURLWithPath: "/nonexistent-articles")
        #expect(ImageAddress.resolve(" https://x.example/a.png\n", article: Self.article, articlesDirectory: folder)
                == .remote(URL(string: "https://x.example/a.png")!))
        #expect(ImageAddress.resolve("ftp://x.example/a.png", article: Self.article, articlesDirectory: folder) == nil)
        #expect(ImageAddress.resolve("a.png", article: Self.article, articlesDirectory: folder) == nil, "a relative path in a feed")
    }
}
