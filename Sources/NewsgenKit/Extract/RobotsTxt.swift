import Foundation

/// A host's robots.txt as it applies to one crawler (RFC 9309), read by a pure parser:
/// the rules of every group whose `user-agent` names the crawler's product token
/// (case-insensitively; groups naming it are merged), else those of the `*` groups, else
/// none (everything allowed). A path is allowed unless the longest matching rule is a
/// `Disallow`; an `Allow` as long wins.
///
/// Like Google's parser it accepts a key without its colon (`Disallow /x`), the common
/// misspellings of `disallow`, `useragent` and `user agent`, a user-agent value with a
/// version (`newsgen/0.1` names `newsgen`), and any line ending; other lines (`sitemap`,
/// `crawl-delay`, garbage) are ignored and do not end a group's user-agent lines. Only
/// the first `parseLimit` bytes are read, the last line cut there left out.
struct RobotsTxt: Sendable, Equatable {
    /// The bytes read of a longer file (RFC 9309 §2.5: at least 500 KiB).
    static let parseLimit = 500 * 1024
    /// Octet comparisons one `allows` may spend; past it the path counts as disallowed (a
    /// robots.txt built to be slow to match is not a reason to fetch a page).
    static let matchBudget = 2_000_000

    /// The crawler's rules, longest first and, at one length, `Allow` first: the first that matches decides.
    private(set) var rules: [RobotsRule]

    /// No rules: everything allowed (a robots.txt that is missing, 4xx, or has no group for the crawler).
    static let allowingAll = RobotsTxt(rules: [])

    init(rules: [RobotsRule]) {
        self.rules = rules.sorted { ($0.length, $0.allows ? 1 : 0) > ($1.length, $1.allows ? 1 : 0) }
    }

    /// Parses `data` for the crawler whose product token is `token` (see `productToken(of:)`).
    init(_ data: Data, productToken token: String) {
        var bytes = [UInt8](data.prefix(Self.parseLimit + 1))
        if bytes.count > Self.parseLimit {
            bytes.removeLast(bytes.count - Self.parseLimit)
            // The line cut by the limit is not read: half a rule could disallow too much or too little.
            let end = bytes.lastIndex { $0 == 0x0A || $0 == 0x0D } ?? 0
            bytes.removeLast(bytes.count - end)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let wanted = Array(token.lowercased().utf8)
        var ours: [RobotsRule] = [], global: [RobotsRule] = []
        var foundOurs = false
        var groupIsOurs = false, groupIsGlobal = false, inGroup = false, readingAgents = false
        for line in bytes.split(omittingEmptySubsequences: true, whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            guard let (key, value) = Self.keyAndValue(line) else { continue }
            switch Self.directive(key) {
            case .userAgent:
                if !readingAgents {
                    // The first user-agent line after rules starts a new group.
                    groupIsOurs = false
                    groupIsGlobal = false
                    readingAgents = true
                    inGroup = true
                }
                if value.first == UInt8(ascii: "*"), value.count == 1 || Self.isBlank(value[value.startIndex + 1]) {
                    groupIsGlobal = true
                } else if !wanted.isEmpty, Self.agentToken(value) == wanted {
                    groupIsOurs = true
                    foundOurs = true
                }
            case .allow, .disallow:
                readingAgents = false
                guard inGroup, let rule = RobotsRule(allows: Self.directive(key) == .allow, pattern: value) else { continue }
                if groupIsOurs { ours.append(rule) }
                if groupIsGlobal { global.append(rule) }
            case nil:
                continue
            }
        }
        self.init(rules: foundOurs ? ours : global)
    }

    /// Whether the crawler may fetch `url`: its path and query, as they are in the URL.
    func allows(_ url: URL) -> Bool {
        allows(path: Self.target(of: url))
    }

    /// Whether the crawler may fetch `path` (path and query, percent-encoded as in a URL; `/` when empty).
    func allows(path: String) -> Bool {
        guard !rules.isEmpty else { return true }
        let normalised = RobotsRule.normalised(path.isEmpty ? Array("/".utf8) : Array(path.utf8))
        var budget = Self.matchBudget
        for rule in rules {
            if rule.matches(normalised, budget: &budget) { return rule.allows }
            guard budget > 0 else { return false }
        }
        return true
    }

    /// The product token of a User-Agent (`newsgen/0.1 (+mail)` → `newsgen`): its leading
    /// letters, `-` and `_`, lowercased, as robots.txt groups name crawlers.
    static func productToken(of userAgent: String) -> String {
        String(decoding: agentToken(Array(userAgent.utf8)[...]), as: UTF8.self)
    }

    /// What robots.txt rules are matched against: the URL's path and query, as sent.
    static func target(of url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return "/" }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return components.percentEncodedQuery.map { path + "?" + $0 } ?? path
    }

    private enum Directive { case userAgent, allow, disallow }

    private static func directive(_ key: ArraySlice<UInt8>) -> Directive? {
        switch String(decoding: key, as: UTF8.self).lowercased() {
        case "user-agent", "useragent", "user agent": return .userAgent
        case "allow": return .allow
        case "disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw": return .disallow
        default: return nil
        }
    }

    /// A line's key and value, comment and outer blanks removed; without a colon, a key and a
    /// value separated by blanks (nothing else on the line); nil for a line with neither.
    private static func keyAndValue(_ line: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, ArraySlice<UInt8>)? {
        let content = trimmed(line.prefix { $0 != UInt8(ascii: "#") })
        guard !content.isEmpty else { return nil }
        if let colon = content.firstIndex(of: UInt8(ascii: ":")) {
            return (trimmed(content[..<colon]), trimmed(content[(colon + 1)...]))
        }
        guard let blank = content.firstIndex(where: isBlank) else { return nil }
        let value = trimmed(content[blank...])
        guard !value.contains(where: isBlank) else { return nil }
        return (content[..<blank], value)
    }

    /// The leading letters, `-` and `_` of a user-agent value, lowercased.
    private static func agentToken(_ value: ArraySlice<UInt8>) -> [UInt8] {
        value.prefix { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else { return [] }
        return bytes[first...last]
    }
}
