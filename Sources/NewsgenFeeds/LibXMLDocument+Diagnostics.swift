import Foundation
import CLibXML2

/// What one libxml2 parse reported, gathered through the parser's callbacks:
/// the first problem (for `illFormedReason` or the error), a safety limit that
/// was hit (which ends the parse, in recovery mode too), and the HTML entities
/// the document used without declaring them.
///
/// One instance per parse, reached from C through the context's `_private`
/// field, so concurrent parses never share state.
final class LibXMLDiagnostics {
    /// Where a problem was found and what libxml2 said.
    struct Problem: Equatable {
        var line: Int
        var column: Int
        var message: String
        var code: Int32

        var error: FeedParseError { FeedParseError(.notWellFormed(line: line, column: column, message: message)) }
    }

    /// The outermost parser context; entity contents are parsed in nested ones.
    let context: xmlParserCtxtPtr
    /// True for the second, recovering pass.
    let recovering: Bool
    /// What an undeclared entity that is no HTML name becomes.
    let rules: ReadingRules
    /// libxml2's own entity lookup, which ours wraps.
    let defaultGetEntity: getEntitySAXFunc?
    /// The first error, or undeclared HTML entity, in document order.
    private(set) var firstProblem: Problem?
    /// The first error from the outermost context (what a non-recovering parse stopped at).
    private(set) var firstError: Problem?
    /// A safety limit was hit: the document is refused whatever else happened.
    private(set) var limit: FeedParseError?
    /// An entity misbehaved (a loop, an unbalanced or broken expansion): stop
    /// helping libxml2 expand entities, so recovery never amplifies.
    private(set) var entityTrouble = false
    /// Entity declarations made for undeclared names, freed after the document.
    private var madeEntities: [String: xmlEntityPtr] = [:]
    /// True once an undeclared name that is no HTML character was kept as written.
    private(set) var keptUnknownEntity = false
    /// Every error the outermost context raised: only the first are kept (above), the rest are counted.
    private(set) var errorCount = 0

    init(context: xmlParserCtxtPtr, recovering: Bool, rules: ReadingRules) {
        self.context = context
        self.recovering = recovering
        self.rules = rules
        defaultGetEntity = context.pointee.sax.pointee.getEntity
    }

    deinit {
        for entity in madeEntities.values { HTMLEntities.freeDeclaration(entity) }
    }

    /// Records one error libxml2 raised (warnings are ignored).
    ///
    /// A recovering parse can raise an error every few bytes (a feed of bare
    /// ampersands raises one per `&`): once the first problems are known, only a
    /// limit still matters, so the message becomes a Swift string only when it may name one.
    func record(_ error: xmlError, in source: xmlParserCtxtPtr) {
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        if source == context { errorCount += 1 }
        // A strict pass that met a fatal error is thrown away for the recovering one, which
        // meets its own limits: libxml2 would go on to the end, formatting every later error.
        defer { if !recovering, source == context, error.level == XML_ERR_FATAL { LibXMLDiagnostics.halt(context) } }
        if source != context || LibXMLDiagnostics.entityCodes.contains(error.code) { entityTrouble = true }
        let firstOfItsKind = firstProblem == nil || (firstError == nil && source == context)
        guard firstOfItsKind || (limit == nil && LibXMLDiagnostics.mayBeRefusal(error)) else { return }
        let message = error.message.map { String(cString: $0) }?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "error \(error.code)"
        let problem = Problem(line: Int(error.line), column: Int(error.int2), message: message, code: error.code)
        if firstProblem == nil { firstProblem = problem }
        if firstError == nil, source == context { firstError = problem }
        if limit == nil, let refusal = LibXMLDiagnostics.refusal(problem) { limit = refusal }
    }

    /// Ends a parse from inside one of libxml2's callbacks, safely.
    ///
    /// Not `xmlStopParser`: it frees the input buffer at once, while the parser function that
    /// raised the error still holds pointers into it and writes them back (2.9.14's
    /// `xmlParseCharData` on a misplaced `]]>` sets `input->cur` into the freed buffer), so a
    /// long text before the error crashed every parse of the document (issue 32). The state
    /// libxml2's own halt leaves instead: every parse loop checks `instate`, and every error
    /// function returns at once once the parser is at its end with SAX off, so what is left of
    /// the input is stepped over without building or reporting anything.
    static func halt(_ context: xmlParserCtxtPtr) {
        context.pointee.instate = XML_PARSER_EOF
        context.pointee.disableSAX = 1
    }

    /// False for an error `refusal` certainly does not call a limit: looked up by its
    /// code and, with libxml2's own case-insensitive search, in its C message.
    private static func mayBeRefusal(_ error: xmlError) -> Bool {
        let codes = [XML_ERR_ENTITY_LOOP, XML_ERR_NO_MEMORY, XML_ERR_NAME_TOO_LONG].map { Int32($0.rawValue) }
        if codes.contains(error.code) { return true }
        guard let message = error.message else { return false }
        let text = UnsafeRawPointer(message).assumingMemoryBound(to: xmlChar.self)
        return refusalWords.contains { word in word.withUnsafeBufferPointer { xmlStrcasestr(text, $0.baseAddress) != nil } }
    }

    /// What libxml2's messages say when a limit was hit: the words `refusal` reads.
    private static let amplificationWord = "amplification", depthWord = "excessive depth", sizeWords = ["huge", "too long", "too big"]
    /// The same, NUL-terminated for `xmlStrcasestr`.
    private static let refusalWords: [[xmlChar]] = ([amplificationWord, depthWord] + sizeWords).map { Array($0.utf8) + [0] }

    /// Notes an HTML entity used without a declaration where XML makes that an
    /// error (no DTD that could have declared it): feedparser calls such a
    /// document ill-formed, though its text is read as HTML would read it.
    func noteUndeclared(_ name: String, in source: xmlParserCtxtPtr) {
        guard firstProblem == nil, let input = source.pointee.input else { return }
        firstProblem = Problem(line: Int(input.pointee.line), column: Int(input.pointee.col),
                               message: "Entity '\(name)' not defined", code: Int32(XML_ERR_UNDECLARED_ENTITY.rawValue))
    }

    /// The declaration standing in for an undeclared entity, made once per name
    /// and context (element content or attribute value) and parse: an HTML
    /// character name stands for its character; any other name, when the rules
    /// keep it, for itself as written (`&foo;`), as feedparser reads it.
    func declaration(for name: String, inAttribute: Bool) -> xmlEntityPtr? {
        let key = inAttribute ? "@" + name : name
        if let made = madeEntities[key] { return made }
        let character = HTMLEntities.namedCharacter(name)
        guard name != "apos", let text = character ?? (rules.keepsUnknownEntities ? "&\(name);" : nil) else { return nil }
        let made = HTMLEntities.makeDeclaration(name, standingFor: text, inAttribute: inAttribute)
        if character == nil { keptUnknownEntity = true }
        madeEntities[key] = made
        return made
    }

    /// Entity errors after which recovery must not re-enable expansion.
    private static let entityCodes: Set<Int32> = [
        Int32(XML_ERR_ENTITY_LOOP.rawValue), Int32(XML_ERR_ENTITY_BOUNDARY.rawValue),
        Int32(XML_ERR_NOT_WELL_BALANCED.rawValue), Int32(XML_ERR_ENTITY_PE_INTERNAL.rawValue),
        Int32(XML_ERR_ENTITY_NOT_FINISHED.rawValue),
    ]

    /// The refusal for an error that means a safety limit, not a syntax slip.
    /// libxml2 stops at these (we never set `XML_PARSE_HUGE`); a recovered
    /// partial tree must not be returned instead.
    private static func refusal(_ problem: Problem) -> FeedParseError? {
        let message = problem.message.lowercased()
        let limit: String
        if problem.code == Int32(XML_ERR_ENTITY_LOOP.rawValue) || message.contains(amplificationWord) {
            return FeedParseError(.entityExpansionLimit)
        } else if message.contains(depthWord) {
            limit = "elements are nested more than 256 levels deep"
        } else if problem.code == Int32(XML_ERR_NO_MEMORY.rawValue) && !message.contains("huge") {
            limit = "the parser ran out of memory"
        } else if sizeWords.contains(where: message.contains) || problem.code == Int32(XML_ERR_NAME_TOO_LONG.rawValue) {
            limit = "a single text, name or attribute value is larger than the parser allows (\(problem.message))"
        } else {
            return nil
        }
        return FeedParseError(.limitExceeded(line: problem.line, column: problem.column, limit: limit))
    }
}

/// The diagnostics of the parse a (possibly nested) context belongs to.
private func diagnostics(of context: xmlParserCtxtPtr) -> LibXMLDiagnostics? {
    context.pointee._private.map { Unmanaged<LibXMLDiagnostics>.fromOpaque($0).takeUnretainedValue() }
}

/// libxml2's structured error callback: records, never prints.
let libXMLErrorHandler: xmlStructuredErrorFunc = { userData, error in
    guard let userData, let error else { return }
    let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
    diagnostics(of: context)?.record(error.pointee, in: context)
}

/// libxml2's entity lookup, wrapped for two reasons.
///
/// - HTML's named characters (`&nbsp;`, `&eacute;`) are so common in feeds that
///   feedparser reads them whether declared or not; here they resolve to the
///   character instead of failing the document (noted as ill-formed where XML
///   says they are an error).
/// - In recovery mode libxml2 drops every entity reference, even `&amp;`, once
///   the document has had an error (a guard in `xmlParseReference`). Recovery
///   runs with `XML_PARSE_OLDSAX`, which routes every reference through here,
///   and marks the outermost context well-formed again before each lookup; it
///   stops doing so after any entity error, so expansion limits still apply.
let libXMLEntityLookup: getEntitySAXFunc = { userData, name in
    guard let userData, let name else { return nil }
    let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let diagnostics = diagnostics(of: context) else { return nil }
    if diagnostics.recovering, context == diagnostics.context, !diagnostics.entityTrouble, diagnostics.limit == nil {
        context.pointee.wellFormed = 1
    }
    if diagnostics.limit != nil { return nil }
    if let found = diagnostics.defaultGetEntity?(userData, name) { return found }
    guard context.pointee.inSubset == 0 else { return nil }
    let text = String(cString: name)
    let inAttribute = context.pointee.instate == XML_PARSER_ATTRIBUTE_VALUE
    guard let declaration = diagnostics.declaration(for: text, inAttribute: inAttribute) else { return nil }
    let document = diagnostics.context.pointee
    if document.standalone == 1 || (document.hasExternalSubset == 0 && document.hasPErefs == 0) {
        diagnostics.noteUndeclared(text, in: context)
    }
    return declaration
}
