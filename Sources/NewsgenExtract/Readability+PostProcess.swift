import NewsgenHTML

extension Readability {
    /// `_postProcessContent`: absolute URLs, nested wrappers flattened, classes dropped but `page`.
    mutating func postProcess(_ article: Int, documentURL: String, baseURL: String) {
        fixRelativeURLs(article, documentURL: documentURL, baseURL: baseURL)
        simplifyNestedElements(article)
        cleanClasses(article)
    }

    /// The page's base: `<base href>` resolved against the page's URL, or the page's URL.
    static func baseURL(_ tree: PageTree, documentURL: String) -> String {
        guard let base = tree.firstElement(named: "base"), let href = tree.attribute(base, "href"),
              let resolved = URLResolver.resolve(href, against: documentURL), URLResolver.isAbsolute(resolved) else { return documentURL }
        return resolved
    }

    /// `_fixRelativeUris`: every link and media URL absolute; `javascript:` links become their text.
    private mutating func fixRelativeURLs(_ article: Int, documentURL: String, baseURL: String) {
        func absolute(_ uri: String) -> String {
            if baseURL == documentURL && uri.hasPrefix("#") { return uri }
            return URLResolver.resolve(uri, against: baseURL) ?? uri
        }
        for link in tree.descendants(of: article, named: "a") {
            guard let href = tree.attribute(link, "href") else { continue }
            if href.hasPrefix("javascript:") {
                let children = tree.children(link)
                if children.count == 1 && !tree.isElement(children[0]) {
                    tree.replace(link, with: tree.createText(tree.text(children[0])))
                } else {
                    let span = tree.createElement("span")
                    for child in children { tree.appendChild(span, child) }
                    tree.replace(link, with: span)
                }
            } else if !href.isEmpty {
                tree.setAttribute(link, "href", absolute(href))
            }
        }
        for media in tree.descendants(of: article, named: ["img", "picture", "figure", "video", "audio", "source"]) {
            for name in ["src", "poster"] {
                if let value = tree.attribute(media, name), !value.isEmpty { tree.setAttribute(media, name, absolute(value)) }
            }
            if let srcset = tree.attribute(media, "srcset"), !srcset.isEmpty {
                let candidates = HTMLImages.SrcsetCandidate.parse(srcset).map {
                    HTMLImages.SrcsetCandidate(url: absolute($0.url), descriptor: $0.descriptor)
                }
                tree.setAttribute(media, "srcset", HTMLImages.SrcsetCandidate.serialize(candidates))
            }
        }
    }

    /// `_simplifyNestedElements`: empty `div`s and `section`s go; one wrapping only another takes its place.
    private mutating func simplifyNestedElements(_ article: Int) {
        var current: Int? = article
        while let node = current {
            let name = tree.name(node)
            if tree.parentOf(node) != nil, name == "div" || name == "section",
               !(tree.attribute(node, "id")?.hasPrefix("readability") ?? false) {
                if isElementWithoutContent(node) {
                    current = removeAndGetNext(node)
                    continue
                }
                if hasSingleTagInside(node, named: "div") || hasSingleTagInside(node, named: "section") {
                    let child = tree.firstElementChild(node)!
                    for attribute in tree.attributes[node] { tree.setAttribute(child, attribute.name, attribute.value) }
                    tree.replace(node, with: child)
                    current = child
                    continue
                }
            }
            current = tree.nextElement(after: node)
        }
    }

    /// `_cleanClasses`: only the class `page` survives.
    private mutating func cleanClasses(_ article: Int) {
        var stack = [article]
        while let node = stack.popLast() {
            if let cls = tree.attribute(node, "class") {
                let kept = cls.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).filter { $0 == "page" }
                if kept.isEmpty { tree.removeAttribute(node, "class") } else { tree.setAttribute(node, "class", kept.joined(separator: " ")) }
            }
            stack.append(contentsOf: tree.elementChildren(node))
        }
    }
}
