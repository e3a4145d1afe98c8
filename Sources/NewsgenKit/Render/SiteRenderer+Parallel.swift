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
        /// The page's own values (the ones every page shares are added by `render`).
        var values: @Sendable () -> [String: MustacheValue]

        init(template: String, route: Route, title: String, description: String? = nil,
             values: @escaping @Sendable () -> [String: MustacheValue]) {
            self.template = template
            self.route = route
            self.title = title
            self.description = description
            self.values = values
        }
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
        let made = Workers.parallelMap(jobs.count, parallel: parallel) { position in
            Result { () throws(BuildError) -> [OutputFile] in
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
    private func page(_ job: PageJob) throws(BuildError) -> OutputFile {
        let values = job.values()
        var key = PageKey()
        key.add(number: input.themeKey)
        for text in [job.template, job.route.path, job.title, job.description ?? "\u{0}"] { key.add(text) }
        key.add(.object(values))
        key.add(.bool(job.inLayout))
        var file: OutputFile
        if input.previousPages[job.route.outputPath] == key.value, let previous = input.previousOutput {
            file = OutputFile(route: job.route, file: previous.appendingPathComponent(job.route.outputPath))
            file.keptFromLastBuild = true
        } else {
            file = try render(job.template, job.route, title: job.title, description: job.description, inLayout: job.inLayout, values)
            if let spool = input.spool { file = spool.keep(file) }
        }
        file.pageKey = key.value
        return file
    }
}
