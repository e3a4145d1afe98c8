import Foundation
import NewsgenKit

/// The thin executable: parse the arguments, call NewsgenKit, print, pick the exit code
/// (0 success, 1 failure with nothing published, 64 usage error).
let exitCode = NewsgenCLI.run(Array(CommandLine.arguments.dropFirst()), currentDirectory: FileManager.default.currentDirectoryPath)
exit(exitCode)
