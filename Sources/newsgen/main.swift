import Foundation
import NewsgenCLI

/// The thin executable: NewsgenCLI parses the arguments, calls NewsgenKit, prints and picks the exit code
/// (0 success, 1 failure with nothing published, 64 usage error).
let exitCode = NewsgenCLI.main(Array(CommandLine.arguments.dropFirst()), currentDirectory: FileManager.default.currentDirectoryPath)
exit(exitCode)
