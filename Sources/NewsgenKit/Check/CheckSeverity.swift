/// How much a finding of `newsgen check` matters: a problem fails the check (exit 1),
/// a warning is worth a look, a note only says what was not checked and why.
public enum CheckSeverity: Int, Sendable, Equatable, Comparable, CaseIterable {
    /// Something a build would fail on or get wrong: the check fails.
    case problem
    /// Worth a look, but the site builds as it should.
    case warning
    /// What was not checked, and why (`--offline`, not built yet).
    case note

    public static func < (lhs: CheckSeverity, rhs: CheckSeverity) -> Bool { lhs.rawValue < rhs.rawValue }
}
