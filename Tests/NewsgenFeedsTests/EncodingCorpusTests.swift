import Foundation
import Testing
import NewsgenModel
import NewsgenFeeds
import NewsgenTestSupport

/// feedparser's `encoding/` and `illformed/` cases, read straight from the
/// corpus (../shared/corpora/feedparser-tests) and checked on what the parser
/// itself decides: whether a document is ill-formed (`bozo`) and which encoding
/// it was read in. Content checks (`entries[0]['description'] == …`) are the
/// conformance runner's (`make conformance`). Skipped when the corpus is absent.
@Suite("Encoding and ill-formed corpus")
struct EncodingCorpusTests {
    static let corpus = repositoryRoot.appendingPathComponent("../shared/corpora/feedparser-tests").standardized
    static let corpusExists = FileManager.default.fileExists(atPath: corpus.appendingPathComponent("encoding").path)

    /// Undeclared legacy encodings that feedparser guesses with the chardet
    /// package's statistics; newsgen reads them as Windows-1252 (still marked ill-formed).
    static let needsStatisticalDetection = "illformed/chardet/"

    struct Case {
        var path: String
        var contentType: String?
        var clauses: [String]
    }

    static func cases(in folder: String) throws -> [Case] {
        let root = corpus.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var found: [Case] = []
        for case let url as URL in walker where url.pathExtension == "xml" {
            let bytes = try Data(contentsOf: url).filter { $0 != 0 } // UTF-16/32 files: their comments read as ASCII
            let text = String(decoding: bytes, as: UTF8.self)
            var contentType: String?
            var expect = ""
            for line in text.split(whereSeparator: \.isNewline) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("Header:"), let colon = trimmed.dropFirst(7).firstIndex(of: ":"),
                   trimmed.dropFirst(7)[..<colon].trimmingCharacters(in: .whitespaces).lowercased() == "content-type" {
                    contentType = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                } else if trimmed.hasPrefix("Expect:") {
                    expect = trimmed.dropFirst(7).trimmingCharacters(in: .whitespaces)
                }
            }
            let relative = folder + "/" + url.path.dropFirst(root.path.count + 1)
            found.append(Case(path: relative, contentType: contentType,
                              clauses: expect.components(separatedBy: " and ")))
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The clauses this suite can judge, each with whether it held; nil when none can be judged.
    static func judge(_ item: Case) -> [(clause: String, held: Bool)] {
        let data: Data
        do {
            data = try Data(contentsOf: corpus.appendingPathComponent(item.path))
        } catch {
            return [("readable", false)]
        }
        let feed: ParsedFeed?
        do {
            feed = try FeedParser.parse(data, contentType: item.contentType)
        } catch {
            feed = nil // a document that yields nothing: feedparser's bozo with no content
        }
        let bozo = feed?.isIllFormed ?? true
        var verdicts: [(String, Bool)] = []
        for clause in item.clauses {
            if clause == "bozo" {
                verdicts.append((clause, bozo))
            } else if clause == "not bozo" {
                verdicts.append((clause, !bozo))
            } else if clause.hasPrefix("encoding == '"), clause.hasSuffix("'") {
                let name = clause.dropFirst("encoding == '".count).dropLast()
                verdicts.append((clause, feed?.encoding == String(name)))
            } else if clause == "1" {
                verdicts.append((clause, true)) // only that parsing returns
            }
        }
        return verdicts
    }

    @Test(Prerequisite.require(corpusExists, "feedparser corpus not found at ../shared/corpora/feedparser-tests"))
    func bozoAndEncodingAsFeedparserDecides() throws {
        var report: [String] = []
        var failures: [String] = []
        for folder in ["encoding", "illformed"] {
            var passed = 0, judged = 0, expectedMisses = 0
            for item in try Self.cases(in: folder) {
                let verdicts = Self.judge(item)
                guard !verdicts.isEmpty else { continue }
                judged += 1
                let missed = verdicts.filter { !$0.held }.map(\.clause)
                if missed.isEmpty {
                    passed += 1
                } else if item.path.hasPrefix(Self.needsStatisticalDetection) {
                    expectedMisses += 1
                } else {
                    failures.append("\(item.path): \(missed.joined(separator: " and "))")
                }
            }
            report.append("\(folder) \(passed)/\(judged)"
                          + (expectedMisses > 0 ? " (\(expectedMisses) need statistical detection)" : ""))
            #expect(judged > 0, "no cases found in \(folder)")
        }
        print("encoding corpus, bozo and encoding clauses: " + report.joined(separator: ", "))
        for failure in failures { print("  failed \(failure)") }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test(Prerequisite.require(corpusExists, "feedparser corpus not found at ../shared/corpora/feedparser-tests"))
    func contentSurvivesDetection() throws {
        func parse(_ path: String, _ contentType: String? = nil) throws -> ParsedFeed {
            try FeedParser.parse(Data(contentsOf: Self.corpus.appendingPathComponent(path)), contentType: contentType)
        }
        #expect(try parse("encoding/euc-kr.xml").title == "\u{B144}")
        #expect(try parse("encoding/http_text_xml_charset_2.xml", "text/xml; charset=windows-1252")
            .items.first?.summary?.value == "This is a \u{A3}\u{201C}test.\u{201D}")
        #expect(try parse("encoding/http_text_xml_charset_overrides_encoding_2.xml", "text/xml; charset=windows-1252")
            .items.first?.summary?.value == "This is a \u{A3}\u{201C}test.\u{201D}")
        #expect(try parse("encoding/demoronize-1.xml").items.first?.summary?.value == "don\u{2019}t")
        #expect(try parse("encoding/demoronize-2.xml").items.first?.summary?.value == "don\u{2019}t")
        #expect(try parse("encoding/double-encoded-html.xml").items.first?.summary?.value == "\u{2026}")
        #expect(try parse("encoding/bozo_double-encoded-html.xml").items.first?.summary?.value == "\u{2026}")
        #expect(try parse("illformed/rss_item_link_corrupted_ampersands.xml").items.first?.link == "http://link/get?a=1&b=2")
        #expect(try parse("illformed/always_strip_doctype.xml").title == "found")
        #expect(try parse("illformed/rdf_channel_empty_textinput.xml").items.first?.title == "crashes here")
    }
}
