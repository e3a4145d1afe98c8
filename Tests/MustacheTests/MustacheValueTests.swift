import Foundation
import Mustache
import Testing

/// The literal conveniences, truthiness, number text and JSON decoding of `MustacheValue`.
@Suite struct MustacheValueTests {
    @Test func literalsBuildTheMatchingCases() {
        let value: MustacheValue = [
            "title": "Home", "count": 3, "ratio": 0.5, "draft": false,
            "tags": ["a", 1], "author": ["name": "Ann"],
        ]
        #expect(value == .object([
            "title": .string("Home"), "count": .int(3), "ratio": .double(0.5), "draft": .bool(false),
            "tags": .list([.string("a"), .int(1)]), "author": .object(["name": .string("Ann")]),
        ]))
    }

    @Test func repeatedDictionaryLiteralKeyKeepsTheLastValue() {
        let value: MustacheValue = ["a": 1, "a": 2]
        #expect(value == .object(["a": .int(2)]))
    }

    @Test func optionalStringInitializer() {
        let missing: String? = nil
        #expect(MustacheValue(missing) == .null)
        #expect(MustacheValue("x" as String?) == .string("x"))
    }

    @Test(arguments: [
        (MustacheValue.null, false), (.bool(false), false), (.list([]), false),
        (.bool(true), true), (.int(0), true), (.double(0), true), (.string(""), true),
        (.list([.null]), true), (.object([:]), true),
    ])
    func truthiness(_ value: MustacheValue, _ truthy: Bool) {
        #expect(value.isTruthy == truthy)
    }

    @Test(arguments: [
        (MustacheValue.int(85), "85"), (.int(-3), "-3"), (.double(1.21), "1.21"), (.double(1.0), "1"),
        (.double(-2.5), "-2.5"), (.double(-0.0), "0"), (.double(1e20), "1e+20"), (.double(0.1), "0.1"),
        (.bool(true), "true"), (.bool(false), "false"), (.null, ""), (.string("<b>"), "<b>"),
        (.list([1, 2]), ""), (.object(["a": 1]), ""),
    ])
    func interpolationText(_ value: MustacheValue, _ text: String) {
        #expect(value.interpolationText == text)
    }

    @Test func decodesJSONWithIntegralNumbersAsInt() throws {
        let json = #"{"n": 85, "d": 1.21, "b": true, "s": "x", "z": null, "l": [1, "a", [], {}]}"#
        let value = try JSONDecoder().decode(MustacheValue.self, from: Data(json.utf8))
        #expect(value == [
            "n": 85, "d": 1.21, "b": true, "s": "x", "z": .null, "l": [1, "a", [], [:]],
        ])
    }

    @Test func encodesAndDecodesBack() throws {
        let value: MustacheValue = ["a": [1, 2.5, "x", true, .null], "b": ["c": "d"]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(MustacheValue.self, from: data) == value)
    }
}
