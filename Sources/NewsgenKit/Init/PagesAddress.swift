import Foundation

/// Where GitHub Pages will publish a new site (ADR 054), learnt from the site folder's own git
/// remote when it is a GitHub repository: `https://account.github.io/REPO/`, or the root of
/// `https://account.github.io/` for the repository named `account.github.io`. Nil otherwise:
/// init then says where Settings → Pages shows the address instead of guessing one.
public enum PagesAddress {
    /// The Pages address of the repository at `remote` (any form `NewsgenSource.publicRepository`
    /// takes), when it is a repository on github.com.
    public static func forRemote(_ remote: String) -> String? {
        guard let address = NewsgenSource.publicRepository(remote), address.hasPrefix("https://github.com/") else { return nil }
        let parts = address.dropFirst("https://github.com/".count).split(separator: "/")
        guard parts.count == 2 else { return nil }
        let account = parts[0].lowercased()
        var repository = String(parts[1])
        if repository.lowercased().hasSuffix(".git") { repository.removeLast(4) }
        guard !repository.isEmpty else { return nil }
        if repository.lowercased() == "\(account).github.io" { return "https://\(account).github.io/" }
        return "https://\(account).github.io/\(repository)/"
    }

    /// The `url` of `[remote "origin"]` in the text of a `.git/config`; nil when there is none.
    public static func originURL(inGitConfig text: String) -> String? {
        var inOrigin = false
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                let header = line.filter { !$0.isWhitespace }.lowercased()
                inOrigin = header == "[remote\"origin\"]"
                continue
            }
            guard inOrigin, let equals = line.firstIndex(of: "=") else { continue }
            if line[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "url" {
                let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                return value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
            }
        }
        return nil
    }

    /// The Pages address of the site folder `directory`, from its `.git/config` (a folder made by
    /// `git clone`, or `git init` with a remote added); nil when it has none or no GitHub origin.
    static func forSite(in directory: URL) -> String? {
        let config = directory.appendingPathComponent(".git/config")
        guard let data = try? Data(contentsOf: config), let text = String(data: data, encoding: .utf8),
              let origin = originURL(inGitConfig: text) else { return nil }
        return forRemote(origin)
    }
}
