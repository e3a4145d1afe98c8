/// Named templates: the page templates and the partials they include, parsed
/// together once so every `{{>name}}` is a dictionary lookup at render time.
public struct MustacheLibrary: Sendable {
    private let templates: [String: MustacheTemplate]

    /// Parses every template, each under its own name (which labels its errors).
    /// Names are tried in sorted order, so the error thrown is always the same one.
    public init(templates sources: [String: String]) throws(MustacheError) {
        var parsed: [String: MustacheTemplate] = [:]
        parsed.reserveCapacity(sources.count)
        for name in sources.keys.sorted() {
            parsed[name] = try MustacheTemplate(source: sources[name] ?? "", name: name)
        }
        self.templates = parsed
    }

    /// A library of templates parsed elsewhere, keyed by partial name.
    public init(parsed: [String: MustacheTemplate]) {
        self.templates = parsed
    }

    /// The names of all templates, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// The template (or partial) called `name`, if there is one.
    public func template(named name: String) -> MustacheTemplate? {
        templates[name]
    }

    /// Renders the template `name` with this library's templates as partials.
    /// Unlike a partial, a missing page template is an error: it is a bug in
    /// the site, not in the data.
    public func render(_ name: String, _ context: MustacheValue) throws(MustacheError) -> String {
        guard let template = templates[name] else {
            throw MustacheError(name: name, line: 0, column: 0, reason: "no template named '\(name)'")
        }
        return template.render(context, partials: self)
    }
}
