import Foundation
import Mustache
import NewsgenModel

extension SiteRenderer {
    /// `404.html` at the site root, the page a static server shows for a missing URL. Since it is
    /// shown at whatever URL was asked for, its links are absolute on `baseURL`, or root-relative
    /// without one (`PageContext.notFoundPage`).
    func notFoundPage() throws(BuildError) -> OutputFile {
        let page = context.notFoundPage(title: context.strings.text("notFoundTitle"), [:])
        return OutputFile(path: "404.html", data: Data(try render("notfound", page).utf8))
    }

    /// `robots.txt`: everything may be crawled; the sitemap is named when there is a `baseURL` to name it by.
    func robotsFile() -> OutputFile {
        var text = "User-agent: *\nAllow: /\n"
        if let sitemap = context.absoluteURL(.sitemap) { text += "\nSitemap: \(sitemap)\n" }
        return OutputFile(path: "robots.txt", data: Data(text.utf8))
    }
}
