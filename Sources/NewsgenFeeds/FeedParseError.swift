/// Why a document could not be read as a feed. The fetch stage reports it per
/// source on `/sources/`, so every message names the reason a person can act on
/// (and, for broken XML, where in the file the problem is).
public struct FeedParseError: Error, Equatable, CustomStringConvertible {
    /// The kinds of failure, with the details each message needs.
    public enum Reason: Sendable, Equatable {
        /// No bytes, only whitespace, or no root element.
        case emptyDocument
        /// More bytes than the caller's limit; nothing was parsed.
        case tooLarge(size: Int, limit: Int)
        /// libxml2 rejected the document; `line` and `column` are 1-based, 0 when unknown.
        case notWellFormed(line: Int, column: Int, message: String)
        /// Well-formed XML whose root is not a feed (an HTML page, say).
        case notAFeed(root: String)
        /// A feed-like root in a format this version does not read yet (RSS 1.0, Atom 0.3).
        case unsupportedFormat(root: String, namespace: String?)
        /// The document's own entity declarations expand beyond a safe size (a
        /// "billion laughs"), as judged by libxml2's amplification check or our budget.
        case entityExpansionLimit
        /// The document exceeds one of libxml2's safety limits (nesting depth, the
        /// size of one text, name or attribute value); nothing of it is read,
        /// even in recovery mode. `limit` says which, for a person.
        case limitExceeded(line: Int, column: Int, limit: String)
        /// libxml2 could not allocate a parser.
        case parserUnavailable
        /// The parser died on the document (a crash in the C parser, contained in its worker process):
        /// `signal` is what ended it.
        case parserCrashed(signal: Int32)
        /// Parsing took longer than the source's deadline and was stopped.
        case parseTimedOut(seconds: Int)
    }

    /// What went wrong, for callers that react differently to each kind.
    public var reason: Reason

    /// Wraps a reason; tests build expected errors this way.
    public init(_ reason: Reason) { self.reason = reason }

    /// The 1-based line of the problem in the document, 0 when it has no place.
    public var line: Int {
        switch reason {
        case .notWellFormed(let line, _, _), .limitExceeded(let line, _, _): return line
        default: return 0
        }
    }

    /// The 1-based column of the problem on its line, 0 when it has no place.
    public var column: Int {
        switch reason {
        case .notWellFormed(_, let column, _), .limitExceeded(_, let column, _): return column
        default: return 0
        }
    }

    /// The error as a diagnostic about `file` (a path or a URL): `file:line:column: reason`
    /// where the problem has a place, the form editors and CI logs jump to; else `file: reason`.
    public func located(in file: String) -> String {
        guard line > 0 else { return "\(file): \(description)" }
        return "\(file):\(line):\(column): \(message)"
    }

    /// The description without its " at line L, column C", for a diagnostic that puts the place first.
    public var message: String {
        switch reason {
        case .notWellFormed(_, _, let message): return "not well-formed XML: \(message)"
        case .limitExceeded(_, _, let limit): return "document refused: \(limit)"
        default: return description
        }
    }

    /// One line a person can act on, shown on `/sources/` and in the build log.
    public var description: String {
        switch reason {
        case .emptyDocument:
            return "empty document: there is no root element to read"
        case .tooLarge(let size, let limit):
            return "document too large: \(size) bytes, the limit is \(limit) bytes"
        case .notWellFormed(let line, let column, let message):
            let place = line > 0 ? " at line \(line), column \(column)" : ""
            return "not well-formed XML\(place): \(message)"
        case .notAFeed(let root):
            return "not a feed: root element is <\(root)>"
        case .unsupportedFormat(let root, let namespace):
            let space = namespace.map { " in namespace \($0)" } ?? " in no namespace"
            return "unsupported feed format: root element is <\(root)>\(space)"
        case .entityExpansionLimit:
            return "entity expansion refused: the document's own entities expand beyond a safe size"
        case .limitExceeded(let line, let column, let limit):
            let place = line > 0 ? " at line \(line), column \(column)" : ""
            return "document refused\(place): \(limit)"
        case .parserUnavailable:
            return "could not create an XML parser (out of memory)"
        case .parserCrashed(let signal) where signal == 0:
            return "the parser stopped without an answer; nothing of the document was read"
        case .parserCrashed(let signal):
            return "the parser crashed on this document (\(FeedParseError.signalName(signal))) and was stopped; nothing of it was read"
        case .parseTimedOut(let seconds):
            return "parsing took longer than \(seconds) s and was stopped; nothing of it was read"
        }
    }
}

extension FeedParseError {
    /// `signal 11, SIGSEGV`: the number a log search finds and the name a person knows.
    public static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL",
                                      11: "SIGSEGV", 13: "SIGPIPE", 15: "SIGTERM", 31: "SIGSYS"]
        return names[signal].map { "signal \(signal), \($0)" } ?? "signal \(signal)"
    }
}
