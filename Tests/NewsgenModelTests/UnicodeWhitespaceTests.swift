import Foundation
import Testing
@testable import NewsgenModel

@Suite struct UnicodeWhitespaceTests {
    /// Every scalar of the Basic Multilingual Plane and a few beyond, where Foundation's sets live.
    private static let scalars: [Unicode.Scalar] = (0...0xFFFF).compactMap(Unicode.Scalar.init) + [
        Unicode.Scalar(0x1_0000)!, Unicode.Scalar(0x1_F600)!, Unicode.Scalar(0xE_0020)!,
    ]

    @Test func whitespaceOrNewlineIsFoundationsSet() {
        let different = Self.scalars.filter {
            UnicodeWhitespace.isWhitespaceOrNewline($0) != CharacterSet.whitespacesAndNewlines.contains($0)
        }
        #expect(different.map(\.value) == [])
    }

    @Test func whitespaceIsFoundationsSet() {
        let different = Self.scalars.filter { UnicodeWhitespace.isWhitespace($0) != CharacterSet.whitespaces.contains($0) }
        #expect(different.map(\.value) == [])
    }

    @Test(arguments: [
        "", " ", "\n\t \r\n", "abc", "  abc  ", "\u{A0}a b\u{3000}", "\u{2028}x\u{85}", " \u{301}a ", "a\u{301} \n",
        "\r\n", "é\n", "\n\u{1F600}\n", " \u{200B}x\u{200B} ", "x\u{FEFF}", "\u{0B}\u{0C}mid\u{1C}",
    ])
    func trimsAsFoundationDoes(text: String) {
        #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(Array(text.trimmingWhitespaceAndNewlines().unicodeScalars)
                    == Array(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars))
        #expect(Array(text.trimmingWhitespace().unicodeScalars) == Array(text.trimmingCharacters(in: .whitespaces).unicodeScalars))
    }
}
