/// Resolving the relative links inside feed content (`<a href="/x">`) against
/// the base in force where the content stood: `xml:base`, or the item's link.
///
/// The markup is rewritten in place, not re-serialized: only the values of URL
/// attributes that change are replaced (written double-quoted and escaped), so
/// everything else, character references included, stays exactly as the
/// publisher wrote it. Comments are left alone.
public enum HTMLLinks {
    /// The (element, attribute) pairs that hold a URL, as feedparser's resolver lists them.
    static let urlAttributes: Set<String> = [
        "a href", "applet codebase", "area href", "audio src", "blockquote cite", "body background",
        "del cite", "form action", "frame longdesc", "frame src", "iframe longdesc", "iframe src",
        "head profile", "img longdesc", "img src", "img usemap", "input src", "input usemap", "ins cite",
        "link href", "object classid", "object codebase", "object data", "object usemap", "q cite",
        "script src", "source src", "video poster", "video src",
    ]

    /// True when the value is an absolute URL written plainly (no character
    /// reference, nothing to trim), which resolving would return as it is: most
    /// links in feeds. Decided on the bytes, without making strings of them.
    private static func staysAsWritten(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = value.first, let last = value.last, first < 0x80, last < 0x80,
              !HTMLBytes.isSpace(first), !HTMLBytes.isSpace(last), first != 0x0B, last != 0x0B,
              !value.contains(UInt8(ascii: "&")) else { return false }
        return URLResolver.schemeIsValid(value) == true
    }

    /// The attribute names of `urlAttributes`: most attributes are ruled out by name alone.
    private static let urlAttributeNames = Set(urlAttributes.compactMap { $0.split(separator: " ").last.map(String.init) })

    /// `html` with every relative URL attribute resolved against `base`. Without
    /// an absolute base the markup is returned unchanged.
    public static func resolvingRelativeURLs(in html: String, base: String?) -> String {
        guard let base, URLResolver.isAbsolute(base), html.utf8.contains(UInt8(ascii: "<")) else { return html }
        var scanner = TagScanner(Array(html.utf8))
        var output: [UInt8] = []
        output.reserveCapacity(scanner.bytes.count + 64)
        var copied = 0
        while let tag = scanner.nextTag() {
            for attribute in tag.attributes {
                guard let range = attribute.valueRange, urlAttributeNames.contains(attribute.name),
                      urlAttributes.contains(tag.name + " " + attribute.name),
                      !scanner.bytes.withUnsafeBufferPointer({ staysAsWritten(UnsafeBufferPointer(rebasing: $0[range])) }) else { continue }
                let raw = String(decoding: scanner.bytes[range], as: UTF8.self)
                let value = CharacterReferences.decode(raw)
                guard let resolved = URLResolver.resolve(value, against: base), resolved != raw else { continue }
                output += scanner.bytes[copied..<attribute.replaceRange.lowerBound]
                output += Array(("\"" + HTMLEscape.attribute(resolved) + "\"").utf8)
                copied = attribute.replaceRange.upperBound
            }
        }
        guard copied > 0 else { return html }
        output += scanner.bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }
}
