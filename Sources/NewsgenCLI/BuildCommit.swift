import CNewsgenBuildInfo

/// The commit a `make dist` binary was built from (passed in by the Makefile, never read at run time
/// from git or the clock); nil for a development build.
enum BuildCommit {
    static let current: String? = {
        let commit = String(cString: newsgen_build_commit())
        return commit.isEmpty ? nil : commit
    }()
}
