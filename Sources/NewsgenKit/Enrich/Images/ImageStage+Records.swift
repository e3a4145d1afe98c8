extension ImageStage {
    /// `run` with the image records `store` holds (ADR 035), which are then saved with this build's
    /// articles. Records that cannot be saved are a warning: the next build scans those articles again.
    func run(_ articles: [PreparedArticle], recordsIn store: ImageRecordStore) -> Output {
        var (output, previous) = runMapped(articles, store: store)
        guard let made = output.records else { return output }
        do {
            try store.save(made.entries.map { ($0.key, $0.record) }, reused: made.reused, previous: previous)
        } catch {
            output.warnings.append(BuildWarning("the image records were not saved (\(error.reason)); the next build scans these articles' images again"))
        }
        return output
    }

    /// The records' segments are mapped only while this runs, so they are let go before the save appends to them.
    private func runMapped(_ articles: [PreparedArticle], store: ImageRecordStore) -> (Output, EnrichCacheIndex) {
        let records = store.load()
        return (run(articles, records: records), records.index)
    }
}
