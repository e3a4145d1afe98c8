import CLibXML2
import Testing
@testable import NewsgenHTML

/// libxml2 reports HTML errors on stderr unless told not to; a build log full
/// of "HTML parser error : Tag foo invalid" would bury the real warnings.
@Suite(.serialized) struct StandardErrorTests {
    static let brokenInputs = [
        "<p><b>x</p>", "<foo>unknown</foo>", "<a href=x>unclosed", "</div></span>stray", "<p =x>", "&bogus; &#xFFFFFFF; &#0;",
        "<svg><path d=\"M0\"/></svg>", "<table><td>x</table>", "<?php echo 1 ?>", "<!DOCTYPE html><html><html>", "a < b",
        "<meta charset=\"iso-8859-1\">é", "\u{0}nul", "<x:y z:w=1>ns</x:y>", "<img src=x onerror=alert(1)//>",
    ]

    @Test func captureSeesWhatLibXML2PrintsWhenNotSilenced() throws {
        // The control: the same parser, without HTML_PARSE_NOERROR, does print.
        let output = try StandardErrorCapture.capture {
            let bytes = Array("<foo>unknown</foo>".utf8)
            let document = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", 0) }
            }
            xmlFreeDoc(document)
        }
        #expect(output.contains("Tag foo invalid"))
    }

    @Test func sanitizingAndPlainTextPrintNothing() throws {
        let output = try StandardErrorCapture.capture {
            for input in Self.brokenInputs {
                _ = HTMLSanitizer.sanitize(input, baseURL: "https://news.example.org/")
                _ = HTMLText.plainText(fromHTML: input)
            }
            _ = try? MarkdownArticle.parse("---\ntitle: x\n---\n<foo>bar</foo> <p><b>x</p>\n")
        }
        #expect(output == "")
    }
}
