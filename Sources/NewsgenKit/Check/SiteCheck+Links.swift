import Foundation

extension SiteCheck {
    /// The last built site's internal links: every `*.html` under the output folder is scanned for
    /// `href`, `src` and `srcset` references (`PageReferenceScanner`), and each internal one must lead
    /// to a file of the site (`LinkTargets`). Pages are read on every core. No output yet is a note.
    static func links(_ site: Site, options: SiteCheckOptions) -> CheckPart {
        let output = (options.output ?? site.defaultOutputDirectory).standardizedFileURL
        let shownAs = shown(output, in: site)
        let notBuilt = CheckPart(findings: [CheckFinding(.note, .links, location: shownAs, "not built yet: run 'newsgen build'")],
                                 summary: "links (not built yet)")
        guard FileSystem.isDirectory(output), let enumerator = FileSystem.manager.enumerator(atPath: output.path) else { return notBuilt }
        var files: Set<String> = []
        var pages: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if let type = enumerator.fileAttributes?[.type] as? FileAttributeType, type == .typeDirectory { continue }
            files.insert(relative)
            if relative.hasSuffix(".html") { pages.append(relative) }
        }
        guard !pages.isEmpty else { return notBuilt }
        let sorted = pages.sorted()
        let targets = LinkTargets(files: files, baseURL: site.config.baseURL)
        let checked = Workers.parallelMap(sorted.count) { index in
            checkPage(sorted[index], in: output, shownAs: shownAs, targets: targets)
        }
        var findings: [CheckFinding] = []
        var links = 0
        for page in checked {
            findings += page.findings
            links += page.links
        }
        return CheckPart(findings: findings, summary: "\(Wording.counted(sorted.count, "page")), \(Wording.counted(links, "link"))")
    }

    /// One page's broken links and how many internal links it has.
    private static func checkPage(_ relative: String, in output: URL, shownAs: String,
                                  targets: LinkTargets) -> (findings: [CheckFinding], links: Int) {
        let location = shownAs + "/" + relative
        let data: Data
        do {
            data = try Data(contentsOf: output.appendingPathComponent(relative))
        } catch {
            return ([CheckFinding(.problem, .links, location: location, "cannot be read (\(FileSystem.reason(error)))")], 0)
        }
        let folder = relative.split(separator: "/", omittingEmptySubsequences: false).dropLast().map { $0 }
        var findings: [CheckFinding] = []
        var links = 0
        let bytes = [UInt8](data)
        PageReferenceScanner.scan(bytes) { range in
            let reference = PageReferenceScanner.text(of: range, in: bytes)
            let verdict = targets.verdict(reference, pageFolder: folder)
            guard verdict != .skipped else { return }
            links += 1
            guard verdict != .found else { return }
            let (line, column) = PageReferenceScanner.position(of: range.lowerBound, in: bytes)
            let why = verdict == .aboveRoot ? " (it climbs above the site's root)" : ""
            findings.append(CheckFinding(.problem, .links, location: "\(location):\(line):\(column)", "broken link '\(reference)'\(why)"))
        }
        return (findings, links)
    }

    /// The output folder as messages name it: relative to the site when inside it (`public`).
    private static func shown(_ output: URL, in site: Site) -> String {
        let siteFolder = site.directory.standardizedFileURL.path
        let path = output.path
        if path.hasPrefix(siteFolder + "/") { return String(path.dropFirst(siteFolder.count + 1)) }
        return path
    }
}
