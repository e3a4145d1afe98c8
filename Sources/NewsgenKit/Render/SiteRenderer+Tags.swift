import Foundation
import Mustache
import NewsgenModel

extension SiteRenderer {
    /// `/tags/<slug>/` and its months for every tag of the listed articles.
    func tagPages() -> [PageJob] {
        let strings = context.strings
        return tags.tags.flatMap { tag in
            let name = tag.name, slug = tag.slug, count = tag.articles.count
            let title = strings.text("tagTitle", ["name": name])
            return listPages(ListShape(list: .tag(slug: slug), articles: tag.articles, template: "tag", title: title,
                                       name: name, monthTitle: { "\(title), \(strings.name(of: $0))" },
                                       values: { _ in ["tag": .object(["name": .string(name), "slug": .string(slug), "count": .int(count),
                                                                       "countLabel": .string(strings.count("articles", count))])] }))
        }
    }
}
