/// Walks one command's arguments for `CommandLineParser`: each argument with
/// its flag split from an inline value (`--site=DIR` is `--site DIR`), the
/// value that follows a flag, and everything after `--`.
struct ArgumentCursor {
    private let arguments: [String]
    private var index: Int

    init(_ arguments: [String], from start: Int = 0) {
        self.arguments = arguments
        index = start
    }

    /// The next argument, with its flag and inline value; nil after the last.
    mutating func next() -> (argument: String, flag: String, inline: String?)? {
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, argument, nil) }
        return (argument, String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The value of `flag`: its inline value, else the next argument unless that starts with
    /// `optionPrefix` (then the value is missing, and `missing` or "FLAG needs a value" is the error).
    mutating func value(of flag: String, inline: String?, optionPrefix: String = "--", missing: String? = nil) throws(UsageError) -> String {
        if let inline { return inline }
        guard index < arguments.count, !arguments[index].hasPrefix(optionPrefix) else {
            throw UsageError(missing ?? "\(flag) needs a value")
        }
        index += 1
        return arguments[index - 1]
    }

    /// A switch such as `--offline` takes no value: `--offline=yes` is a mistake, not a yes.
    func noValue(_ flag: String, inline: String?) throws(UsageError) {
        if inline != nil { throw UsageError("\(flag) takes no value") }
    }

    /// Every argument after `--`, which are never options.
    mutating func rest() -> ArraySlice<String> {
        defer { index = arguments.count }
        return arguments[index...]
    }
}
