import Foundation

/// The Publish stage: writes the whole site into a staging folder beside the
/// output, then swaps it in, so a failed build never leaves a half-written site.
/// The site's `static/` folder is copied first and wins over a generated file of
/// the same path, except `robots.txt`, which gets the static lines appended.
/// A few entries in the old output belong to the repository, not to the build
/// (`README.md`, `.gitignore`, `.gitkeep`, `.git`), and are carried over.
struct Publisher {
    static let keptEntries = ["README.md", ".gitignore", ".gitkeep", ".git"]

    let output: URL
    /// How the output folder is named in messages.
    let shownAs: String

    func publish(_ files: [OutputFile], staticDirectory: URL?) throws(BuildError) {
        let fm = FileSystem.manager
        let parent = output.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).staging-\(ProcessInfo.processInfo.processIdentifier)")
        let retired = parent.appendingPathComponent(".\(output.lastPathComponent).retired-\(ProcessInfo.processInfo.processIdentifier)")
        try? fm.removeItem(at: staging)
        try? fm.removeItem(at: retired)
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            if let staticDirectory, FileSystem.isDirectory(staticDirectory) {
                for relative in FileSystem.allFiles(under: staticDirectory) {
                    let target = staging.appendingPathComponent(relative)
                    try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try fm.copyItem(at: staticDirectory.appendingPathComponent(relative), to: target)
                }
            }
            for file in files {
                let target = staging.appendingPathComponent(file.path)
                try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                if fm.fileExists(atPath: target.path) {
                    // A file of the site's own `static/` wins over the generated one (a custom 404.html, say);
                    // `robots.txt` is the exception: the site's lines are added after newsgen's (its Sitemap line).
                    if file.path == "robots.txt" {
                        let own = try Data(contentsOf: target)
                        try (file.data + Data("\n".utf8) + own).write(to: target)
                    }
                    continue
                }
                if let source = file.sourceFile {
                    // A hard link costs no copy; across file systems, copy.
                    if (try? fm.linkItem(at: source, to: target)) == nil { try fm.copyItem(at: source, to: target) }
                } else {
                    try file.data.write(to: target)
                }
            }
            for name in Self.keptEntries {
                let old = output.appendingPathComponent(name)
                let new = staging.appendingPathComponent(name)
                if fm.fileExists(atPath: old.path) && !fm.fileExists(atPath: new.path) { try fm.copyItem(at: old, to: new) }
            }
        } catch {
            try? fm.removeItem(at: staging)
            throw BuildError(path: shownAs, "cannot be written (\(FileSystem.reason(error))); the previous site was left as it was")
        }
        do {
            if fm.fileExists(atPath: output.path) {
                try fm.moveItem(at: output, to: retired)
            }
            try fm.moveItem(at: staging, to: output)
        } catch {
            // Put the old site back if the swap stopped halfway.
            if !fm.fileExists(atPath: output.path) && fm.fileExists(atPath: retired.path) { try? fm.moveItem(at: retired, to: output) }
            try? fm.removeItem(at: staging)
            throw BuildError(path: shownAs, "cannot be replaced (\(FileSystem.reason(error))); the previous site was left as it was")
        }
        try? fm.removeItem(at: retired)
    }
}
