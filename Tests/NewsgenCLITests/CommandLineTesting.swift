@testable import NewsgenCLI

/// The parser on words as the tests write them: `parse("build", "--offline")`.
func parse(_ arguments: String...) throws(UsageError) -> Command { try CommandLineParser.parse(arguments) }

/// The message of the usage error the words make; nil when they parse.
func usageError(_ arguments: String...) -> String? { usageError(arguments) }

/// The message of the usage error the arguments make; nil when they parse.
func usageError(_ arguments: [String]) -> String? {
    do { _ = try CommandLineParser.parse(arguments); return nil } catch { return error.message }
}
