import NewsgenModel

extension ParsedFeed {
    /// The feed with `language` (an HTTP `Content-Language`) filled in wherever
    /// the document itself names none: the header is the outermost scope, so
    /// `xml:lang`, RSS `language` and `dc:language` all take precedence.
    public func withDefaultLanguage(_ language: String) -> ParsedFeed {
        var feed = self
        if feed.language == nil { feed.language = language }
        for slot in [\ParsedFeed.title, \.subtitle, \.rights] {
            feed[keyPath: slot] = feed[keyPath: slot].map { $0.withDefaultLanguage(language) }
        }
        feed.items = feed.items.map { item in
            var item = item
            item.title = item.title.map { $0.withDefaultLanguage(language) }
            item.summary = item.summary.map { $0.withDefaultLanguage(language) }
            item.rights = item.rights.map { $0.withDefaultLanguage(language) }
            item.content = item.content.map { $0.withDefaultLanguage(language) }
            return item
        }
        return feed
    }
}

extension TextConstruct {
    func withDefaultLanguage(_ language: String) -> TextConstruct {
        var text = self
        if text.language == nil { text.language = language }
        return text
    }
}
