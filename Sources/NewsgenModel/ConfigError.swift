/// A problem in `site.json`, naming the key path: `site.json: 'sources[1].id' must be a string, found a number`.
public struct ConfigError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file as the user should read it (usually `site.json`).
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
