import Foundation

extension SourceReason {
    /// The reason as `/sources/` says it: its kind's sentence from the site's strings table, with its
    /// values, its count (in the language's plural form) and its time (in the site's time zone) filled in.
    func sentence(_ strings: ThemeStrings, _ dates: DateDisplay) -> String {
        var values = values
        if let time { values["time"] = dates.displayWithTime(time) }
        guard let count else { return strings.text(kind.key, values) }
        return strings.count(kind.key, count, values)
    }
}
