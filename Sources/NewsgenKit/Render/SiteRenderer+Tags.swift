import Foundation
import Mustache
import NewsgenModel

extension SiteRenderer {
    /// `/tags/<slug>/` and its months for every tag of the listed articles.
    func tagPages() -> [PageJob] {
        tags.tags.flatMap { tag in
            let name = tag.name, slug = tag.slug, count = tag.articles.count
            return listPages(ListShape(list: .tag(slug: slug), articles: tag.articles, template: "tag", title: "Tag: \(name)",
                                       name: name, monthTitle: { "Tag: \(name), \($0.name)" },
                                       values: { _ in ["tag": .object(["name": .string(name), "slug": .string(slug), "count": .int(count),
                                                                       "countLabel": .string(PageContext.articles(count))])] }))
        }
    }
}
