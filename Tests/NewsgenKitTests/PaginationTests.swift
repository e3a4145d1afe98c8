import Testing
@testable import NewsgenKit

@Suite("Pagination")
struct PaginationTests {
    @Test("a list is split at pageSize, with one empty page when there is nothing to show")
    func splits() {
        let pages = Pagination(pageSize: 3)
        #expect(pages.pageCount(of: 0) == 1)
        #expect(pages.pageCount(of: 3) == 1)
        #expect(pages.pageCount(of: 7) == 3)
        let items = Array(1...7)
        #expect(Array(pages.items(of: items, page: 1)) == [1, 2, 3])
        #expect(Array(pages.items(of: items, page: 3)) == [7])
        #expect(pages.items(of: items, page: 4).isEmpty)
        #expect(pages.items(of: [Int](), page: 1).isEmpty)
    }

    @Test("a page size under one is taken as one, and page numbers out of range show nothing")
    func bounds() {
        let pages = Pagination(pageSize: 0)
        #expect(pages.size == 1)
        #expect(pages.pageCount(of: 2) == 2)
        #expect(Array(pages.items(of: [10, 20], page: 0)) == [10])
        #expect(Pagination(pageSize: 20).items(of: [1, 2, 3], page: Int.max).isEmpty)
    }
}
