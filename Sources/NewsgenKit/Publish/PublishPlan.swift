import Foundation

/// Every path of the new site and what goes there, and the folders the published tree must hold:
/// the generated files, the site's `static/` folder, and the repository's own entries carried over
/// from the current output (`Publisher.keptEntries`).
struct PublishPlan {
    /// What goes at one path of the new site.
    enum Content {
        /// Rendered bytes.
        case bytes(Data)
        /// A file published as is, hard-linked from where it is when it is new (images from the Enrich stage,
        /// pages kept from the last build, the repository's entries).
        case linkedFile(URL)
        /// A file of the site's `static/` folder, copied when it is new, so that editing the output never edits the source.
        case staticFile(URL)
    }

    var files: [String: Content] = [:]
    /// Paths of `files` that belong to the repository, not to the site: carried over, not counted in `PublishResult`.
    var repositoryFiles: Set<String> = []
    /// Every folder the tree holds: the parents of `files`, and the repository's folders (empty ones too).
    var folders: Set<String> = []

    /// `static/` first, then the generated files (the first of a path wins), with newsgen's `robots.txt`
    /// put before the site's own. A link in `static/` is published as the bytes of the file it names, when
    /// that file is in the site; the others are left out (`SiteContainment` warns about them), so the
    /// output holds no link. Then the repository's entries of `current` (the output as it is), unless the
    /// new site has something of that name.
    init(_ generated: [OutputFile], staticDirectory: URL?, site: URL?, output: URL, current: TreeListing) throws {
        if let staticDirectory {
            let site = site ?? staticDirectory.deletingLastPathComponent()
            for file in (try? FileSystem.siteFiles(in: staticDirectory, site: site, recursive: true))?.files ?? [] {
                files[file.path] = .staticFile(file.source)
            }
        }
        var extendedRobots = false
        for file in generated {
            if let existing = files[file.path] {
                // A file of the site's own `static/` wins over the generated one (a custom 404.html, say);
                // `robots.txt` is the exception: the site's lines are added after newsgen's (its Sitemap line).
                if file.path == "robots.txt", !extendedRobots, case .staticFile(let own) = existing {
                    files[file.path] = .bytes(file.data + Data("\n".utf8) + (try Data(contentsOf: own)))
                    extendedRobots = true
                }
                continue
            }
            files[file.path] = file.sourceFile.map(Content.linkedFile) ?? .bytes(file.data)
        }
        for path in files.keys { folders.formUnion(Self.parents(of: path)) }
        carryRepositoryEntries(of: current, from: output)
    }

    /// The repository's entries of the output (`README.md`, `.git`, …), each file as a link of itself.
    private mutating func carryRepositoryEntries(of current: TreeListing, from output: URL) {
        let taken = Set(Publisher.keptEntries.filter { files[$0] != nil || folders.contains($0) })
        func isCarried(_ path: String) -> Bool {
            let top = path.prefix { $0 != "/" }
            return Publisher.keptEntries.contains(String(top)) && !taken.contains(String(top))
        }
        for (path, _) in current.files where isCarried(path) {
            files[path] = .linkedFile(output.appendingPathComponent(path))
            repositoryFiles.insert(path)
            folders.formUnion(Self.parents(of: path))
        }
        folders.formUnion(current.folders.filter(isCarried))
    }

    /// The first path of `files` that is also a folder of the tree (a file `articles` beside `articles/a/index.html`).
    var fileWhereAFolderIs: String? { files.keys.filter(folders.contains).min() }

    /// The folders above `path`: `a/b/c.html` → `a`, `a/b`.
    static func parents(of path: String) -> [String] {
        var parents: [String] = []
        var end = path.endIndex
        while let slash = path[..<end].lastIndex(of: "/") {
            parents.append(String(path[..<slash]))
            end = slash
        }
        return parents
    }
}
