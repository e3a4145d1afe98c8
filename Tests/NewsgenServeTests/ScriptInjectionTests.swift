import Foundation
import Testing
@testable import NewsgenServe

@Suite("The preview's script tag in served pages")
struct ScriptInjectionTests {
    @Test func theTagGoesBeforeTheLastClosingBody() {
        let page = Data("<html><body><p>&lt;/body&gt; in text</p></BODY></html>".utf8)
        let out = String(decoding: ScriptInjection.inject("<script src=x></script>", into: page), as: UTF8.self)
        #expect(out == "<html><body><p>&lt;/body&gt; in text</p><script src=x></script></BODY></html>")
    }

    @Test func aPageWithoutBodyGetsItAtTheEnd() {
        let out = String(decoding: ScriptInjection.inject("<s>", into: Data("<p>hi".utf8)), as: UTF8.self)
        #expect(out == "<p>hi<s>")
    }

    @Test func withATokenTheTagCarriesItAndTheLabels() {
        let tag = ScriptInjection.tag(token: "abc123", labels: PreviewLabels())
        #expect(tag == "<script src=\"/__newsgen/reload.js\" defer data-newsgen-preview data-token=\"abc123\" "
                + "data-bookmark-add=\"Bookmark\" data-bookmark-remove=\"Remove bookmark\" data-rebuild-failed=\"Rebuild failed\"></script>")
    }

    @Test func withoutATokenThereIsNoBookmarkAttribute() {
        let tag = ScriptInjection.tag(token: nil, labels: PreviewLabels())
        #expect(!tag.contains("data-token"))
        #expect(!tag.contains("data-bookmark"))
        #expect(tag.contains("data-rebuild-failed=\"Rebuild failed\""))
    }

    @Test func theLastFailureRidesAlongEscaped() {
        let tag = ScriptInjection.tag(token: nil, labels: PreviewLabels(), notes: PreviewNotes(failure: "templates/home.mustache:1:1: \"<unclosed>\""))
        #expect(tag.contains("data-failure=\"templates/home.mustache:1:1: &quot;&lt;unclosed&gt;&quot;\""))
        #expect(!ScriptInjection.tag(token: nil, labels: PreviewLabels()).contains("data-failure"))
    }

    @Test func labelsFromAStringsTableKeepEnglishForAKeyItLacks() {
        let labels = PreviewLabels(texts: ["bookmarkAdd": "Merken", "rebuildFailed": "Neuaufbau fehlgeschlagen"])
        #expect([labels.bookmarkAdd, labels.bookmarkRemove, labels.rebuildFailed] == ["Merken", "Remove bookmark", "Neuaufbau fehlgeschlagen"])
        #expect(ScriptInjection.tag(token: "t", labels: labels).contains(#"data-bookmark-add="Merken""#))
    }

    @Test func labelsAreEscapedAsAttributeValues() {
        var labels = PreviewLabels()
        labels.bookmarkAdd = "\"><script>alert(1)</script>"
        let tag = ScriptInjection.tag(token: "t", labels: labels)
        #expect(tag.contains("data-bookmark-add=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""))
    }

    @Test func theScriptWritesErrorsAsTextOnly() {
        #expect(!ReloadScript.source.contains("innerHTML"))
        #expect(ReloadScript.source.contains("textContent = message"))
        #expect(ReloadScript.source.contains("new EventSource(\"/__newsgen/events\")"))
    }
}
