import Testing
@testable import NewsgenCLI
import NewsgenKit
import NewsgenModel

/// The man page's CONFIGURATION, FILES and SEE ALSO (issue 34, point 6): every key of site.json from the
/// table its decoder reads by (ADR 060), the files of a site, and references that exist beside the .deb.
@Suite("Man page: configuration, files, see also")
struct ManPageConfigurationTests {
    static let page = ManPage.text(CommandLineParser.table)

    /// The lines of one section, from its `.SH` to the next.
    static func section(_ name: String, of page: String = page) -> [String] {
        let lines = page.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: ".SH \(name)") else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.hasPrefix(".SH ") })
    }

    @Test func everyKeyOfSiteJSONIsInConfigurationWithItsTypeDefaultAndMeaning() {
        let configuration = Self.section("CONFIGURATION")
        #expect(SiteConfig.keys.count > 40)
        for key in SiteConfig.keys {
            let heading = "\\fB" + ManPage.escape(key.path) + "\\fR " + ManPage.escape("(\(key.kind.text); default: \(key.defaultValue))")
            let at = configuration.firstIndex(of: heading)
            #expect(at != nil, "\(key.path) has no row")
            if let at { #expect(configuration[at + 1] == ManPage.escape(key.meaning), "\(key.path)") }
        }
        for path in ["extract.perHostDelaySeconds", "extract.maxPerBuild", "archive.keepDays", "sources[].fullText"] {
            #expect(configuration.contains { $0.hasPrefix("\\fB" + ManPage.escape(path) + "\\fR") }, "\(path)")
        }
    }

    @Test func filesNameWhatASiteFolderHolds() {
        let files = Self.section("FILES").joined(separator: "\n")
        for name in ["site.json", "content/archive/", "content/archive/state.json", "bookmarks.json", "templates/", "static/", ".newsgen/"] {
            #expect(files.contains("\\fB" + ManPage.escape(name) + "\\fR"), "\(name)")
        }
    }

    @Test func seeAlsoNamesWhatExistsAndTheSourceWhenTheBuildKnowsIt() {
        let seeAlso = Self.section("SEE ALSO").joined(separator: "\n")
        #expect(seeAlso.contains("'newsgen help COMMAND'"))
        #expect(seeAlso.contains(ManPage.escape("/usr/share/doc/newsgen/")))
        #expect(!seeAlso.contains("(1)") && !seeAlso.contains("(5)"), "no page that is not installed")
        let source = NewsgenSource(repository: "https://git.example/newsgen", ref: String(repeating: "a", count: 40))
        let built = Self.section("SEE ALSO", of: ManPage.text(CommandLineParser.table, source: source)).joined(separator: "\n")
        #expect(built.contains(ManPage.escape("https://git.example/newsgen at commit " + source.ref)))
        #expect(built.contains(ManPage.escape("docs/ (commands.md")))
    }
}
