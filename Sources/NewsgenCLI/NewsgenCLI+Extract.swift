import Foundation
import NewsgenKit
import NewsgenModel

/// `newsgen extract`: one page printed, or many pages in one process (ADR 063), each written to
/// a folder (`--output`) or printed as a line of JSON Lines.
extension NewsgenCLI {
    static func extract(_ arguments: Command.ExtractArguments, _ context: Context) -> Int32 {
        guard let format = Command.ExtractArguments.Format(rawValue: arguments.format ?? "html") else {
            return usage("extract: --format must be html, text or json, not '\(arguments.format ?? "")'", context)
        }
        let rules: PageInspector.Rules
        switch PageInspector.rules(select: arguments.select, remove: arguments.remove) {
        case .success(let read): rules = read
        case .failure(let problem):
            context.console.error("extract: \(problem)")
            return exitUsage
        }
        var inspector = PageInspector()
        inspector.fetcher.transport = context.network.transport
        inspector.fetcher.clock = context.network.clock
        guard arguments.isBulk else { return extractOne(arguments, format: format, rules: rules, inspector: inspector, context) }
        if arguments.base != nil {
            return usage("extract: --base is one page's URL; with many pages give each its own in a --list (PATH<TAB>URL)", context)
        }
        if arguments.output == nil, format != .json {
            return usage("extract: many pages print only as JSON Lines (--format json); for \(format.rawValue) use --output DIR, "
                         + "a file for each page", context)
        }
        let pages: [PageListEntry]
        do {
            pages = try arguments.sources.map { PageListEntry(source: $0) } + listed(arguments.list, context)
        } catch {
            context.console.error(error.description.replacingOccurrences(of: "\n", with: " "))
            return exitFailure
        }
        guard !pages.isEmpty else {
            context.console.error("extract: --list \(arguments.list ?? "") names no page")
            return exitFailure
        }
        return extractMany(pages, format: format, output: arguments.output, rules: rules, inspector: inspector, context)
    }

    /// The one-page form: the result on standard output, exit 1 with the reason when there is no article.
    private static func extractOne(_ arguments: Command.ExtractArguments, format: Command.ExtractArguments.Format,
                                   rules: PageInspector.Rules, inspector: PageInspector, _ context: Context) -> Int32 {
        let source = arguments.sources.first ?? ""
        let extraction: PageExtraction
        do {
            extraction = try inspector.extract(source, base: arguments.base, rules: rules, currentDirectory: context.currentDirectory)
        } catch {
            return failed(error, command: "extract", context)
        }
        if let shown = shown(extraction, format) { context.console.print(shown) }
        guard let reason = extraction.reason else {
            // A page behind a wall that shows text is an article: said, not refused (issue 35).
            if let note = extraction.wallNote { context.console.diagnose(nil, "\(source): \(note)") }
            return exitSuccess
        }
        context.console.error("\(source): \(reason)")
        return exitFailure
    }

    /// Every page in turn, one inspector (and one sandbox worker) for all: each result written or printed as it
    /// comes, each failure one line on standard error. Exit 0 when every page gave an article, 1 otherwise.
    private static func extractMany(_ pages: [PageListEntry], format: Command.ExtractArguments.Format, output: String?,
                                    rules: PageInspector.Rules, inspector: PageInspector, _ context: Context) -> Int32 {
        var folder = output.map { ExtractionFolder(context.url($0), shownAs: $0) }
        var spacing = HostSpacing(delay: ExtractConfig().perHostDelaySeconds)
        var articles = 0
        for page in pages {
            let host = HostSpacing.host(of: page.source)
            if let host {
                let wait = spacing.wait(for: host, now: context.network.clock())
                if wait > 0 { context.network.sleep(wait) }
            }
            defer { if let host { spacing.ended(host, at: context.network.clock()) } }
            let extraction: PageExtraction
            do {
                extraction = try inspector.extract(page.source, base: page.base, rules: rules, currentDirectory: context.currentDirectory)
            } catch {
                context.console.error(error.description.replacingOccurrences(of: "\n", with: " "))
                continue
            }
            if folder == nil {
                context.console.print(extraction.jsonLine(file: page.source))
            } else if let shown = shown(extraction, format) {
                do {
                    try folder?.write(shown + "\n", for: page.source, fileExtension: format.fileExtension)
                } catch {
                    context.console.error(error.description)
                    continue
                }
            }
            if let reason = extraction.reason {
                context.console.error("\(page.source): \(reason)")
            } else {
                if let note = extraction.wallNote { context.console.diagnose(nil, "\(page.source): \(note)") }
                articles += 1
            }
        }
        if let folder {
            let failed = pages.count - articles
            context.console.print("Extracted \(Wording.grouped(articles)) of \(Wording.grouped(pages.count)) page\(pages.count == 1 ? "" : "s") into \(folder.shownAs)"
                                  + (failed == 0 ? "." : "; \(Wording.grouped(failed)) failed, named above."))
        }
        return articles == pages.count ? exitSuccess : exitFailure
    }

    /// What the one-page form prints for `extraction` in `format`; nil when it prints nothing (no article, html or text).
    private static func shown(_ extraction: PageExtraction, _ format: Command.ExtractArguments.Format) -> String? {
        switch format {
        case .json: return extraction.jsonText
        case .html: return extraction.sanitizedHTML
        case .text: return extraction.text
        }
    }

    /// The pages of `--list`, from its file or, for `-`, from standard input; none without `--list`.
    private static func listed(_ list: String?, _ context: Context) throws(InspectError) -> [PageListEntry] {
        guard let list else { return [] }
        guard list == "-" else { return try PageList.read(list, currentDirectory: context.currentDirectory) }
        let source = "--list - (standard input)"
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard data.count <= PageList.maxBytes else { throw InspectError(source: source, "is larger than \(PageList.maxBytes / 1_048_576) MB") }
        return try PageList.parse(data, source: source)
    }

    private static func usage(_ message: String, _ context: Context) -> Int32 {
        context.console.error(message)
        context.console.diagnose(nil, "Run 'newsgen help extract' for usage.")
        return exitUsage
    }
}

extension Command.ExtractArguments.Format {
    /// The extension of a page's file under `--output`.
    var fileExtension: String {
        switch self {
        case .html: return "html"
        case .text: return "txt"
        case .json: return "json"
        }
    }
}
