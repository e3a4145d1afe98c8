import Foundation

/// The workflow `newsgen init` writes (docs/ci/github-actions.yml, embedded as `BuiltInTheme.ciWorkflow`)
/// with newsgen's source filled in when init knows it (ADR 054). The documented file leaves
/// `NEWSGEN_REPOSITORY` empty: a run of it stops at its first step, naming the line to set.
public enum CIWorkflow {
    /// Where a new site keeps it.
    public static let path = ".github/workflows/rebuild.yml"
    static let repositoryKey = "  NEWSGEN_REPOSITORY: "
    static let versionKey = "  NEWSGEN_VERSION: "
    static let debKey = "  NEWSGEN_DEB: "

    /// The workflow for `source`: the documented file itself when it is nil, else the same file with
    /// its `NEWSGEN_REPOSITORY` and `NEWSGEN_VERSION` lines set (as YAML double-quoted strings, so a
    /// tag such as `1.0` stays text).
    public static func text(source: NewsgenSource?) -> String {
        guard let source else { return BuiltInTheme.ciWorkflow }
        return BuiltInTheme.ciWorkflow.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if line.hasPrefix(repositoryKey) { return repositoryKey + SiteScaffold.jsonString(source.repository) }
            if line.hasPrefix(versionKey) { return versionKey + SiteScaffold.jsonString(source.ref) }
            return String(line)
        }.joined(separator: "\n")
    }

    /// The line (from 1) of `NEWSGEN_REPOSITORY` in the workflow, which init's "Next:" and the first
    /// step's message name.
    public static var repositoryLine: Int { line(startingWith: repositoryKey) }

    /// The line (from 1) of `NEWSGEN_DEB`.
    public static var debLine: Int { line(startingWith: debKey) }

    static func line(startingWith prefix: String) -> Int {
        let lines = BuiltInTheme.ciWorkflow.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.hasPrefix(prefix) } ?? -1) + 1
    }
}
