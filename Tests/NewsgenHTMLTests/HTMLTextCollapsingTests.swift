import Testing
@testable import NewsgenHTML

@Suite struct HTMLTextCollapsingTests {
    @Test(arguments: [
        "", " ", "a", "a b", " a", "a ", "  a  b  ", "a\tb\nc\r\nd", "\u{0B}a\u{0C}b\u{0D}", "a\u{85}b\u{A0}c",
        "é à", " Zoë\u{A0}\u{A0}Brontë ", "a\u{1C}b\u{1F}c", "ÿ\u{2FF}x y", "a \u{301}b", "a\u{2003}b", "x\u{3000} y",
        "already collapsed", "tab\tonly", "\n\n", "mixed \u{A0} \u{85}\t end\n", "a\u{200B}b", "ab\u{AD}c",
    ])
    func collapsesAsCharactersDo(text: String) {
        let characterWise = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(Array(HTMLText.collapsingWhitespace(text).unicodeScalars) == Array(characterWise.unicodeScalars))
    }

    @Test func exactOutput() {
        #expect(HTMLText.collapsingWhitespace("  One\t\ttwo\u{A0}three\r\n") == "One two three")
    }
}
