import Foundation

extension Readability {
    /// `/\.(jpg|jpeg|png|webp)/i`: a value that names an image file.
    static func namesImage(_ value: String) -> Bool {
        let lowered = ReadabilityPattern.lowered(value)
        return [".jpg", ".jpeg", ".png", ".webp"].contains { ReadabilityPattern.contains(lowered, Array($0.utf8)) }
    }

    /// `_unwrapNoscriptImages`: images without any source go; a `<noscript>` holding one image
    /// replaces the placeholder image just before it, keeping the placeholder's extra attributes.
    mutating func unwrapNoscriptImages() {
        for image in tree.descendants(of: tree.root, named: "img") {
            let hasSource = tree.attributes[image].contains { attribute in
                ["src", "srcset", "data-src", "data-srcset"].contains(attribute.name) || Self.namesImage(attribute.value)
            }
            if !hasSource { tree.remove(image) }
        }
        for noscript in tree.descendants(of: tree.root, named: "noscript") {
            guard tree.parentOf(noscript) != nil, isSingleImage(noscript, allowSelf: false),
                  let previous = tree.previousElementSibling(noscript), isSingleImage(previous, allowSelf: true) else { continue }
            let placeholder = tree.name(previous) == "img" ? previous : tree.descendants(of: previous, named: "img").first
            guard let placeholder, let replacement = tree.firstElementChild(noscript),
                  let newImage = tree.name(replacement) == "img" ? replacement : tree.descendants(of: replacement, named: "img").first else { continue }
            for attribute in tree.attributes[placeholder] where !attribute.value.isEmpty {
                guard attribute.name == "src" || attribute.name == "srcset" || Self.namesImage(attribute.value) else { continue }
                if tree.attribute(newImage, attribute.name) == attribute.value { continue }
                let name = tree.hasAttribute(newImage, attribute.name) ? "data-old-" + attribute.name : attribute.name
                tree.setAttribute(newImage, name, attribute.value)
            }
            tree.replace(previous, with: replacement)
        }
    }

    /// `_isSingleImage`: an `img`, or an element whose only content, all the way down, is one.
    private func isSingleImage(_ node: Int, allowSelf: Bool) -> Bool {
        var current = node
        var first = true
        while true {
            if tree.name(current) == "img" && (allowSelf || !first) { return true }
            first = false
            let children = tree.elementChildren(current)
            guard children.count == 1, !hasText(current) else { return false }
            current = children[0]
        }
    }

    /// `_fixLazyImages`: a lazy-loading image (no `src`, or a `lazy` class) gets its `src` or
    /// `srcset` from the attribute that holds the real URL (`data-src`, `data-srcset`, …); a tiny
    /// base64 placeholder `src` goes when another attribute names an image; a `figure` without
    /// an image gets one.
    mutating func fixLazyImages(_ root: Int) {
        for element in tree.descendants(of: root, named: ["img", "picture", "figure"]) {
            let name = tree.name(element)
            if name == "img", let src = tree.attribute(element, "src"), let type = Self.base64ImageType(src) {
                if type == "image/svg+xml" { continue }
                let otherNamesImage = tree.attributes[element].contains { $0.name != "src" && Self.namesImage($0.value) }
                if otherNamesImage, let base64 = src.range(of: "base64", options: .caseInsensitive) {
                    var start = base64.upperBound
                    while start < src.endIndex, src[start].isWhitespace { start = src.index(after: start) }
                    // Readability measures from 7 past "base64" (its comma included).
                    let payload = src.utf16.count - (src.utf16.distance(from: src.startIndex, to: base64.lowerBound) + 7)
                    if payload < 133 { tree.removeAttribute(element, "src") }
                }
            }
            if name == "img" {
                let src = tree.attribute(element, "src") ?? ""
                let srcset = tree.attribute(element, "srcset") ?? ""
                let lazy = (tree.attribute(element, "class") ?? "").lowercased().contains("lazy")
                if (!src.isEmpty || (!srcset.isEmpty && srcset != "null")) && !lazy { continue }
            }
            for attribute in tree.attributes[element] where !["src", "srcset", "alt"].contains(attribute.name) {
                let copyTo: String?
                if Self.isSrcsetValue(attribute.value) {
                    copyTo = "srcset"
                } else if Self.isSingleImageURL(attribute.value) {
                    copyTo = "src"
                } else {
                    copyTo = nil
                }
                guard let copyTo else { continue }
                if name == "img" || name == "picture" {
                    tree.setAttribute(element, copyTo, attribute.value)
                } else if name == "figure", !tree.hasDescendant(of: element, named: ["img", "picture"]) {
                    let image = tree.createElement("img", attributes: [.init(name: copyTo, value: attribute.value)])
                    tree.appendChild(element, image)
                }
            }
        }
    }

    /// `/^data:\s*([^\s;,]+)\s*;\s*base64\s*,/i`: the media type of a base64 data URL.
    static func base64ImageType(_ src: String) -> String? {
        let lowered = src.lowercased()
        guard lowered.hasPrefix("data:") else { return nil }
        var rest = lowered.dropFirst(5).drop { $0.isWhitespace }
        let type = rest.prefix { !$0.isWhitespace && $0 != ";" && $0 != "," }
        guard !type.isEmpty else { return nil }
        rest = rest.dropFirst(type.count).drop { $0.isWhitespace }
        guard rest.first == ";" else { return nil }
        rest = rest.dropFirst().drop { $0.isWhitespace }
        guard rest.hasPrefix("base64") else { return nil }
        rest = rest.dropFirst(6).drop { $0.isWhitespace }
        return rest.first == "," ? String(type) : nil
    }

    /// `/\.(jpg|jpeg|png|webp)\s+\d/`: a `srcset`-like list.
    static func isSrcsetValue(_ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars)
        for extensionName in ["jpg", "jpeg", "png", "webp"] {
            let pattern = Array(("." + extensionName).unicodeScalars)
            var index = 0
            while index + pattern.count <= scalars.count {
                if Array(scalars[index..<(index + pattern.count)]) == pattern {
                    var cursor = index + pattern.count
                    var spaces = 0
                    while cursor < scalars.count, TextSummary.isSpace(scalars[cursor]) { cursor += 1; spaces += 1 }
                    if spaces > 0, cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) { return true }
                }
                index += 1
            }
        }
        return false
    }

    /// `/^\s*\S+\.(jpg|jpeg|png|webp)\S*\s*$/`: one URL naming an image file (case-sensitive, as Readability).
    static func isSingleImageURL(_ value: String) -> Bool {
        let trimmed = PageTree.trimmed(value)
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: TextSummary.isSpace) else { return false }
        let scalars = Array(trimmed.unicodeScalars)
        for extensionName in ["jpg", "jpeg", "png", "webp"] {
            let pattern = Array(("." + extensionName).unicodeScalars)
            var index = 1
            while index + pattern.count <= scalars.count {
                if Array(scalars[index..<(index + pattern.count)]) == pattern { return true }
                index += 1
            }
        }
        return false
    }
}
