import NewsgenModel

/// What a person should hear about one source after the Parse stage, worded once for
/// `newsgen build` and `newsgen check`: a failure, a skip (except the expected one of
/// --offline), items left out, an ill-formed document.
enum SourceWarnings {
    static func make(_ source: SourceConfig, outcome: SourceOutcome, feed: ParsedFeed?, dropped: Int,
                     config: SiteConfig, offline: Bool) -> [BuildWarning] {
        var warnings: [BuildWarning] = []
        switch outcome {
        case .failed(let reason): warnings.append(BuildWarning("source '\(source.id)' failed: \(reason)"))
        case .skipped(let reason) where !offline: warnings.append(BuildWarning("source '\(source.id)': \(reason)"))
        case .fresh, .notModified, .skipped: break
        }
        if dropped > 0, let kept = feed?.items.count {
            warnings.append(BuildWarning("source '\(source.id)': the feed has \(kept + dropped) items, more than fetch.maxItemsPerFeed (\(config.fetch.maxItemsPerFeed)); the \(kept) newest were taken and \(dropped) left out"))
        }
        if var reason = feed?.illFormedReason {
            let document = source.address
            if let more = feed.map({ $0.illFormedProblems - 1 }), more > 0 {
                reason += "; \(Wording.counted(more, "more problem")) after it"
            }
            if let place = feed?.illFormedPlace {
                // `file:line:column: …`, so an editor or a CI log links straight to the break.
                let placeless = reason.replacingOccurrences(of: " at line \(place.line), column \(place.column)", with: "")
                warnings.append(BuildWarning(path: "\(document):\(place.line):\(place.column)",
                                             "source '\(source.id)' is not well-formed (\(placeless)); what could be read was kept"))
            } else {
                warnings.append(BuildWarning("source '\(source.id)': \(document) is not well-formed (\(reason)); what could be read was kept"))
            }
        }
        return warnings
    }
}
