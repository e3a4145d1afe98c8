import CNewsgenBuildInfo
import NewsgenKit

/// The commit a `make dist` binary was built from (passed in by the Makefile, never read at run time
/// from git or the clock); nil for a development build.
enum BuildCommit {
    static let current: String? = nonEmpty(newsgen_build_commit())

    /// Where `newsgen init`'s workflow gets newsgen from when `--newsgen-source` is not given: the
    /// origin and full commit `make dist` recorded, when it recorded both (ADR 054).
    static let source: NewsgenSource? = NewsgenSource.fromBuild(origin: nonEmpty(newsgen_build_origin()),
                                                                commit: nonEmpty(newsgen_build_full_commit()))

    private static func nonEmpty(_ text: UnsafePointer<CChar>) -> String? {
        let string = String(cString: text)
        return string.isEmpty ? nil : string
    }
}
