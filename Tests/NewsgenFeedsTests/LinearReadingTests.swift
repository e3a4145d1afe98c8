import Foundation
import Testing
import NewsgenModel
@testable import NewsgenFeeds

/// What a hostile feed repeats many times is read in linear time: text between
/// entity references, categories, people. These check that the reworked
/// algorithms give what the simple ones gave; Tests/Benchmarks/hostile.sh
/// shows the times.
@Suite("Linear reading of repetition")
struct LinearReadingTests {
    /// A run of text and entity references is joined into one text, in place.
    @Test func textBetweenManyEntityReferencesIsJoined() throws {
        let document = "<!DOCTYPE rss [<!ENTITY a \"x\">]><rss><channel><title>t</title><description>"
            + String(repeating: "y&a;", count: 20_000) + "</description></channel></rss>"
        #expect(try parse(document).subtitle?.value == String(repeating: "yx", count: 20_000))
    }

    /// Repeated categories are dropped once per item, first occurrence kept,
    /// however many there are.
    @Test func repeatedCategoriesAreDroppedOnce() throws {
        let categories = (0..<20_000).map { "<category>c\($0 % 10_000)</category>" }.joined()
        let item = try #require(try parse(rss(item: "<title>i</title>" + categories + "<category domain=\"d\">c1</category>")).items.first)
        #expect(item.categories.count == 10_001)
        #expect(item.categories.prefix(3) == [Category(term: "c0"), Category(term: "c1"), Category(term: "c2")])
        #expect(item.categories.last == Category(term: "c1", scheme: "d"))
    }

    /// The one-by-one merge `merged()` replaces: complete the first person listed
    /// under the same name or address, else add.
    private func mergedOneByOne(_ people: [Person]) -> [Person] {
        var result: [Person] = []
        for person in people {
            if let index = result.firstIndex(where: { ($0.name != nil && $0.name == person.name) || ($0.email != nil && $0.email == person.email) }) {
                result[index].name = result[index].name ?? person.name
                result[index].email = result[index].email ?? person.email
                result[index].url = result[index].url ?? person.url
            } else {
                result.append(person)
            }
        }
        return result
    }

    @Test func peopleAreMergedAsOneByOne() {
        let names: [String?] = [nil, "Ann", "Bo", "Cy"]
        let emails: [String?] = [nil, "a@x", "b@x", "c@x"]
        let urls: [String?] = [nil, "/a", "/b"]
        // Every list of up to three people from these parts, in every order.
        var parts: [Person] = []
        for name in names { for email in emails { for url in urls { parts.append(Person(name: name, email: email, url: url)) } } }
        var checked = 0
        for first in parts.indices where first % 3 == 0 {
            for second in parts.indices where second % 2 == 0 {
                for third in parts.indices where third % 5 == 0 {
                    let people = [parts[first], parts[second], parts[third]]
                    #expect(people.merged() == mergedOneByOne(people), "\(people)")
                    checked += 1
                }
            }
        }
        #expect(checked == 16 * 24 * 10)
    }

    @Test func manyAuthorsAreMerged() throws {
        let authors = (0..<20_000).map { "<author>a\($0 % 10_000)@example.org (P\($0 % 10_000))</author>" }.joined()
        let item = try #require(try parse(rss(item: "<title>i</title>" + authors + "<dc:creator>P5</dc:creator>")).items.first)
        #expect(item.authors.count == 10_000)
        #expect(item.authors[5] == Person(name: "P5", email: "a5@example.org"))
    }
}
