import NewsgenModel

extension Archive {
    /// This build's articles under the ids the archive knows them by (ADR 017).
    ///
    /// An article's id never changes once given (bookmarks and takedowns hold it),
    /// but the rules that make identity keys do: newsgen 0.1.0 resolved Atom ids
    /// like links and dropped bare ampersands. So an incoming article is, in order:
    /// 1. the archived article of its source that stores its identity key;
    /// 2. the archived article with its id that stores no key (one 0.1.0 wrote);
    /// 3. else, the archived article with the id 0.1.0's rules gave it
    ///    (`previousID`) that stores no key and that no other incoming article
    ///    took by 1 or 2.
    /// A recognised article takes the archived id. A new article whose id an
    /// archived article with another key already holds gets `ArticleID.alternative`.
    /// Every article carries this release's key, which the archive then stores.
    /// Linear: two dictionaries over the archive, then one pass over `incoming`
    /// and one over the articles the first pass did not recognise.
    func identifying(_ incoming: [IncomingArticle]) -> [IncomingArticle] {
        // Archived id → the key it stores (`.some(nil)`: it stores none).
        var storedKey: [String: String?] = [:]
        var idByKey: [String: String] = [:]
        for article in allArticles {
            storedKey[article.id] = .some(article.identityKey)
            if let key = article.identityKey { idByKey[Self.place(article.sourceID, key)] = article.id }
        }
        var result = incoming
        var taken: Set<String> = []
        var unrecognised: [Int] = []
        for index in result.indices {
            let article = result[index].article
            guard let key = article.identityKey else { continue }
            if let id = idByKey[Self.place(article.sourceID, key)] {
                result[index].article.id = id
                taken.insert(id)
            } else if case .some(nil) = storedKey[article.id] {
                taken.insert(article.id)
            } else {
                unrecognised.append(index)
            }
        }
        for index in unrecognised {
            let article = result[index].article
            if let previous = result[index].previousID, case .some(nil) = storedKey[previous], !taken.contains(previous) {
                result[index].article.id = previous
                taken.insert(previous)
            } else if storedKey[article.id] != nil, let key = article.identityKey {
                var attempt = 2
                var id = ArticleID.alternative(sourceID: article.sourceID, key: key, attempt: attempt)
                while storedKey[id] != nil || taken.contains(id) {
                    attempt += 1
                    id = ArticleID.alternative(sourceID: article.sourceID, key: key, attempt: attempt)
                }
                result[index].article.id = id
            }
        }
        return result
    }

    /// A key's place in the index: keys are per source, as ids are.
    private static func place(_ sourceID: String, _ key: String) -> String { sourceID + "\u{0}" + key }
}
