import Foundation
import Mustache
import NewsgenModel

extension SiteRenderer {
    /// One page of the site, described but not yet rendered: its values are made when it is
    /// rendered, on whichever core takes it, so making rows and filling templates both run in parallel.
    struct PageJob: Sendable {
        var template: String
        var route: Route
        var title: String
        var description: String?
        /// False for a template that is a whole document on its own (the redirect page), not put in `layout`.
        var inLayout = true
        /// The page's own values (the ones every page shares are added by `render`) that are cheap to make:
        /// made and hashed into its key on every build.
        var values: @Sendable () -> [String: MustacheValue]
        /// Its values that cost too much to make for a page that is then kept: made only to render it.
        var deferred: DeferredValues?

        init(template: String, route: Route, title: String, description: String? = nil,
             deferred: DeferredValues? = nil, values: @escaping @Sendable () -> [String: MustacheValue] = { [:] }) {
            self.template = template
            self.route = route
            self.title = title
            self.description = description
            self.deferred = deferred
            self.values = values
        }

        /// Every value of the page's own, as rendered: its cheap `values` (made once by the caller, else here)
        /// and the deferred ones.
        func allValues(_ cheap: [String: MustacheValue]? = nil) -> [String: MustacheValue] {
            let cheap = cheap ?? values()
            guard let deferred else { return cheap }
            return cheap.merging(deferred.make()) { _, made in made }
        }
    }

    /// Values of a page that are costly to make — list rows, an article's HTML — and the digests that stand
    /// for them in the page's key (ADR 033): `PageContext`'s article digests, each of which hashes every
    /// input the value it stands for is made from, but the page's route, which the key holds anyway.
    struct DeferredValues: Sendable {
        /// What `make` reads besides the route. Each position means one thing, so that which value a digest
        /// stands for is never ambiguous (an absent neighbour is a 0 of its own, not a shorter list).
        var digests: @Sendable () -> [UInt64]
        var make: @Sendable () -> [String: MustacheValue]
    }

    /// Something that makes files of the site: a page, or any other files (feeds, the search index).
    enum FileJob: Sendable {
        case page(PageJob)
        case files(@Sendable () throws(BuildError) -> [OutputFile])
    }

    /// Renders `jobs` on every core (one after another when `parallel` is false) and returns
    /// the files in the jobs' order. Each job depends only on `RenderInput` (Mustache
    /// templates and the page context are immutable values), so the bytes do not depend on
    /// which core made what. A failing job fails the whole render with the error of the
    /// first failing job in order, as a serial render would.
    ///
    /// The `.files` jobs (feeds, sitemap, search index: each a long one) are started first and the
    /// pages after them, so that no core is left with one of them at the end while the other idles.
    func renderFiles(_ jobs: [FileJob]) throws(BuildError) -> [OutputFile] {
        var order: [Int] = []
        order.reserveCapacity(jobs.count)
        for (index, job) in jobs.enumerated() { if case .files = job { order.append(index) } }
        for (index, job) in jobs.enumerated() { if case .page = job { order.append(index) } }
        let started = order
        let counter = StageCounter(.render, total: jobs.count, report: progress)
        let made = Workers.parallelMap(jobs.count, parallel: parallel) { position in
            defer { counter.finished() }
            return Result { () throws(BuildError) -> [OutputFile] in
                switch jobs[started[position]] {
                case .page(let job):
                    return [try page(job)]
                case .files(let make):
                    return try make()
                }
            }
        }
        var results = [Result<[OutputFile], BuildError>?](repeating: nil, count: jobs.count)
        for (position, result) in made.enumerated() { results[started[position]] = result }
        var files: [OutputFile] = []
        files.reserveCapacity(jobs.count)
        for case let result? in results { files += try result.get() }
        return files
    }

    /// A page: kept from the last build when what it is made from has not changed (its `PageKey`), rendered otherwise.
    /// The deferred values are made only for a page that is rendered.
    private func page(_ job: PageJob) throws(BuildError) -> OutputFile {
        let values = job.values()
        let key = pageKey(job, values: values)
        let path = job.route.outputPath
        var file: OutputFile
        if input.previousPages[path] == key, let previous = input.previousOutput {
            // `appending(path:directoryHint:)` with the hint: `appendingPathComponent` asks the disk whether it is a folder.
            file = OutputFile(route: job.route, file: previous.appending(path: path, directoryHint: .notDirectory))
            file.keptFromLastBuild = true
        } else {
            file = try render(job.template, job.route, title: job.title, description: job.description, inLayout: job.inLayout,
                              job.allValues(values))
            if let spool = input.spool { file = spool.keep(file) }
        }
        file.pageKey = key
        return file
    }

    /// A page's `PageKey`: the theme and configuration, its template, route, title and description, its
    /// cheap values (`values`, made by the caller once) and the digests of its deferred ones.
    func pageKey(_ job: PageJob, values: [String: MustacheValue]) -> UInt64 {
        var key = PageKey()
        key.add(number: input.themeKey)
        for text in [job.template, job.route.path, job.title, job.description ?? "\u{0}"] { key.add(text) }
        key.add(.object(values))
        key.add(.bool(job.inLayout))
        if let deferred = job.deferred {
            let digests = deferred.digests()
            key.add(number: 8)
            key.add(number: UInt64(digests.count))
            for digest in digests { key.add(number: digest) }
        }
        return key.value
    }
}
