import Foundation
import Mustache

/// A 64-bit FNV-1a hash of everything a page is made from: the theme and
/// configuration (`themeKey`), the template, the route, the title and the
/// page's own values. Equal keys mean equal pages, so a rebuild can keep the
/// page it published last time instead of rendering it again. FNV rather than
/// Swift's `Hasher`, whose seed changes with every process.
struct PageKey {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    /// A string with its length first, so that ("ab", "c") and ("a", "bc") differ. Hashed from the
    /// string's own UTF-8 storage, not byte by byte through its `UTF8View`.
    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            add(number: UInt64(utf8.count))
            add(buffer: UnsafeRawBufferPointer(utf8))
        }
    }

    /// A string that may be absent: absent and empty differ.
    mutating func add(optional text: String?) {
        if let text {
            add(number: 1)
            add(text)
        } else {
            add(number: 0)
        }
    }

    /// A date to the whole second, or absent: every way pages show a date (`DateDisplay`) is made from its
    /// whole seconds, and a date read back from the archive may have lost the fraction a fresh one had.
    mutating func add(date: Date?) {
        add(number: date == nil ? 0 : 1)
        if let date { add(number: date.timeIntervalSince1970.rounded(.down).bitPattern) }
    }

    /// A long text (an article's HTML) by its `TextDigest`, or absent.
    mutating func add(digestOf text: String?) {
        add(number: text == nil ? 0 : 1)
        if let text { add(number: TextDigest.of(text)) }
    }

    mutating func add(number: UInt64) {
        var hash = value
        var rest = number
        for _ in 0..<8 {
            hash ^= rest & 0xFF
            hash = hash &* 0x0000_0100_0000_01B3
            rest >>= 8
        }
        value = hash
    }

    private mutating func add(buffer: UnsafeRawBufferPointer) {
        var hash = value
        for byte in buffer {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        value = hash
    }

    /// Every case with its own tag; object keys in sorted order.
    mutating func add(_ mustache: MustacheValue) {
        switch mustache {
        case .null: add(number: 0)
        case .bool(let flag): add(number: flag ? 1 : 2)
        case .int(let number):
            add(number: 3)
            add(number: UInt64(bitPattern: Int64(number)))
        case .double(let number):
            add(number: 4)
            add(number: number.bitPattern)
        case .string(let text):
            add(number: 5)
            add(text)
        case .list(let items):
            add(number: 6)
            add(number: UInt64(items.count))
            for item in items { add(item) }
        case .object(let fields):
            add(number: 7)
            add(number: UInt64(fields.count))
            for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
                add(key)
                add(value)
            }
        }
    }
}

extension BuiltInTheme {
    /// A hash of the theme built into this binary, so that a new binary with a changed theme
    /// (and the same version number) renders the pages again.
    static let key: UInt64 = {
        var key = PageKey()
        for name in templates.keys.sorted() {
            key.add(name)
            key.add(templates[name] ?? "")
        }
        for (name, data) in assets.sorted(by: { $0.key < $1.key }) {
            key.add(name)
            key.add(data)
        }
        for (language, table) in strings.sorted(by: { $0.key < $1.key }) {
            key.add(language)
            key.add(table)
        }
        return key.value
    }()
}
