import Foundation
import Mustache
import NewsgenModel

extension SiteRenderer {
    /// `/tags/<slug>/` (and its further pages) for every tag of the listed articles.
    func tagPages() -> [PageJob] {
        tags.tags.flatMap { tag in
            let slug = tag.slug
            return listPages(tag.articles, template: "tag", route: { .tag(slug: slug, page: $0) },
                             title: { $0 == 1 ? "Tag: \(tag.name)" : "Tag: \(tag.name), page \($0)" },
                             values: { _ in ["tag": .object(["name": .string(tag.name), "slug": .string(slug),
                                                             "count": .int(tag.articles.count),
                                                             "countLabel": .string(PageContext.articles(tag.articles.count))])] })
        }
    }
}
