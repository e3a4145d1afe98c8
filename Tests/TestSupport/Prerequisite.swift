import Foundation
import Testing

/// A test's prerequisite that the machine may lack (python3, git, the corpora in
/// ../shared/corpora, a util-linux tool): as a trait, the test or suite runs where it is
/// there; elsewhere it is skipped with the reason, except under CI (`CI=true`, as GitHub
/// Actions and most CI services set it), where it fails with the reason, so that a missing
/// tool can never let a whole check pass unseen.
public enum Prerequisite {
    /// True under CI.
    public static let requiredHere = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Why a test that needs what is missing fails under CI.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs the test or suite when `present`; else skips it saying `reason`, or fails it under CI.
    public static func require(_ present: @autoclosure @escaping @Sendable () -> Bool, _ reason: String) -> ConditionTrait {
        .enabled(Comment(rawValue: reason)) {
            if present() { return true }
            if requiredHere { throw Missing(description: "\(reason), and CI=true makes that a failure") }
            return false
        }
    }
}
