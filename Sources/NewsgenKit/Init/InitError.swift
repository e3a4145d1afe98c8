import Foundation

/// Why `newsgen init` wrote nothing (or stopped part way): printed as `error: …`, exit 1.
public struct InitError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file or folder concerned, as the user typed it or relative to the new site.
    public var path: String
    /// What is wrong, in words.
    public var reason: String

    public init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
