extension JSONValue {
    /// The value as pretty-printed JSON text (`JSONWriter`'s `.pretty` layout): two-space indent,
    /// object keys in code-point order, `null` object members left out, no trailing newline.
    ///
    /// Not `JSONSerialization`/`JSONEncoder`, so the bytes are the same on every platform and
    /// Foundation version: `newsgen inspect` output and the site's feed.json are compared byte
    /// for byte in tests.
    public func prettyPrinted() -> String {
        var writer = JSONWriter(layout: .pretty)
        writer.value(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// An object from optional members: `nil` and `.null` members are dropped,
    /// so builders can write `"url": item.link.map(JSONValue.string)` directly.
    public static func object(dropping members: KeyValuePairs<String, JSONValue?>) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for (key, value) in members {
            if let value, value != .null { object[key] = value }
        }
        return .object(object)
    }
}
