import NewsgenModel

/// JSON numbers as `JSONSerialization` handed them on (as `NSNumber`), for the JSON Feed
/// members newsgen reads as numbers or as text: a feed's bytes give the items they gave.
enum FoundationNumber {
    /// `NSNumber.stringValue`: a whole number as its digits, one with a fraction or exponent as
    /// a Double prints (`1e3` is "1000.0"), `true` as "1"; nil for anything that is no number.
    static func stringValue(_ value: JSONElement) -> String? {
        if let flag = value.bool { return flag ? "1" : "0" }
        guard value.isNumber else { return nil }
        if value.isWholeLiteral {
            if let whole = value.int64 { return String(whole) }
            if let whole = value.uint64 { return String(whole) }
            return value.literal
        }
        return value.double.map { "\($0)" }
    }

    /// `NSNumber.intValue`: a fraction cut towards zero, a 64-bit whole number past Int.max wrapped, `true` as 1.
    static func intValue(_ value: JSONElement) -> Int? {
        if let flag = value.bool { return flag ? 1 : 0 }
        if value.isWholeLiteral {
            if let whole = value.int64 { return Int(whole) }
            if let whole = value.uint64 { return Int(truncatingIfNeeded: whole) }
            return nil
        }
        guard let number = value.double, number.magnitude < 9.2e18 else { return nil }
        return Int(number.rounded(.towardZero))
    }
}
