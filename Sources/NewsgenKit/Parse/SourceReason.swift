import Foundation

/// Why a source was skipped or failed, said twice: `text`, the English sentence the terminal and
/// `newsgen check` print, and `kind` with `values`, which the `/sources/` page says in the site's
/// language from the strings table (`reason<Kind>` in templates/strings/<lang>.json), with the
/// variable parts (status code, address, time) filled in.
public struct SourceReason: Sendable, Equatable, CustomStringConvertible {
    /// One sentence of the strings table each; `SourceReasonStringsTests` holds every language to all of them.
    public enum Kind: String, Sendable, CaseIterable {
        /// `--offline`: url sources are not fetched.
        case offline
        /// Backing off after failures (`count`, `time` the next try).
        case backingOff
        /// The build gave no outcome for it.
        case notRead
        /// `status`.
        case httpStatus
        /// `seconds`.
        case timedOut
        /// `size`.
        case tooLarge
        /// Too many redirects, or one to an address that cannot be followed.
        case redirect
        /// The connection closed before the body was whole.
        case truncated
        /// DNS, refused, TLS, reset: `host`.
        case connection
        /// An address or encoding newsgen does not read.
        case unsupported
        /// A `path` source whose file is not there.
        case fileMissing
        /// A `path` source that cannot be read: a folder, a link out of the site, unreadable.
        case fileUnreadable
        /// Read, but not a feed newsgen can parse.
        case notAFeed
        /// The server sent a web page where the feed was expected.
        case webPage

        /// Its key in the strings table: `reasonHttpStatus`.
        public var key: String { "reason" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    public var kind: Kind
    /// The `{name}`s of the sentence: `address`, `path`, `host`, `status`, `seconds`, `size`.
    public var values: [String: String]
    /// For a plural sentence: its `{count}`.
    public var count: Int?
    /// For `{time}`: a moment, shown in the site's time zone and language.
    public var time: Date?
    /// The English sentence for the terminal.
    public var text: String

    public init(_ kind: Kind, _ values: [String: String] = [:], count: Int? = nil, time: Date? = nil, text: String) {
        self.kind = kind
        self.values = values
        self.count = count
        self.time = time
        self.text = text
    }

    public var description: String { text }

    /// Two reasons are the same when they say the same: `kind` and `values` are what `text` was made from.
    public static func == (lhs: SourceReason, rhs: SourceReason) -> Bool { lhs.text == rhs.text }
}

extension SourceReason {
    /// A download from `address` that failed with `error`; `text` is the terminal's sentence (`address: error`).
    static func fetch(_ error: FetchError, address: String, text: String) -> SourceReason {
        var values = ["address": address]
        let kind: Kind
        switch error {
        case .httpStatus(let code):
            kind = .httpStatus
            values["status"] = String(code)
        case .timedOut(let seconds):
            kind = .timedOut
            values["seconds"] = FetchError.number(seconds)
        case .tooLarge(let limit), .decompressedTooLarge(let limit):
            kind = .tooLarge
            values["size"] = FetchError.size(limit)
        case .headersTooLarge(let limit):
            kind = .tooLarge
            values["size"] = "\(limit / 1024) KB"
        case .tooManyRedirects, .redirectToScheme, .invalidRedirect: kind = .redirect
        case .truncated: kind = .truncated
        case .transport: kind = .connection
        case .unsupportedScheme, .unsupportedEncoding: kind = .unsupported
        }
        values["host"] = URL(string: address)?.host ?? address
        return SourceReason(kind, values, text: text)
    }
}
