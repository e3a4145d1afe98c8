@testable import NewsgenKit

extension SourceReason {
    /// A reason as the terminal says it, for comparing outcomes: reasons are equal when their texts are.
    static func said(_ text: String) -> SourceReason { SourceReason(.notRead, text: text) }
}
