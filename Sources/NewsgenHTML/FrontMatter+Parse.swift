import CYAML
import Foundation
import NewsgenModel

extension FrontMatter {
    /// Reads front matter YAML with libyaml and checks it against what an article
    /// may say. `firstLine` is the file line of the YAML's first line (what
    /// `MarkdownDocument.split` returns), so every error points into the file;
    /// a missing title is reported at the opening `---`, the line before.
    public static func parse(_ yaml: String, firstLine: Int) throws(FrontMatterError) -> FrontMatter {
        let document: YAMLFrontMatterDocument
        switch YAMLFrontMatterDocument.load(yaml) {
        case .success(let loaded): document = loaded
        case .failure(let error):
            var reason = "invalid YAML: \(error.problem)"
            if let context = error.context {
                reason += " (\(context.text) from \(firstLine + context.mark.line):\(context.mark.column + 1))"
            }
            throw FrontMatterError(line: firstLine + error.line, column: error.column + 1, reason: reason)
        }
        func fail(_ mark: YAMLFrontMatterDocument.Mark, _ reason: String) -> FrontMatterError {
            FrontMatterError(line: firstLine + mark.line, column: mark.column + 1, reason: reason)
        }

        var matter = FrontMatter()
        var titleSeen = false
        switch document.root {
        case .none:
            break
        case .some(.mapping(let entries, _)):
            var seen: Set<String> = []
            for entry in entries {
                guard case .scalar(let key, _, let keyMark) = entry.key else {
                    throw fail(entry.key.mark, "front matter keys must be plain words such as 'title'")
                }
                guard FrontMatter.keys.contains(key) else {
                    var reason = "unknown front matter key '\(key)'"
                    if let suggestion = Suggestion.closest(to: key, among: FrontMatter.keys) { reason += " (did you mean '\(suggestion)'?)" }
                    throw fail(keyMark, reason)
                }
                guard seen.insert(key).inserted else { throw fail(keyMark, "duplicate front matter key '\(key)'") }
                let value = entry.value
                switch key {
                case "title":
                    titleSeen = true
                    guard let title = try string(value, key: key, fail: fail), !title.isEmpty else {
                        throw fail(value.mark, "'title' must not be empty")
                    }
                    matter.title = title
                case "author": matter.author = try string(value, key: key, fail: fail)
                case "summary": matter.summary = try string(value, key: key, fail: fail)
                case "image": matter.image = try string(value, key: key, fail: fail)
                case "slug":
                    guard let slug = try string(value, key: key, fail: fail) else { break }
                    guard Slug.isValid(slug) else {
                        throw fail(value.mark, "invalid slug '\(slug)': use only a-z, 0-9 and '-', at most \(Slug.maxLength) characters, not starting or ending with '-'")
                    }
                    matter.slug = slug
                case "date":
                    guard case .scalar(let raw, _, _) = value else { throw fail(value.mark, "'date' must be a date such as 2026-11-02") }
                    guard !value.isNull else { break }
                    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
                    guard let date = YAMLTimestamp.date(from: text) else {
                        throw fail(value.mark, "invalid date '\(text)': use 2026-11-02, 2026-11-02 09:30 or 2026-11-02T09:30:00+01:00")
                    }
                    matter.date = date
                case "tags":
                    matter.tags = try tags(value, fail: fail)
                default:
                    break
                }
            }
        case .some(let other):
            throw fail(other.mark, "front matter must be a mapping of keys to values, such as 'title: …'")
        }
        if !titleSeen {
            throw FrontMatterError(line: max(1, firstLine - 1), column: 1, reason: "missing required front matter key 'title'")
        }
        return matter
    }

    /// A scalar as a trimmed string; nil for YAML null or an empty value.
    private static func string(_ node: YAMLFrontMatterDocument.Node, key: String,
                               fail: (YAMLFrontMatterDocument.Mark, String) -> FrontMatterError) throws(FrontMatterError) -> String? {
        guard case .scalar(let raw, _, _) = node else { throw fail(node.mark, "'\(key)' must be a string") }
        if node.isNull { return nil }
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// A sequence of non-empty strings, or one string; duplicates dropped, order kept.
    private static func tags(_ node: YAMLFrontMatterDocument.Node,
                             fail: (YAMLFrontMatterDocument.Mark, String) -> FrontMatterError) throws(FrontMatterError) -> [String] {
        let items: [YAMLFrontMatterDocument.Node]
        switch node {
        case .scalar:
            if node.isNull { return [] }
            items = [node]
        case .sequence(let elements, _):
            items = elements
        case .mapping, .other:
            throw fail(node.mark, "'tags' must be a list of strings")
        }
        var tags: [String] = []
        for item in items {
            guard case .scalar(let raw, _, _) = item, !item.isNull else { throw fail(item.mark, "'tags' must be a list of strings") }
            let tag = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !tag.isEmpty else { throw fail(item.mark, "'tags' must be a list of strings") }
            if !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }
}
