import Testing
@testable import NewsgenHTML

@Suite struct MarkdownDocumentTests {
    @Test func splitsFrontMatterFromBody() {
        let split = MarkdownDocument.split("---\ntitle: A\ntags: [x]\n---\n# Body\n\nText\n")
        #expect(split.frontMatter == "title: A\ntags: [x]\n")
        #expect(split.frontMatterLine == 2)
        #expect(split.body == "# Body\n\nText\n")
    }

    @Test func acceptsDotsAsTheClosingLineAndTrailingSpaces() {
        let split = MarkdownDocument.split("---  \ntitle: A\n... \t\nBody")
        #expect(split.frontMatter == "title: A\n")
        #expect(split.body == "Body")
    }

    @Test func handlesCRLFAndAByteOrderMark() {
        let split = MarkdownDocument.split("\u{FEFF}---\r\ntitle: A\r\n---\r\nLine one\r\nLine two\rthree\r\n")
        #expect(split.frontMatter == "title: A\n")
        #expect(split.frontMatterLine == 2)
        #expect(split.body == "Line one\nLine two\nthree\n")
    }

    @Test func returnsEmptyFrontMatterWhenDelimitersTouch() {
        let split = MarkdownDocument.split("---\n---\nBody\n")
        #expect(split.frontMatter == "")
        #expect(split.body == "Body\n")
    }

    @Test func treatsAFileWithoutFrontMatterAsBody() {
        let split = MarkdownDocument.split("# Just Markdown\n---\nmore\n")
        #expect(split.frontMatter == nil)
        #expect(split.frontMatterLine == 0)
        #expect(split.body == "# Just Markdown\n---\nmore\n")
    }

    @Test func requiresTheOpeningDelimiterOnTheFirstLine() {
        #expect(MarkdownDocument.split("\n---\ntitle: A\n---\n").frontMatter == nil)
        #expect(MarkdownDocument.split("----\ntitle: A\n----\n").frontMatter == nil)
    }

    @Test func leavesUnclosedFrontMatterInTheBody() {
        let split = MarkdownDocument.split("---\ntitle: A\nno end\n")
        #expect(split.frontMatter == nil)
        #expect(split.body == "---\ntitle: A\nno end\n")
        #expect(MarkdownDocument.scan("---\ntitle: A\nno end\n") == .unclosed)
    }
}
