/// Relative links from paths, scanned as bytes: a list page makes about a hundred links, and
/// splitting both paths into arrays of substrings for each was a tenth of the Render stage.
extension Route {
    /// The link from the page whose path is `from` to the file or page whose path is `target`
    /// (both as `Route.path` makes them: starting with `/`, pages ending with `/`), relative so
    /// the site works at a domain's root, under a sub-path and in a local preview alike.
    public static func relativeLink(toPath target: String, fromPath from: String) -> String {
        let targetIsPage = target.utf8.last == UInt8(ascii: "/")
        let fromIsPage = from.utf8.last == UInt8(ascii: "/")
        var fromParts = components(from)
        if !fromIsPage, !fromParts.isEmpty { fromParts.removeLast() }
        let targetParts = components(target)
        let comparable = targetParts.count - (targetIsPage ? 0 : 1)
        var common = 0
        let fromUTF8 = from.utf8, targetUTF8 = target.utf8
        while common < fromParts.count, common < comparable,
              same(fromUTF8, fromParts[common], targetUTF8, targetParts[common], from, target) {
            common += 1
        }
        var link: [UInt8] = []
        link.reserveCapacity(3 * (fromParts.count - common) + targetUTF8.count)
        for _ in common..<max(common, fromParts.count) {
            link.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "."), UInt8(ascii: "/")])
        }
        if common < targetParts.count {
            for index in common..<targetParts.count {
                if index > common { link.append(UInt8(ascii: "/")) }
                link.append(contentsOf: targetUTF8[targetParts[index]])
            }
            if targetIsPage { link.append(UInt8(ascii: "/")) }
        }
        return link.isEmpty ? "./" : String(decoding: link, as: UTF8.self)
    }

    /// The non-empty components between slashes, as ranges of `path`'s UTF-8.
    private static func components(_ path: String) -> [Range<String.UTF8View.Index>] {
        let utf8 = path.utf8
        var parts: [Range<String.UTF8View.Index>] = []
        parts.reserveCapacity(6)
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                if start != index { parts.append(start..<index) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != utf8.endIndex { parts.append(start..<utf8.endIndex) }
        return parts
    }

    /// Equal components, as `Substring`'s `==` says: byte for byte, or canonically equal for non-ASCII text.
    private static func same(_ a: String.UTF8View, _ aRange: Range<String.UTF8View.Index>,
                             _ b: String.UTF8View, _ bRange: Range<String.UTF8View.Index>, _ aText: String, _ bText: String) -> Bool {
        if a[aRange].elementsEqual(b[bRange]) { return true }
        let ascii = a[aRange].allSatisfy { $0 < 0x80 } && b[bRange].allSatisfy { $0 < 0x80 }
        return ascii ? false : aText[aRange] == bText[bRange]
    }
}
