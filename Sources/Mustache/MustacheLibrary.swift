/// Named templates: the page templates and the partials they include, parsed
/// together once so every `{{>name}}` is a dictionary lookup at render time.
public struct MustacheLibrary: Sendable {
    private let templates: [String: MustacheTemplate]
    /// What one render of a template of this library may do.
    public let limits: MustacheLimits

    /// Parses every template, each under its own name (which labels its errors).
    /// Names are tried in sorted order, so the error thrown is always the same one.
    public init(templates sources: [String: String], limits: MustacheLimits = .standard) throws(MustacheError) {
        var parsed: [String: MustacheTemplate] = [:]
        parsed.reserveCapacity(sources.count)
        for name in sources.keys.sorted() {
            parsed[name] = try MustacheTemplate(source: sources[name] ?? "", name: name)
        }
        self.templates = parsed
        self.limits = limits
    }

    /// A library of templates parsed elsewhere, keyed by partial name.
    public init(parsed: [String: MustacheTemplate], limits: MustacheLimits = .standard) {
        self.templates = parsed
        self.limits = limits
    }

    /// The names of all templates, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// The template (or partial) called `name`, if there is one.
    public func template(named name: String) -> MustacheTemplate? {
        templates[name]
    }

    /// Renders the template `name` with this library's templates as partials.
    /// Unlike a partial, a missing page template is an error: it is a bug in
    /// the site, not in the data. So is a render past the library's `limits`.
    public func render(_ name: String, _ context: MustacheValue) throws(MustacheError) -> String {
        guard let template = templates[name] else {
            throw MustacheError(name: name, line: 0, column: 0, reason: "no template named '\(name)'")
        }
        return try template.render(context, partials: self)
    }
}
