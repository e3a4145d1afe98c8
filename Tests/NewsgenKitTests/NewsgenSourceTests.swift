import Foundation
import Testing
@testable import NewsgenKit

/// Where a new site's workflow gets newsgen from (ADR 054): which remotes count, what is left out of
/// them, how `--newsgen-source` is read, and the workflow text for a known and an unknown source.
@Suite("newsgen's source for a new site's workflow")
struct NewsgenSourceTests {
    @Test(arguments: [
        ("https://github.com/acme/newsgen.git", "https://github.com/acme/newsgen.git"),
        ("https://user:ghp_secret@github.com/acme/newsgen", "https://github.com/acme/newsgen"),
        ("https://token@GitHub.com/acme/newsgen?private_token=x#readme", "https://github.com/acme/newsgen"),
        ("https://git.example.org:8443/tools/newsgen", "https://git.example.org:8443/tools/newsgen"),
        ("git@github.com:acme/newsgen.git", "https://github.com/acme/newsgen.git"),
        ("github.com:acme/newsgen.git", "https://github.com/acme/newsgen.git"),
        ("ssh://git:password@github.com:22/acme/newsgen", "https://github.com/acme/newsgen"),
        ("git+ssh://git@codeberg.org/acme/newsgen.git", "https://codeberg.org/acme/newsgen.git"),
    ])
    func anHttpsOrSshRemoteCountsWithoutItsCredentials(remote: String, expected: String) {
        #expect(NewsgenSource.publicRepository(remote) == expected)
    }

    @Test(arguments: ["/work/main", "../newsgen", "file:///srv/git/newsgen.git", "http://github.com/acme/newsgen",
                      "git://github.com/acme/newsgen", "https://github.com/", "https://github.com/acme/../x",
                      "https://github.com/acme/news gen", "https://user:pa/ss@github.com/acme/newsgen", "", "C:\\newsgen"])
    func anythingElseDoesNot(remote: String) {
        #expect(NewsgenSource.publicRepository(remote) == nil)
    }

    @Test func theBuildGivesASourceOnlyWithAnOriginAndAFullCommit() {
        let commit = String(repeating: "ab12", count: 10)
        #expect(NewsgenSource.fromBuild(origin: "git@github.com:acme/newsgen.git", commit: commit)
                == NewsgenSource(repository: "https://github.com/acme/newsgen.git", ref: commit))
        #expect(NewsgenSource.fromBuild(origin: "https://github.com/acme/newsgen", commit: commit.uppercased() + "+dirty")?.ref == commit)
        #expect(NewsgenSource.fromBuild(origin: nil, commit: commit) == nil)
        #expect(NewsgenSource.fromBuild(origin: "/work/main", commit: commit) == nil, "a clone's local origin does not count")
        #expect(NewsgenSource.fromBuild(origin: "https://github.com/acme/newsgen", commit: "ab12ab12ab12") == nil)
        #expect(NewsgenSource.fromBuild(origin: "https://github.com/acme/newsgen", commit: nil) == nil)
    }

    @Test(arguments: [
        ("https://github.com/acme/newsgen", "https://github.com/acme/newsgen", "HEAD"),
        ("https://github.com/acme/newsgen@main", "https://github.com/acme/newsgen", "main"),
        ("https://github.com/acme/newsgen.git@v1.2.0", "https://github.com/acme/newsgen.git", "v1.2.0"),
        ("https://github.com/acme/newsgen@release/1.x", "https://github.com/acme/newsgen", "release/1.x"),
        ("git@github.com:acme/newsgen.git@v2", "https://github.com/acme/newsgen.git", "v2"),
        ("https://me:secret@github.com/acme/newsgen@main", "https://github.com/acme/newsgen", "main"),
        ("/srv/git/newsgen.git@0123456789abcdef0123456789abcdef01234567", "/srv/git/newsgen.git", "0123456789abcdef0123456789abcdef01234567"),
        ("file:///srv/git/newsgen.git", "file:///srv/git/newsgen.git", "HEAD"),
    ])
    func theOptionIsAnAddressAndARef(option: String, repository: String, ref: String) throws {
        #expect(try NewsgenSource.parse(option: option) == NewsgenSource(repository: repository, ref: ref))
    }

    @Test(arguments: [
        ("http://github.com/acme/newsgen", "is not where a runner can fetch newsgen's source"),
        ("newsgen@main", "is not where a runner can fetch newsgen's source"),
        ("https://github.com/acme/newsgen@0123abc", "looks like an abbreviated commit"),
        ("https://github.com/acme/newsgen@ma in", "is not a branch, tag or commit name"),
        ("https://github.com/acme/newsgen@../x", "is not a branch, tag or commit name"),
        ("https://github.com/acme/newsgen@-x", "is not a branch, tag or commit name"),
        ("https://github.com/acme/newsgen@", "is not a branch, tag or commit name"),
    ])
    func aBadOptionIsRefusedInWords(option: String, message: String) {
        #expect(throws: InitError.self) { try NewsgenSource.parse(option: option) }
        do {
            _ = try NewsgenSource.parse(option: option)
        } catch {
            #expect(error.path == "--newsgen-source")
            #expect(error.reason.contains(message), "\(error)")
        }
    }

    @Test func anUnknownSourceLeavesTheDocumentedWorkflowWhoseFirstStepNamesTheLine() throws {
        let text = CIWorkflow.text(source: nil)
        #expect(text == BuiltInTheme.ciWorkflow)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[CIWorkflow.repositoryLine - 1] == "  NEWSGEN_REPOSITORY: \"\"")
        #expect(lines[CIWorkflow.debLine - 1] == "  NEWSGEN_DEB: \"\"")
        let firstStep = try #require(text.range(of: "    steps:\n"))
        let step = String(text[firstStep.upperBound...]).components(separatedBy: "\n\n")[0]
        #expect(step.contains("if: env.NEWSGEN_DEB == '' && env.NEWSGEN_REPOSITORY == ''"))
        #expect(step.contains("line=\(CIWorkflow.repositoryLine)::Set NEWSGEN_REPOSITORY on line \(CIWorkflow.repositoryLine) of .github/workflows/rebuild.yml"))
        #expect(step.contains("(or NEWSGEN_DEB on line \(CIWorkflow.debLine) to a release's .deb)"))
        #expect(step.contains("exit 1"))
        #expect(!text.contains("OWNER"))
    }

    @Test func aKnownSourceIsWrittenIntoTheTwoLinesOnly() {
        let source = NewsgenSource(repository: "https://github.com/acme/newsgen", ref: "1.0")
        let text = CIWorkflow.text(source: source)
        let before = BuiltInTheme.ciWorkflow.split(separator: "\n", omittingEmptySubsequences: false)
        let after = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }.map { String($0.1) }
        #expect(changed == ["  NEWSGEN_REPOSITORY: \"https://github.com/acme/newsgen\"", "  NEWSGEN_VERSION: \"1.0\""])
    }

    @Test(arguments: [
        ("https://github.com/Acme/harbour-news.git", "https://acme.github.io/harbour-news/"),
        ("git@github.com:acme/harbour-news", "https://acme.github.io/harbour-news/"),
        ("https://token@github.com/Acme/Acme.github.io", "https://acme.github.io/"),
        ("https://gitlab.com/acme/harbour-news", nil),
        ("https://github.com/acme", nil),
        ("/srv/git/site.git", nil),
    ] as [(String, String?)])
    func theSitesAddressComesFromItsGitHubRemote(remote: String, expected: String?) {
        #expect(PagesAddress.forRemote(remote) == expected)
    }

    @Test func theOriginIsReadFromAGitConfig() {
        let config = """
        [core]
        \trepositoryformatversion = 0
        [remote "upstream"]
        \turl = https://github.com/other/site
        [remote "origin"]
        \tfetch = +refs/heads/*:refs/remotes/origin/*
        \turl = git@github.com:acme/site.git
        [branch "main"]
        \tremote = origin
        """
        #expect(PagesAddress.originURL(inGitConfig: config) == "git@github.com:acme/site.git")
        #expect(PagesAddress.originURL(inGitConfig: "[core]\n\tbare = false\n") == nil)
    }

    @Test func siteJSONCarriesTheBaseURLOnlyWhenKnown() throws {
        let known = try JSONSerialization.jsonObject(with: Data(SiteScaffold.siteJSON(title: "T", baseURL: "https://acme.github.io/t/").utf8)) as? [String: Any]
        #expect(known?["baseURL"] as? String == "https://acme.github.io/t/")
        #expect(!SiteScaffold.siteJSON(title: "T").contains("baseURL"))
    }
}
