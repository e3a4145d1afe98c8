import CLibXML2
import Foundation

/// A selector a user wrote (a rule of site.json, an `extract --select`), checked and translated
/// once: CSS (`CSSSelectorParser`, `CSSToXPath`) or, when it starts with `/`, `(` or `./`, XPath
/// 1.0 as written. Either way libxml2 compiles the XPath here, so a rule it would reject is an
/// error before any page is read. A value: safe to keep in a config and send to a worker.
public struct SelectorQuery: Sendable, Equatable, CustomStringConvertible {
    /// The selector as written.
    public let text: String
    /// What libxml2 runs.
    public let xpath: String
    /// True when `text` was taken as XPath.
    public let isXPath: Bool

    /// Parses and compiles `text`; throws where and why it cannot be read.
    public init(_ text: String) throws(SelectorError) {
        self.text = text
        let trimmed = text.drop { $0.isCSSWhitespace }
        isXPath = trimmed.hasPrefix("/") || trimmed.hasPrefix("(") || trimmed.hasPrefix("./")
        if isXPath {
            xpath = text
        } else {
            let selector = try CSSSelectorParser.parse(text)
            xpath = CSSToXPath.translate(selector)
        }
        try XPathCompiler.check(xpath, writtenAsXPath: isXPath)
    }

    public var description: String { text }
}

/// libxml2's XPath compiler, its complaint caught rather than printed.
enum XPathCompiler {
    /// Compiles `xpath` and frees the result: throws libxml2's reason (and, for XPath as written, its position).
    static func check(_ xpath: String, writtenAsXPath: Bool) throws(SelectorError) {
        switch compile(xpath, writtenAsXPath: writtenAsXPath) {
        case .success(let expression): xmlXPathFreeCompExpr(expression)
        case .failure(let error): throw error
        }
    }

    /// The compiled expression (the caller frees it), or libxml2's reason.
    static func compile(_ xpath: String, writtenAsXPath: Bool) -> Result<xmlXPathCompExprPtr, SelectorError> {
        guard !xpath.allSatisfy(\.isCSSWhitespace) else { return .failure(SelectorError(position: 1, reason: "the selector is empty")) }
        let caught = LibXMLErrors.catching {
            // A context without a document: compiling needs none, and its lastError keeps the offset.
            let context = xmlXPathNewContext(nil)
            defer { xmlXPathFreeContext(context) }
            let expression = xmlXPathCtxtCompile(context, xpath)
            return (expression, context.map { Int($0.pointee.lastError.int1) } ?? 0)
        }
        if let expression = caught.value.0 { return .success(expression) }
        let reason = "XPath: " + (caught.message ?? "libxml2 cannot compile it").lowercased()
        // The offset is into the XPath; only when the user wrote it is it a place in their text.
        let offset = min(max(caught.value.1, 0), xpath.utf8.count)
        let position = String(decoding: Array(xpath.utf8.prefix(offset)), as: UTF8.self).count + 1
        return .failure(SelectorError(position: writtenAsXPath ? position : nil, reason: reason))
    }
}

/// Runs libxml2 with its errors handed to a closure instead of stderr, on this thread only, the
/// previous handler put back after; the last message is kept.
enum LibXMLErrors {
    private final class Box {
        var message: String?
    }

    static func catching<T>(_ body: () -> T) -> (value: T, message: String?) {
        let box = Box()
        let previousHandler = __xmlStructuredError().pointee
        let previousContext = __xmlStructuredErrorContext().pointee
        let unmanaged = Unmanaged.passRetained(box)
        xmlSetStructuredErrorFunc(unmanaged.toOpaque()) { context, error in
            guard let context, let error, let message = error.pointee.message else { return }
            let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
            box.message = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let value = body()
        xmlSetStructuredErrorFunc(previousContext, previousHandler)
        unmanaged.release()
        return (value, box.message)
    }
}
