import NewsgenModel

extension ThemeStrings {
    /// The English month names that the keys are made of: `monthNovember`, `shortNovember`.
    private static let monthKeys = ["January", "February", "March", "April", "May", "June", "July", "August",
                                    "September", "October", "November", "December"]

    /// The month's name as a month page's title uses it ("November", "listopad").
    func monthName(_ month: Int) -> String {
        text("month" + Self.monthKeys[(month - 1).clamped(to: 0...11)])
    }

    /// The month's short name, as dates show it ("Nov", "nov.", "lis").
    func shortMonthName(_ month: Int) -> String {
        text("short" + Self.monthKeys[(month - 1).clamped(to: 0...11)])
    }

    /// A month page's name: `monthFormat`, "November 2026", "listopad 2026".
    func name(of month: YearMonth) -> String {
        text("monthFormat", ["month": monthName(month.month), "year": String(month.year)])
    }
}

extension Int {
    fileprivate func clamped(to range: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
