import Foundation
import NewsgenKit
import NewsgenModel

extension NewsgenCLI {
    /// `newsgen source …`: every change takes the build lock; `add` fetches before taking it, so a
    /// slow server never holds a build up, and reads site.json again under it.
    static func source(_ arguments: Command.SourceArguments, _ context: Context) -> Int32 {
        switch arguments.action {
        case .add(let url, let id, let title, let fullText, let pick):
            return add(SourceAdd.Request(url: url, id: id, title: title), fullText: fullText, pick: pick, site: arguments.site, context)
        case .list:
            return onSite(arguments.site, context, locked: false) { site in SourceListing.text(site.config) }
        case .remove(let id, let keep, let purge):
            return onSite(arguments.site, context, locked: true) { site in
                try SourceRemove.remove(id, archive: keep ? .keep : purge ? .purge : .refuse, site: site)
            }
        case .importOPML(let file, let dryRun, let check):
            var added: (sources: [SourceConfig], site: Site)?
            let status = onSite(arguments.site, context, locked: !dryRun) { site in
                let report = try SourceImport.run(context.url(file), shownAs: file, dryRun: dryRun, checked: check, site: site)
                added = (report.added, site)
                return report.text
            }
            // Read after the lock is released (as `add` fetches before taking it): a slow feed never holds a build up.
            guard status == exitSuccess, check, let added, !added.sources.isEmpty else { return status }
            let config = added.site.config
            let outcomes = SourceImportCheck.run(added.sources, config: config, network: context.network)
            context.console.print(SourceImportCheck.text(added.sources, outcomes, siteMode: config.extract.fullText,
                                                         deadline: SourceImportCheck.deadline(timeoutSeconds: config.fetch.timeoutSeconds)))
            return exitSuccess
        case .set(let ids, let key, let value):
            let change: SourceSet.Change
            switch SourceSet.change(key: key, value: value) {
            case .success(let checked): change = checked
            case .failure(let problem): return usage(problem.description, context)
            }
            let list = ids.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
            if list.contains("") { return usage("source set: '\(ids)' names an empty id; separate ids with commas alone", context) }
            return onSite(arguments.site, context, locked: true) { site in try SourceSet.apply(change, to: list, site: site) }
        case .export:
            return onSite(arguments.site, context, locked: false) { site in
                let opml = try SourceExport.opml(site: site)
                return opml.hasSuffix("\n") ? String(opml.dropLast()) : opml
            }
        }
    }

    /// `source add`: the values checked, the feed found, then added under the lock; a page with several feeds,
    /// a URL without `https://` or a `--pick` past the page's feeds is exit 64.
    private static func add(_ request: SourceAdd.Request, fullText: String?, pick: String?, site path: String, _ context: Context) -> Int32 {
        var request = request
        if let fullText {
            guard let mode = FullTextMode(rawValue: fullText) else {
                return usage("source add: --full-text must be never, auto or always, not '\(fullText)'", context)
            }
            request.fullText = mode
        }
        if let pick {
            guard let number = Int(pick), number >= 1 else { return usage("source add: --pick needs a number from 1, not '\(pick)'", context) }
            request.pick = number
        }
        do {
            let site = try Site.load(from: context.url(path))
            switch try SourceAdd.discover(request, site: site, network: context.network) {
            case .choose(let list):
                context.console.print(list)
                return exitUsage
            case .misuse(let message):
                return usage(message, context)
            case .feed(let found):
                let lock = try BuildLock.acquire(site: site)
                defer { lock.release() }
                context.console.print(try SourceAdd.commit(found, site: site, now: context.now))
                return exitSuccess
            }
        } catch {
            context.console.error("\(error)")
            return exitFailure
        }
    }

    private static func usage(_ message: String, _ context: Context) -> Int32 {
        context.console.error(message)
        context.console.diagnose(nil, "Run 'newsgen help source' for usage.")
        return exitUsage
    }
}
