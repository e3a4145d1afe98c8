import Foundation
import Testing

/// `newsgen init` run by the real binary in temporary folders: the new site builds at once,
/// with the built-in theme and no templates folder.
@Suite("newsgen init, end to end", .serialized)
struct InitEndToEndTests {
    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    static let madeFiles = ["site.json", "bookmarks.json", ".gitignore", ".github/workflows/rebuild.yml",
                            "README.md", "content/articles/welcome.md"]

    /// What init says after "Next:" when the binary does not know where it came from (a development
    /// build, as the tests run) and the folder has no GitHub remote.
    static func unknownSourceAndAddress(folder: String) -> String {
        """

    The workflow (.github/workflows/rebuild.yml) does not know where to get newsgen: set NEWSGEN_REPOSITORY on line 28 to the address of newsgen's git repository (or NEWSGEN_DEB on line 24 to a release's .deb) before you push; until then its first step stops each run and says so.
    To publish the site on GitHub Pages:
      1. Push this folder to a repository on GitHub.
      2. In the repository's Settings → Pages, set Source to "GitHub Actions"
         (the run the first push started cannot publish before that).
      3. In the Actions tab, run the "rebuild" workflow once by hand (Run workflow);
         it then runs every hour and after every push.

      The site then appears at the address Settings → Pages shows: on your account's
      github.io domain, under /\(folder)/ for a repository named \(folder).

    """
    }

    /// Every file init wrote into `site`, as text.
    private static func writtenTexts(_ site: URL) throws -> [String: String] {
        try Dictionary(uniqueKeysWithValues: madeFiles.map { ($0, try read(site.appendingPathComponent($0))) })
    }

    @Test func initThenBuildWorksAtOnce() throws {
        let parent = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let result = try Newsgen.run(["init", "harbour-notes"], in: parent, environment: ["SOURCE_DATE_EPOCH": "1796083200"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == """
        Made a new site in harbour-notes:
        \(Self.madeFiles.map { "  " + $0 }.joined(separator: "\n"))

        Next: 'cd harbour-notes', add a source ('newsgen source add URL'), then 'newsgen serve' to preview it as you edit (README.md says how).

        """ + Self.unknownSourceAndAddress(folder: "harbour-notes"))
        let site = parent.appendingPathComponent("harbour-notes")
        #expect(try Self.read(site.appendingPathComponent("site.json")) == """
        {
          "version": 1,
          "title": "Harbour Notes",
          "language": "en",
          "timeZone": "UTC",
          "pageSize": 20,
          "sources": []
        }

        """)
        #expect(try Self.read(site.appendingPathComponent("bookmarks.json")) == "{\n  \"version\": 1,\n  \"bookmarks\": []\n}\n")
        #expect(try Self.read(site.appendingPathComponent(".gitignore")).contains("\n/public/\n"))
        #expect(try Self.read(site.appendingPathComponent(".gitignore")).contains("\n/.newsgen/\n"))
        #expect(try Self.read(site.appendingPathComponent(".gitignore")).contains("\n/.public.staging-*\n"))
        #expect(try Self.read(site.appendingPathComponent(".gitignore")).contains("\n/.public.spare/\n"))
        let workflow = try Data(contentsOf: site.appendingPathComponent(".github/workflows/rebuild.yml"))
        #expect(workflow == (try Data(contentsOf: TemporarySite.packageRoot.appendingPathComponent("docs/ci/github-actions.yml"))))
        #expect(try Self.read(site.appendingPathComponent("README.md")).hasPrefix("# Harbour Notes\n"))
        #expect(try Self.read(site.appendingPathComponent("content/articles/welcome.md")).contains("\ndate: 2026-12-01\n"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("templates").path))

        let build = try Newsgen.run(["build", "--offline"], in: site)
        #expect(build.status == 0, "stderr: \(build.stderr)")
        #expect(build.stderr.isEmpty, "stderr: \(build.stderr)")
        let index = try Self.read(site.appendingPathComponent("public/index.html"))
        #expect(index.contains("Harbour Notes"))
        #expect(index.contains("Welcome to Harbour Notes"))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("public/articles/welcome/index.html").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("public/assets/style.css").path))
    }

    /// Issue 33: nothing init writes or prints leaves a placeholder for the user to find, and both the
    /// output and the README give the three steps to publish.
    @Test func noPlaceholderAndThePublishStepsWhenTheSourceIsUnknown() throws {
        let parent = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let result = try Newsgen.run(["init", "harbour-notes"], in: parent)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let site = parent.appendingPathComponent("harbour-notes")
        let texts = try Self.writtenTexts(site)
        for (path, text) in texts.merging(["stdout": result.stdout], uniquingKeysWith: { $1 }) {
            #expect(!text.contains("OWNER"), "\(path) has a placeholder")
        }
        let readme = try #require(texts["README.md"])
        for step in ["1. Push this folder to a repository on GitHub.", "set Source to \"GitHub Actions\"",
                     "3. In the Actions tab, run the \"rebuild\" workflow once by hand", "the address Settings → Pages shows: on your account's",
                     "`NEWSGEN_REPOSITORY` (line 28)"] {
            #expect(readme.contains(step), "README.md lacks \(step)")
        }
        #expect(texts[".github/workflows/rebuild.yml"]?.contains("\n  NEWSGEN_REPOSITORY: \"\"\n") == true)
        #expect(texts["site.json"]?.contains("baseURL") == false)
    }

    /// `--newsgen-source` fills the workflow in, and a folder that is a clone of a GitHub repository
    /// gives the address the site will have: in the output, the README and site.json's baseURL.
    @Test func aGivenSourceAndAGitHubRemoteAreWrittenIn() throws {
        let site = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("[core]\n\tbare = false\n[remote \"origin\"]\n\turl = git@github.com:Harbour/notes.git\n".utf8)
            .write(to: site.appendingPathComponent(".git/config"))
        let result = try Newsgen.run(["init", "--newsgen-source", "https://me:ghp_token@github.com/acme/newsgen@v1.0"], in: site)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("\nThe workflow (.github/workflows/rebuild.yml) builds newsgen from https://github.com/acme/newsgen at v1.0.\n"))
        #expect(result.stdout.hasSuffix("\n  The site then appears at https://harbour.github.io/notes/.\n"))
        let texts = try Self.writtenTexts(site)
        let workflow = try #require(texts[".github/workflows/rebuild.yml"])
        #expect(workflow.contains("\n  NEWSGEN_REPOSITORY: \"https://github.com/acme/newsgen\"\n  NEWSGEN_VERSION: \"v1.0\"\n"))
        for (path, text) in texts.merging(["stdout": result.stdout], uniquingKeysWith: { $1 }) {
            #expect(!text.contains("OWNER") && !text.contains("ghp_token"), "\(path)")
        }
        #expect(texts["README.md"]?.contains("The site then appears at https://harbour.github.io/notes/.") == true)
        #expect(texts["README.md"]?.contains("[newsgen](https://github.com/acme/newsgen)") == true)
        #expect(texts["site.json"]?.contains("\n  \"baseURL\": \"https://harbour.github.io/notes/\",\n") == true)
        #expect(try Newsgen.run(["check", "--offline"], in: site).status == 0)
    }

    @Test func aSourceThatCannotBeFetchedIsAUsageErrorAndNothingIsWritten() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Newsgen.run(["init", "site", "--newsgen-source", "https://github.com/acme/newsgen@0123abc"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: --newsgen-source: '0123abc' looks like an abbreviated commit"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func initInTheCurrentFolderKeepsFilesAlreadyThere() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("# Mine\n".utf8).write(to: folder.appendingPathComponent("README.md"))
        let result = try Newsgen.run(["init"], in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == """
        Made a new site in this folder:
        \(Self.madeFiles.filter { $0 != "README.md" }.map { "  " + $0 }.joined(separator: "\n"))
        Kept, already there:
          README.md

        Next: add a source ('newsgen source add URL'), then 'newsgen serve' to preview it as you edit (README.md says how).

        """ + Self.unknownSourceAndAddress(folder: folder.lastPathComponent))
        #expect(try Self.read(folder.appendingPathComponent("README.md")) == "# Mine\n")
    }

    @Test func initRefusesAFolderThatAlreadyHasASite() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("site.json"))
        let result = try Newsgen.run(["init", "."], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: .: already has a site.json; nothing was written (edit it, or choose an empty folder)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["site.json"])
        #expect(try Self.read(folder.appendingPathComponent("site.json")) == "{}")
    }

    @Test func aSiteTemplateOverridesOneBuiltInFile() throws {
        let parent = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        #expect(try Newsgen.run(["init", "site"], in: parent).status == 0)
        let site = parent.appendingPathComponent("site")
        let override = site.appendingPathComponent("templates/notfound.mustache")
        try FileManager.default.createDirectory(at: override.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("<p>Nothing here, sailor.</p>".utf8).write(to: override)
        let build = try Newsgen.run(["build", "--offline"], in: site)
        #expect(build.status == 0, "stderr: \(build.stderr)")
        #expect(try Self.read(site.appendingPathComponent("public/404.html")).contains("<p>Nothing here, sailor.</p>"))
        #expect(try Self.read(site.appendingPathComponent("public/index.html")).contains("Welcome to Site"))
    }

    @Test(arguments: [["help", "init"], ["init", "--help"], ["init", "-h"]])
    func helpShowsUsageAndAnExample(arguments: [String]) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Newsgen.run(arguments, in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Usage: newsgen init [DIR] [--newsgen-source URL[@REF]]\n"))
        #expect(result.stdout.contains("\n  newsgen init my-news\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test(arguments: [
        (["init", "a", "b"], "error: init takes one folder, not both 'a' and 'b'", "newsgen help init"),
        (["init", "--force"], "error: unknown option '--force'", "newsgen help init"),
        (["int"], "error: unknown command 'int' (did you mean 'init'?)", "newsgen --help"),
    ])
    func misuseIsAUsageError(arguments: [String], message: String, help: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Newsgen.run(arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.stderr == message + "\nRun '\(help)' for usage.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
