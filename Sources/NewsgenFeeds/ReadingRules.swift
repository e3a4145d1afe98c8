/// How the parser reads what publishers get wrong (ADR 017). `current` is this
/// release's reading. `release010` is how newsgen 0.1.0 read the same bytes: it is
/// never shown, only used to work out which identity key that release gave an
/// item, so the archive can still recognise the article it stored then.
struct ReadingRules: Sendable, Equatable {
    /// A bare `&` (`Bits & Bobs`, `?a=1&b=2`) stays text; 0.1.0 dropped it, with the name after it.
    var keepsBareAmpersands: Bool
    /// An undeclared entity that is no HTML character name stays as written (`&foo;`); 0.1.0 dropped it.
    var keepsUnknownEntities: Bool
    /// A mistyped namespace URI reads as the namespace it was meant to be (`NamespaceCorrection`).
    var correctsNamespaces: Bool

    static let current = ReadingRules(keepsBareAmpersands: true, keepsUnknownEntities: true, correctsNamespaces: true)
    static let release010 = ReadingRules(keepsBareAmpersands: false, keepsUnknownEntities: false, correctsNamespaces: false)
}
