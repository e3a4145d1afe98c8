import Foundation

/// Where a new site's CI workflow gets newsgen from (ADR 054): a git repository a runner can fetch,
/// and a ref in it. `newsgen init` learns it from the binary's build (the origin and commit `make dist`
/// recorded) or from `--newsgen-source URL[@REF]`, and writes it into the workflow's env.
public struct NewsgenSource: Sendable, Equatable {
    /// An https address (an ssh remote is turned into its https form: a runner has no key), or, given
    /// with `--newsgen-source` only, a local path or `file://` address for a runner on that machine.
    public var repository: String
    /// A branch (each run takes its newest commit), a tag, a full commit, or `HEAD`, the default branch.
    public var ref: String

    public init(repository: String, ref: String) {
        self.repository = repository
        self.ref = ref
    }

    /// What `--newsgen-source` is named in errors.
    static let option = "--newsgen-source"

    /// The https form of a git remote a runner can fetch without credentials: `https://host[:port]/path`
    /// for an https remote, `https://host/path` for an ssh one (`ssh://[user@]host[:port]/path` or
    /// `user@host:path`); any user name and password left out, and any query or fragment. Nil for
    /// anything else: http, git://, file://, a local path, or an address with characters a URL path
    /// of a repository does not have.
    public static func publicRepository(_ remote: String) -> String? {
        let text = remote.trimmingCharacters(in: .whitespaces)
        let authority: Substring, path: Substring, keepsPort: Bool
        if let separator = text.range(of: "://") {
            let scheme = text[..<separator.lowerBound].lowercased()
            guard ["https", "ssh", "git+ssh", "ssh+git"].contains(scheme) else { return nil }
            let rest = text[separator.upperBound...]
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = rest[..<slash]
            path = rest[slash...].prefix { $0 != "?" && $0 != "#" }
            keepsPort = scheme == "https"
        } else {
            // scp-like `user@host:path`: git's rule is a colon before any slash.
            guard let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") else { return nil }
            authority = text[..<colon]
            path = text[text.index(after: colon)...]
            keepsPort = false
        }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        let parts = hostAndPort.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let host = parts[0].lowercased()
        let port = parts.count == 2 ? String(parts[1]) : ""
        let trimmedPath = path.drop { $0 == "/" }
        guard !host.isEmpty, !host.hasPrefix("-"), host.allSatisfy(isHostCharacter),
              port.allSatisfy(\.isASCII) && port.allSatisfy(\.isNumber),
              !trimmedPath.isEmpty, trimmedPath.allSatisfy(isPathCharacter),
              !trimmedPath.split(separator: "/").contains("..") else { return nil }
        let shownPort = keepsPort && !port.isEmpty ? ":" + port : ""
        return "https://\(host)\(shownPort)/\(trimmedPath)"
    }

    /// Where the running binary came from, as `make dist` recorded it: its origin remote (only an
    /// https or ssh one) and the full commit ("+dirty" dropped: the nearest commit there is). Nil
    /// when either is unknown, as in every build but `make dist`'s in a clone of a public repository.
    public static func fromBuild(origin: String?, commit: String?) -> NewsgenSource? {
        guard let origin, let repository = publicRepository(origin), var commit else { return nil }
        if commit.hasSuffix("+dirty") { commit.removeLast("+dirty".count) }
        guard commit.count == 40, commit.allSatisfy(\.isHexDigit) else { return nil }
        return NewsgenSource(repository: repository, ref: commit.lowercased())
    }

    /// `--newsgen-source URL[@REF]`: an https or ssh address (credentials left out, as above) or a
    /// local path or `file://` address, then a ref after the last `@` (`HEAD`, the default branch, when
    /// there is none). A ref that looks like an abbreviated commit is refused: git fetches a commit
    /// from a remote only by its full name.
    public static func parse(option text: String) throws(InitError) -> NewsgenSource {
        var address = text, ref = "HEAD"
        if let at = text.lastIndex(of: "@"), repository(String(text[..<at])) != nil {
            address = String(text[..<at])
            ref = String(text[text.index(after: at)...])
        }
        guard let repository = repository(address) else {
            throw InitError(path: option, "'\(text)' is not where a runner can fetch newsgen's source: give an https or ssh address of its git repository (or a local path), optionally with @BRANCH, @TAG or @COMMIT")
        }
        guard !ref.isEmpty, !ref.hasPrefix("-"), !ref.hasPrefix("/"), !ref.hasSuffix("/"), !ref.contains(".."),
              ref.unicodeScalars.allSatisfy(isRefCharacter) else {
            throw InitError(path: option, "'\(ref)' is not a branch, tag or commit name")
        }
        if (7..<40).contains(ref.count), ref.allSatisfy(\.isHexDigit) {
            throw InitError(path: option, "'\(ref)' looks like an abbreviated commit, which git cannot fetch from a remote: give all 40 characters, or a branch or tag")
        }
        return NewsgenSource(repository: repository, ref: ref)
    }

    /// An address `--newsgen-source` takes: an https or ssh one in its https form, or a local path
    /// or `file://` address as given (a runner on this machine, or a test).
    private static func repository(_ address: String) -> String? {
        if let remote = publicRepository(address) { return remote }
        let local = address.hasPrefix("/") || address.lowercased().hasPrefix("file:///")
        guard local, !address.contains(where: { $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true }) else { return nil }
        return address
    }

    private static func isHostCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "." || character == "-")
    }

    private static func isPathCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "._~/%+-".contains(character))
    }

    private static func isRefCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._/-+".unicodeScalars.contains(scalar))
    }
}
