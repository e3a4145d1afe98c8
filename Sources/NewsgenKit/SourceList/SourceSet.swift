import Foundation
import NewsgenModel

/// `newsgen source set ID[,ID…] KEY VALUE`: one per-source key of site.json changed in place, through
/// the same byte editor and atomic, checked write as `source add` (ADR 039, ADR 056), so the rest of the
/// file stays as the user wrote it. Changing a source's full-text mode no longer means editing site.json.
public enum SourceSet {
    /// The keys a source takes, as typed on the command line.
    public enum Key: String, CaseIterable, Sendable {
        case fullText = "full-text", fullTextSelect = "full-text.select", fullTextRemove = "full-text.remove", title, category, url, path

        /// Its name in site.json: the rules are members of `fullText` (ADR 062).
        var member: String {
            switch self {
            case .fullText, .fullTextSelect, .fullTextRemove: return "fullText"
            default: return rawValue
            }
        }

        /// The values it takes, for the usage error.
        var allowed: String {
            switch self {
            case .fullText: return "never, auto, always, or default (take extract.fullText)"
            case .fullTextSelect: return "a CSS selector (or XPath) of the article, or \"\" to take it out"
            case .fullTextRemove: return "CSS selectors (commas between them, or XPath) of blocks to drop, or \"\" to take them out"
            case .title, .category: return "any text, or \"\" to take it out"
            case .url: return "an absolute http or https URL"
            case .path: return "a feed file's path, relative to the site folder"
            }
        }
    }

    /// One checked change: the key and the string to write (nil: take the member out).
    public struct Change: Equatable, Sendable {
        public var key: Key
        public var value: String?
    }

    /// `KEY VALUE` checked, or the usage error to print (exit 64) naming the key and what it takes.
    public static func change(key typed: String, value: String) -> Result<Change, UsageProblem> {
        let spelt = ["fullText": Key.fullText, "fullText.select": .fullTextSelect, "fullText.remove": .fullTextRemove]
        guard let key = Key(rawValue: typed) ?? spelt[typed] else {
            let keys = Key.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(UsageProblem("source set: unknown key '\(typed)'; the keys are \(keys)"))
        }
        let bad = UsageProblem("source set: \(key.rawValue) takes \(key.allowed), not '\(value)'")
        switch key {
        case .fullText:
            if value == "default" { return .success(Change(key: key, value: nil)) }
            guard let mode = FullTextMode(rawValue: value) else { return .failure(bad) }
            return .success(Change(key: key, value: mode.rawValue))
        case .fullTextSelect, .fullTextRemove:
            guard SourceText.nonBlank(value) != nil else { return .success(Change(key: key, value: nil)) }
            if let problem = SiteConfig.selectorProblem(value) {
                return .failure(UsageProblem("source set: \(key.rawValue) '\(value)': \(problem)"))
            }
            return .success(Change(key: key, value: value))
        case .title, .category:
            return .success(Change(key: key, value: SourceText.nonBlank(value)))
        case .url:
            guard let url = URL(string: value), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                return .failure(bad)
            }
            return .success(Change(key: key, value: value))
        case .path:
            guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { return .failure(bad) }
            return .success(Change(key: key, value: value))
        }
    }

    /// A source's `fullText` after `change`, as JSON: the mode as a string while there are no rules, else
    /// an object of mode, select and remove (one selector as a string, several as a list); nil takes it out.
    static func fullText(_ source: SourceConfig, after change: Change) -> String? {
        var mode = source.fullText?.rawValue
        var rules = source.rules ?? FullTextRules()
        switch change.key {
        case .fullText: mode = change.value
        case .fullTextSelect: rules.select = change.value
        case .fullTextRemove: rules.remove = change.value.map { [$0] } ?? []
        default: break
        }
        guard !rules.isEmpty else { return mode.map(JSONWriter.quoted) }
        var members: [String] = []
        if let mode { members.append(#""mode": "# + JSONWriter.quoted(mode)) }
        if let select = rules.select { members.append(#""select": "# + JSONWriter.quoted(select)) }
        if rules.remove.count == 1 {
            members.append(#""remove": "# + JSONWriter.quoted(rules.remove[0]))
        } else if !rules.remove.isEmpty {
            members.append(#""remove": ["# + rules.remove.map(JSONWriter.quoted).joined(separator: ", ") + "]")
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// Applies `change` to the sources `ids` (comma-separated on the command line) and returns what to print. Hold the build lock.
    public static func apply(_ change: Change, to ids: [String], site: Site) throws(BuildError) -> String {
        let file = SourceListFile(site: site)
        var (editor, config) = try file.read()
        var indices: [Int] = []
        for id in ids {
            guard let index = config.sources.firstIndex(where: { $0.id == id }) else {
                let known = config.sources.isEmpty ? "site.json has none" : "'newsgen source list' shows them"
                throw BuildError(path: Site.configFileName, "has no source '\(id)' (\(known)); nothing was changed")
            }
            let source = config.sources[index]
            if (change.key == .url && !source.isURL) || (change.key == .path && source.isURL) {
                let kind = source.isURL ? "url" : "path"
                throw BuildError(path: Site.configFileName, "source '\(id)' is read from a \(kind), so set \(kind), not \(change.key.rawValue); nothing was changed")
            }
            indices.append(index)
        }
        for index in indices {
            let bytes: [UInt8]
            switch change.key {
            case .fullText, .fullTextSelect, .fullTextRemove:
                bytes = editor.setting("fullText", toJSON: fullText(config.sources[index], after: change), at: index)
            default:
                bytes = editor.setting(change.key.member, to: change.value, at: index)
            }
            editor = try SourceListEditor(bytes, file: Site.configFileName)
        }
        config = try file.write(editor.bytes)
        let names = ids.map { "'\($0)'" }.joined(separator: ", ")
        var text = "Set \(change.key.rawValue) of \(names) to " + (change.value.map { "'\($0)'" } ?? "its default") + " in site.json."
        if change.key == .fullTextSelect || change.key == .fullTextRemove {
            text += " The next 'newsgen build' reads their articles' pages again under the new rules (saved pages from their copies),"
                + " \(config.extract.maxPerBuild) fetched a build at most, politely."
        } else if change.key == .fullText {
            let modes = Set(ids.compactMap { id in config.sources.first { $0.id == id }.map { $0.fullText ?? config.extract.fullText } })
            if !modes.contains(.never) {
                text += " The next 'newsgen build' reads their articles' pages, \(config.extract.maxPerBuild) a build at most, politely."
            }
        }
        return text
    }
}

/// A command-line argument the user must fix: printed as a usage error, exit 64.
public struct UsageProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
