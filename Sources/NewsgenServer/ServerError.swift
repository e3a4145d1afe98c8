/// Why the server could not start, in words for the terminal ("port 8000 on 127.0.0.1 is already in use").
public struct ServerError: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
