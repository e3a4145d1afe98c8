import Foundation
import Testing
import NewsgenModel
@testable import NewsgenFeeds

/// Character encoding detection and conversion (issue 3, point 4), after
/// feedparser's rules: byte-order marks, the XML declaration, the HTTP
/// Content-Type, UTF-16/32 without a mark, and the fallback for mislabelled
/// documents.
@Suite("Character encodings")
struct EncodingTests {
    /// A one-item RSS document whose titles hold `text`, with an optional declaration.
    static func document(_ text: String, declaration: String? = nil) -> String {
        let head = declaration.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? ""
        return head + "<rss version=\"2.0\"><channel><title>\(text)</title><item><title>\(text)</title></item></channel></rss>"
    }

    static func feed(_ bytes: [UInt8], contentType: String? = nil) throws -> ParsedFeed {
        try FeedParser.parse(Data(bytes), contentType: contentType)
    }

    static func utf16(_ text: String, bigEndian: Bool, bom: Bool) -> [UInt8] {
        var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            bytes += bigEndian ? pair : pair.reversed()
        }
        return bytes
    }

    static func utf32(_ text: String, bigEndian: Bool, bom: Bool) -> [UInt8] {
        var bytes: [UInt8] = bom ? (bigEndian ? [0, 0, 0xFE, 0xFF] : [0xFF, 0xFE, 0, 0]) : []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let quad = [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
            bytes += bigEndian ? quad : quad.reversed()
        }
        return bytes
    }

    @Test(arguments: [
        (true, true, "utf-16be"), (false, true, "utf-16le"), (true, false, "utf-16be"), (false, false, "utf-16le"),
    ])
    func utf16WithAndWithoutAMark(bigEndian: Bool, bom: Bool, name: String) throws {
        let text = Self.document("Caf\u{E9} \u{1F4F0} \u{65E5}\u{672C}", declaration: "utf-16")
        let feed = try Self.feed(Self.utf16(text, bigEndian: bigEndian, bom: bom))
        #expect(feed.encoding == name)
        #expect(feed.title == "Caf\u{E9} \u{1F4F0} \u{65E5}\u{672C}")
        #expect(feed.illFormedReason == nil)
    }

    @Test(arguments: [
        (true, true, "utf-32be"), (false, true, "utf-32le"), (true, false, "utf-32be"), (false, false, "utf-32le"),
    ])
    func utf32WithAndWithoutAMark(bigEndian: Bool, bom: Bool, name: String) throws {
        let feed = try Self.feed(Self.utf32(Self.document("\u{1F4F0} news"), bigEndian: bigEndian, bom: bom))
        #expect(feed.encoding == name)
        #expect(feed.title == "\u{1F4F0} news")
        #expect(feed.illFormedReason == nil)
    }

    @Test func utf8MarkIsDropped() throws {
        let feed = try Self.feed([0xEF, 0xBB, 0xBF] + Array(Self.document("\u{E9}t\u{E9}", declaration: "utf-8").utf8))
        #expect(feed.encoding == "utf-8")
        #expect(feed.title == "\u{E9}t\u{E9}")
        #expect(feed.illFormedReason == nil)
    }

    @Test func aMarkIsTrustedOverADeclarationOfTheWrongWidth() throws {
        // Declared UTF-8, but the bytes are UTF-16: read as UTF-16, marked ill-formed.
        let feed = try Self.feed(Self.utf16(Self.document("wide", declaration: "utf-8"), bigEndian: false, bom: true))
        #expect(feed.title == "wide")
        #expect(feed.encoding == "utf-16le")
        #expect(feed.illFormedReason == "document declared as utf-8, but parsed as utf-16le")
    }

    @Test func theDeclarationNamesTheEncoding() throws {
        let bytes = Array(Self.document("caf", declaration: "ISO-8859-1").utf8) // then é as one byte
        let latin1 = bytes.replacing(Array("caf<".utf8), with: [0x63, 0x61, 0x66, 0xE9, 0x3C])
        let feed = try Self.feed(latin1)
        #expect(feed.encoding == "iso-8859-1")
        #expect(feed.title == "caf\u{E9}")
        #expect(feed.illFormedReason == nil)
    }

    @Test(arguments: [
        ("koi8-r", [0xCE, 0xCF, 0xD7, 0xCF, 0xD3, 0xD4, 0xC9] as [UInt8], "\u{43D}\u{43E}\u{432}\u{43E}\u{441}\u{442}\u{438}"),
        ("windows-1251", [0xED, 0xEE, 0xE2, 0xEE, 0xF1, 0xF2, 0xE8], "\u{43D}\u{43E}\u{432}\u{43E}\u{441}\u{442}\u{438}"),
        ("shift_jis", [0x83, 0x6A, 0x83, 0x85, 0x81, 0x5B, 0x83, 0x58], "\u{30CB}\u{30E5}\u{30FC}\u{30B9}"),
        ("euc-kr", [0xB4, 0xBA, 0xBD, 0xBA], "\u{B274}\u{C2A4}"),
        ("big5", [0xB7, 0x73, 0xBB, 0x44], "\u{65B0}\u{805E}"),
    ])
    func legacyEncodingsAreConverted(name: String, bytes: [UInt8], expected: String) throws {
        let document = Array(Self.document("@", declaration: name).utf8)
        let feed = try Self.feed(document.replacing([UInt8(ascii: "@")], with: bytes))
        #expect(feed.encoding == name)
        #expect(feed.title?.value == expected)
        #expect(feed.illFormedReason == nil)
    }

    @Test func gb2312IsReadAsItsSupersetGB18030() throws {
        let document = Array(Self.document("@", declaration: "gb2312").utf8)
        let feed = try Self.feed(document.replacing([UInt8(ascii: "@")], with: [0xD0, 0xC2, 0xCE, 0xC5]))
        #expect(feed.encoding == "gb18030")
        #expect(feed.title == "\u{65B0}\u{95FB}")
    }

    @Test func textXMLWithoutACharsetIsUSASCII() throws {
        let plain = try Self.feed(Array(Self.document("plain", declaration: "utf-8").utf8), contentType: "text/xml")
        #expect(plain.encoding == "us-ascii")
        #expect(plain.illFormedReason == nil)
        // Non-ASCII text under that label is read as the declaration says, and marked.
        let accented = try Self.feed(Array(Self.document("caf\u{E9}", declaration: "utf-8").utf8), contentType: "text/xml")
        #expect(accented.encoding == "utf-8")
        #expect(accented.title == "caf\u{E9}")
        #expect(accented.illFormedReason == "document declared as us-ascii, but parsed as utf-8")
    }

    @Test func applicationXMLDefersToTheDeclarationAndTheCharsetWins() throws {
        // UTF-8 bytes under a Latin-1 declaration.
        let utf8 = Array(Self.document("caf\u{E9}", declaration: "iso-8859-1").utf8)
        let declared = try Self.feed(utf8, contentType: "application/rss+xml")
        #expect(declared.encoding == "iso-8859-1")
        #expect(declared.title == "caf\u{E9}") // "cafÃ©", repaired as feedparser repairs it
        #expect(declared.illFormedReason == nil)
        let charset = try Self.feed(utf8, contentType: "application/rss+xml; charset=\"utf-8\"")
        #expect(charset.encoding == "utf-8")
        #expect(charset.title == "caf\u{E9}")
        #expect(charset.illFormedReason == nil)
        let none = try Self.feed(Array(Self.document("x").utf8), contentType: "application/xml")
        #expect(none.encoding == "utf-8")
    }

    @Test func aMediaTypeThatIsNotXMLMarksTheDocument() throws {
        let feed = try Self.feed(Array(Self.document("x").utf8), contentType: "text/plain")
        #expect(feed.encoding == "us-ascii")
        #expect(feed.illFormedReason == "text/plain is not an XML media type")
        #expect(feed.title == "x")
    }

    @Test func anUnknownDeclaredEncodingFallsBackToUTF8() throws {
        let feed = try Self.feed(Array(Self.document("\u{E9}", declaration: "bogus").utf8))
        #expect(feed.encoding == "utf-8")
        #expect(feed.title == "\u{E9}")
        #expect(feed.illFormedReason == "document declared as bogus, but parsed as utf-8")
    }

    @Test func mislabelledWindows1252IsReadAsSuch() throws {
        // Curly quotes as Windows-1252 bytes in a document that says UTF-8.
        let document = Array(Self.document("@quoted@", declaration: "utf-8").utf8)
        let bytes = document.replacing(Array("@quoted@".utf8), with: [0x93] + Array("quoted".utf8) + [0x94])
        let feed = try Self.feed(bytes)
        #expect(feed.encoding == "windows-1252")
        #expect(feed.title == "\u{201C}quoted\u{201D}")
        #expect(feed.illFormedReason == "document declared as utf-8, but parsed as windows-1252")
    }

    @Test func bytesWindows1252LeavesUndefinedFallToISO88592() throws {
        // 0x81 is undefined in Windows-1252; ISO-8859-2 defines every byte.
        let document = Array(Self.document("@", declaration: "utf-8").utf8)
        let feed = try Self.feed(document.replacing([UInt8(ascii: "@")], with: [0x81, 0xA9]))
        #expect(feed.encoding == "iso-8859-2")
        #expect(feed.title?.value.unicodeScalars.last == "\u{160}")
        #expect(feed.illFormedReason == "document declared as utf-8, but parsed as iso-8859-2")
    }

    @Test func lineNumbersSurviveTheRewrittenDeclaration() throws {
        let text = "<?xml version=\"1.0\"\n   encoding=\"iso-8859-1\"?>\n<rss version=\"2.0\"><channel>\n<title>a</titl></channel></rss>"
        let feed = try Self.feed(Array(text.utf8))
        #expect(feed.illFormedReason == "not well-formed XML at line 4, column 16: Opening and ending tag mismatch: title line 4 and titl")
    }

    @Test func wellFormedUTF8IsHandedOnWithoutACopy() {
        let data = Data(Self.document("x", declaration: "UTF-8").utf8)
        let decoded = DocumentDecoder.decode(data)
        #expect(decoded.data == data)
        #expect(decoded.encoding == "utf-8")
        #expect(decoded.problem == nil)
    }

    @Test(arguments: [
        ("text/xml", "text/xml", nil),
        ("Application/RSS+XML; charset=\"UTF-8\"", "application/rss+xml", "UTF-8"),
        ("text/xml;charset= 'us-ascii'", "text/xml", "us-ascii"),
        ("text/xml; charset = us-ascii", "text/xml", "us-ascii"),
        ("text/xml; charset:iso-8859-1", "text/xml", nil),
        ("text/xml; ", "text/xml", nil),
        ("text/xml; qs=0.9", "text/xml", nil),
    ] as [(String, String, String?)])
    func contentTypeHeaders(header: String, mediaType: String, charset: String?) {
        let parsed = HTTPContentType(header)
        #expect(parsed.mediaType == mediaType)
        #expect(parsed.charset == charset)
    }

    @Test(arguments: [
        ("don\u{92}t", "don\u{2019}t"),
        ("\u{E2}\u{80}\u{A6}", "\u{2026}"),
        ("caf\u{C3}\u{A9}", "caf\u{E9}"),
        ("caf\u{E9}", "caf\u{E9}"),
        ("plain", "plain"),
        ("\u{E2}\u{80}\u{99}<>\u{E2}\u{80}\u{9D}\u{160}", "\u{E2}\u{20AC}\u{2122}<>\u{E2}\u{20AC}\u{9D}\u{160}"),
    ])
    func misencodedTextIsRepaired(text: String, expected: String) {
        #expect(MisencodedText.repair(text) == expected)
    }

    @Test(arguments: ["utf-8", "UTF8", "latin1", "ISO_8859-1", "windows-1252", "cp1252", "u16", "utf_32", "Shift_JIS",
                      "EUC-JP", "gb2312", "big5", "koi8-r", "tis-620", "windows-1255", "us-ascii", "mac-roman"])
    func encodingNamesPythonKnows(name: String) {
        #expect(CharacterEncoding(name) != nil, "\(name)")
    }

    @Test(arguments: ["bogus", "", "utf-8//TRANSLIT", "iso-8859-1//IGNORE", "x/y"])
    func encodingNamesRefused(name: String) {
        #expect(CharacterEncoding(name) == nil, "\(name)")
    }
}

extension Array where Element == UInt8 {
    /// The array with the first occurrence of `pattern` replaced.
    func replacing(_ pattern: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        guard pattern.count <= count else { return self }
        for start in 0...(count - pattern.count) where Array(self[start..<(start + pattern.count)]) == pattern {
            return Array(self[..<start]) + replacement + Array(self[(start + pattern.count)...])
        }
        return self
    }
}
