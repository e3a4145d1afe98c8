/// Why one file of the site could not be staged; the Publisher turns it into a `BuildError`.
struct PublishFailure: Error, Equatable, CustomStringConvertible {
    /// The file, relative to the output folder.
    var path: String
    /// The system's words (`Not a directory`, `Permission denied`).
    var reason: String

    var description: String { "\(path): \(reason)" }
}
