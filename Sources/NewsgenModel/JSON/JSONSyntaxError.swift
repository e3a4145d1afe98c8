/// Why a document is not JSON, and where. The sentences are Foundation's
/// `JSONSerialization`'s, which newsgen's messages quoted before it had a reader of
/// its own (`site.json:2:14: not valid JSON (invalid value)`): tests and users know them.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The full sentence, as `JSONSerialization` wrote it: "Invalid value around character 28."
    public let message: String
    /// The byte the message points at, counted after a leading byte order mark as
    /// `JSONSerialization` counts; the end of the document for an unexpected end, nil when
    /// the message names no place (a lone surrogate, a number too large).
    public let offset: Int?
    /// The sentence's reason without its place, lower-cased: "invalid value".
    public let reason: String

    init(_ message: String, offset: Int?) {
        self.message = message
        self.offset = offset
        reason = (message.components(separatedBy: " around ").first ?? message).lowercased()
    }

    public var description: String { message }

    static func at(_ what: String, _ offset: Int) -> JSONSyntaxError {
        JSONSyntaxError("\(what) around character \(offset).", offset: offset)
    }

    static func invalidValue(_ offset: Int) -> JSONSyntaxError { at("Invalid value", offset) }

    /// The input ends inside a value (also what `JSONSerialization` says of a misspelt literal,
    /// and of bytes that are not the UTF-16 they look like). Placed at `end`, the document's length.
    static func unexpectedEnd(_ end: Int) -> JSONSyntaxError {
        JSONSyntaxError("Unexpected end of file during JSON parse.", offset: end)
    }

    /// A high surrogate without its low one; placed at the end, as every "Unexpected end of file" was.
    static func missingLowSurrogate(_ end: Int) -> JSONSyntaxError {
        JSONSyntaxError("Unexpected end of file during string parse (expected low-surrogate code point but did not find one).", offset: end)
    }
    static let missingHighSurrogate = JSONSyntaxError(
        "Unable to convert hex escape sequence (no high character) to UTF8-encoded character.", offset: nil)

    /// The reason as "unexpected end of file" for the end of the input, as newsgen's messages say it.
    public var shortReason: String { message.hasPrefix("Unexpected end of file") ? "unexpected end of file" : reason }
}
