import Foundation
import NewsgenCLI

/// The thin executable: NewsgenCLI parses the arguments, calls NewsgenKit, prints and picks the exit code
/// (0 success, 1 failure with nothing published, 64 usage error).
///
/// A write to a pipe whose reader has gone (`newsgen help | head -1`) fails with EPIPE instead of killing
/// the process with SIGPIPE, so the command ends as it would have, quietly (ADR 050).
signal(SIGPIPE, SIG_IGN)
let exitCode = NewsgenCLI.main(Array(CommandLine.arguments.dropFirst()), currentDirectory: FileManager.default.currentDirectoryPath)
exit(exitCode)
