import Foundation
import NewsgenTestSupport
import Testing

/// The completion scripts and the man page as the shells and groff read them: bash runs its script
/// the way it completes a line (COMP_WORDS, COMP_CWORD), ids included; zsh, fish and groff parse theirs.
@Suite("newsgen completion and help --man, end to end", .serialized)
struct CompletionEndToEndTests {
    static func installed(_ tool: String) -> Bool {
        ["/usr/bin", "/bin", "/usr/local/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    /// What bash offers for `words`, the last one being the word completed, in `site`.
    private func bashCompletes(_ words: [String], in site: TemporarySite) throws -> [String] {
        let script = try site.run("completion", "bash")
        try #require(script.status == 0)
        try site.write("completion.bash", script.stdout)
        let quoted = ([Newsgen.binary.path] + words).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let line = "source completion.bash; COMP_WORDS=(\(quoted.joined(separator: " "))); COMP_CWORD=\(words.count); _newsgen; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try Newsgen.run(["--norc", "--noprofile", "-c", line], in: site.directory, executable: URL(fileURLWithPath: "/bin/bash"))
        try #require(result.status == 0, "stderr: \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test func bashCompletesCommandsOptionsValuesAndTheSitesIDs() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try bashCompletes(["b"], in: site) == ["build", "bookmark"])
        #expect(try bashCompletes(["bookmark", "t"], in: site) == ["toggle"])
        #expect(try bashCompletes(["build", "--s"], in: site) == ["--site", "--strict"])
        #expect(try bashCompletes(["source", "add", "https://example.org/", "--full-text", ""], in: site) == ["never", "auto", "always"])
        #expect(try bashCompletes(["extract", "page.html", "--format", "j"], in: site) == ["json"])
        #expect(try bashCompletes(["source", "remove", ""], in: site) == ["harbor-gazette", "valley-science", "city-council", "bay-weekly"])
        #expect(try bashCompletes(["archive", "refresh", "--source", "v"], in: site) == ["valley-science"])
        #expect(try bashCompletes(["build", "--site", "cont"], in: site) == ["content"])
        #expect(try bashCompletes(["help", "ex"], in: site) == ["extract"])

        let built = try site.run("build", "--offline", "--quiet", environment: ["SOURCE_DATE_EPOCH": "1795946400"])
        try #require(built.status == 0, "stderr: \(built.stderr)")
        #expect(try bashCompletes(["bookmark", "remove", ""], in: site) == [])
        try #require(try site.run("bookmark", "add", "ca210d146b328b1f").status == 0)
        #expect(try bashCompletes(["bookmark", "remove", ""], in: site) == ["ca210d146b328b1f"])
        // --site DIR: the ids of that site, from elsewhere.
        let elsewhere = try TemporarySite.sample()
        defer { elsewhere.remove() }
        #expect(try bashCompletes(["bookmark", "toggle", "--site", site.directory.path, ""], in: elsewhere) == ["ca210d146b328b1f"])
    }

    /// The shell at `program` parses the script for `shell` with `check` (bash -n, zsh -n, fish --no-execute) silently.
    private func shellReadsItsScript(_ shell: String, _ program: String, _ check: String) throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("script", try site.run("completion", shell).stdout)
        let result = try Newsgen.run([check, "script"], in: site.directory, executable: URL(fileURLWithPath: program))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(shell): \(result.stderr)")
    }

    @Test func bashReadsItsScript() throws { try shellReadsItsScript("bash", "/bin/bash", "-n") }

    @Test(Prerequisite.require(installed("zsh"), "zsh is not installed (make dist-deps)"))
    func zshReadsItsScript() throws { try shellReadsItsScript("zsh", "/usr/bin/zsh", "-n") }

    @Test(Prerequisite.require(installed("fish"), "fish is not installed (make dist-deps)"))
    func fishReadsItsScript() throws { try shellReadsItsScript("fish", "/usr/bin/fish", "--no-execute") }

    /// What zsh's function offers for `words`, the last one being the word completed, with compadd,
    /// _describe and _files standing in for zsh's completion system (they print what they are given).
    private func zshCompletes(_ words: [String], in site: TemporarySite) throws -> [String] {
        try site.write("_newsgen", try site.run("completion", "zsh").stdout)
        let quoted = ([Newsgen.binary.path] + words).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let line = """
        _describe() { local -a l; l=("${(@P)${@[-1]}}"); print -l -- "${l[@]%%:*}"; }
        compadd() { local -a l; l=("${(@P)${@[-1]}}"); print -l -- "${l[@]}"; }
        _files() { print -- "files $*"; }
        compdef() { :; }
        source ./_newsgen
        words=(\(quoted.joined(separator: " "))); CURRENT=\(words.count + 1); _newsgen
        """
        let result = try Newsgen.run(["-f", "-c", line], in: site.directory, executable: URL(fileURLWithPath: "/usr/bin/zsh"))
        try #require(result.status == 0 && result.stderr.isEmpty, "stderr: \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(Prerequisite.require(installed("zsh"), "zsh is not installed (make dist-deps)"))
    func zshCompletesSubcommandsValuesAndIDs() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try zshCompletes(["bookmark", ""], in: site) == ["add", "remove", "toggle", "list"])
        #expect(try zshCompletes(["extract", "x", "--format", ""], in: site) == ["html", "text", "json"])
        #expect(try zshCompletes(["build", "--site", ""], in: site) == ["files -/"])
        #expect(try zshCompletes(["source", "remove", ""], in: site) == ["harbor-gazette", "valley-science", "city-council", "bay-weekly"])
    }

    /// What fish offers for `line` (`complete -C`), the words without their descriptions.
    private func fishCompletes(_ line: String, in site: TemporarySite) throws -> [String] {
        try site.write("newsgen.fish", try site.run("completion", "fish").stdout)
        let path = Newsgen.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try Newsgen.run(["--no-config", "-c", "source newsgen.fish; complete -C \(line)"], in: site.directory,
                                     environment: ["PATH": path], executable: URL(fileURLWithPath: "/usr/bin/fish"))
        try #require(result.status == 0 && result.stderr.isEmpty, "stderr: \(result.stderr)")
        return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    @Test(Prerequisite.require(installed("fish") && FileManager.default.isExecutableFile(atPath: Newsgen.binary.path), "fish is not installed (make dist-deps)"))
    func fishCompletesCommandsOptionsValuesAndIDs() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try fishCompletes("'newsgen b'", in: site) == ["bookmark", "build"])
        #expect(try fishCompletes("'newsgen build --s'", in: site) == ["--site", "--strict"])
        #expect(try fishCompletes("'newsgen source add u --full-text '", in: site) == ["always", "auto", "never"])
        #expect(try fishCompletes("'newsgen source remove '", in: site) == ["bay-weekly", "city-council", "harbor-gazette", "valley-science"])
        #expect(try fishCompletes("'newsgen source remove --purge '", in: site).contains("harbor-gazette"))
        #expect(try fishCompletes("'newsgen build --site cont'", in: site) == ["content/"])
    }

    @Test(Prerequisite.require(installed("groff"), "groff is not installed"))
    func groffReadsTheManPageWithoutAWarning() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let page = try site.run("help", "--man")
        try #require(page.status == 0)
        try site.write("newsgen.1", page.stdout)
        // -P-cbou: plain text, no bold or underline, to read what a user reads.
        let result = try Newsgen.run(["-man", "-Tutf8", "-ww", "-P-cbou", "newsgen.1"], in: site.directory,
                                     executable: URL(fileURLWithPath: "/usr/bin/groff"))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("Subcommands:"))
        // site.json's keys, the site's files and where to read more (issue 34, point 6).
        for line in ["CONFIGURATION", "extract.perHostDelaySeconds (number >= 0; default: 2)", "archive.keepDays (integer >= 1; default: keep all)",
                     "extract.maxPerBuild (integer >= 0; default: 200)", "sources[].category (string; default: none)",
                     "FILES", "content/archive/state.json", "SEE ALSO", "/usr/share/doc/newsgen/"] {
            #expect(result.stdout.contains(line), "\(line)")
        }
    }
}
