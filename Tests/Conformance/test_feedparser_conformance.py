"""Unit tests of the conformance runner's adapter and judging (no corpus, no binary needed).

    python3 -m unittest discover -s Tests/Conformance
"""

import json
import sys
import tempfile
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import feedparser_conformance as runner  # noqa: E402

INSPECTED = {
    "version": "https://jsonfeed.org/version/1.1",
    "title": "Example",
    "home_page_url": "http://example.com/",
    "icon": "http://example.com/logo.png",
    "_newsgen": {
        "format": "atom10",
        "illFormed": False,
        "encoding": "utf-8",
        "language": "en",
        "title": {"value": "Example", "type": "text/plain", "language": "en", "base": "http://example.com/"},
        "rights": {"value": "<b>Mine</b>", "type": "text/html"},
        "links": [{"href": "http://example.com/", "rel": "alternate", "type": "text/html"},
                  {"href": "http://example.com/cc", "rel": "license"}],
        "authors": [{"name": "Ann", "email": "ann@example.com", "url": "http://ann.example/"}],
        "categories": [{"term": "news", "scheme": "http://example.com/tags"}],
        "generator": {"name": "Gen", "version": "2.0", "url": "http://gen.example/"},
        "updated": "2003-12-31T10:14:55Z",
    },
    "items": [
        {
            "id": "http://example.com/1",
            "url": "http://example.com/1",
            "date_published": "2004-01-01T19:48:21Z",
            "attachments": [{"url": "http://example.com/a.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 100}],
            "image": "http://example.com/1.jpg",
            "_newsgen": {
                "synthesizedID": True,
                "guidIsLink": True,
                "content": [{"value": "<p>Body</p>", "type": "text/html"}],
                "links": [{"href": "http://example.com/1", "rel": "alternate"},
                          {"href": "http://example.com/a.mp3", "rel": "enclosure", "type": "audio/mpeg",
                           "length": 100}],
                "authors": [{"email": "bob@example.com"}],
                "created": "2003-12-31T10:14:55Z",
                "language": "fr",
                "rights": {"value": "(c) Bob", "type": "text/plain"},
            },
        }
    ],
}


def case(expect, relative="wellformed/rss/x.xml", over_http=False):
    return runner.Case("rss", relative, Path(relative), "test", expect, over_http=over_http)


class AdapterTests(unittest.TestCase):
    def setUp(self):
        self.result = runner.map_result(json.loads(json.dumps(INSPECTED)))
        self.feed = self.result["feed"]
        self.entry = self.result["entries"][0]

    def test_feed_fields_and_aliases(self):
        self.assertEqual(self.result.version, "atom10")
        self.assertEqual(self.result["encoding"], "utf-8")
        self.assertIs(self.result["bozo"], False)
        self.assertEqual(self.feed.title, "Example")
        self.assertEqual(self.feed["title_detail"], {"type": "text/plain", "language": "en",
                                                     "base": "http://example.com/", "value": "Example"})
        self.assertEqual(self.feed["copyright"], "<b>Mine</b>")
        self.assertEqual(self.feed["copyright_detail"]["type"], "text/html")
        self.assertEqual(self.feed["link"], "http://example.com/")
        self.assertEqual(self.feed["links"][0], {"rel": "alternate", "type": "text/html", "href": "http://example.com/"})
        self.assertEqual(self.feed["license"], "http://example.com/cc")
        self.assertEqual(self.feed["author"], "Ann (ann@example.com)")
        self.assertEqual(self.feed["author_detail"]["url"], "http://ann.example/")
        self.assertEqual(self.feed["category"], "news")
        self.assertEqual(self.feed["tags"][0], {"term": "news", "scheme": "http://example.com/tags", "label": None})
        self.assertEqual(self.feed["generator"], "Gen")
        self.assertEqual(self.feed["generator_detail"], {"name": "Gen", "version": "2.0", "href": "http://gen.example/"})
        self.assertEqual(self.feed["image"]["url"], "http://example.com/logo.png")
        self.assertEqual(self.feed["modified_parsed"], (2003, 12, 31, 10, 14, 55, 2, 365, 0))
        self.assertIsInstance(self.feed["updated_parsed"], time.struct_time)
        self.assertTrue(self.feed.has_key("language"))
        self.assertFalse("icon" in self.feed)

    def test_entry_fields(self):
        self.assertNotIn("id", self.entry)
        self.assertTrue(self.entry.guidislink)
        self.assertEqual(self.entry["summary"], "<p>Body</p>", "feedparser copies HTML content into the summary")
        self.assertEqual(self.entry["content"][0]["value"], "<p>Body</p>")
        self.assertEqual(self.entry["enclosures"][0], {"href": "http://example.com/a.mp3", "type": "audio/mpeg",
                                                       "length": "100"})
        self.assertEqual(self.entry["links"][1]["length"], "100")
        self.assertEqual(self.entry["author"], "bob@example.com")
        self.assertEqual(self.entry["issued_parsed"], (2004, 1, 1, 19, 48, 21, 3, 1, 0))
        self.assertEqual(self.entry["created_parsed"], (2003, 12, 31, 10, 14, 55, 2, 365, 0))
        with self.assertRaises(runner.NotModelled):
            self.entry["created"]  # the date's original text is not modelled
        self.assertEqual(self.entry["image"]["href"], "http://example.com/1.jpg")
        self.assertEqual(self.entry["language"], "fr")
        self.assertEqual(self.entry["copyright"], "(c) Bob")

    def test_not_modelled_fields(self):
        with self.assertRaises(runner.NotModelled):
            self.feed["cloud"]
        with self.assertRaises(runner.NotModelled):
            self.entry.get("where")
        with self.assertRaises(runner.NotModelled):
            self.feed["image"]["width"]
        with self.assertRaises(runner.NotModelled):
            self.feed["created"]
        self.assertFalse("itunes_keywords" in self.feed)
        with self.assertRaises(AttributeError):
            self.feed.nonexistent
        self.assertIsNone(self.feed.get("nonexistent"))

    def test_not_modelled_keys_are_never_produced(self):
        for kind, keys in runner.MODELLED_KEYS.items():
            for key in keys:
                self.assertNotIn(key, runner.KEY_TO_FIELD)
                self.assertNotIn(f"{kind}.{key}", runner.KEY_TO_FIELD)
        self.assertEqual(set(runner.NOT_MODELLED), set(runner.NOT_MODELLED_KEYS))


class JudgingTests(unittest.TestCase):
    def judge(self, expect, doc=INSPECTED, inspect_error=None, relative="wellformed/rss/x.xml", over_http=False):
        c = case(expect, relative, over_http)
        result = runner.failed_result(inspect_error) if inspect_error else runner.map_result(doc)
        runner.evaluate(c, result, inspect_error, "127.0.0.1:4242")
        return c

    def test_outcomes(self):
        self.assertEqual(self.judge("not bozo and feed['title'] == 'Example'").outcome, "passed")
        failed = self.judge("not bozo and feed['title'] == 'Other'")
        self.assertEqual((failed.outcome, failed.reason), ("failed", "the expression is false"))
        self.assertEqual(failed.produced, "bozo = False; feed.title = 'Example'")
        missing = self.judge("feed['subtitle'] == 'x'")
        self.assertEqual((missing.outcome, missing.reason), ("failed", "KeyError: 'subtitle'"))
        self.assertEqual(missing.produced, "missing: feed.subtitle")
        na = self.judge("not bozo and feed['cloud']['port'] == '80'")
        self.assertEqual((na.outcome, na.reason), ("n.a.", "needs 'cloud' (cloud)"))
        name = self.judge("bozo and isinstance(bozo_exception, feedparser.CharacterEncodingOverride)",
                          inspect_error="x: broken")
        self.assertEqual(name.outcome, "n.a.")
        self.assertEqual(self.judge("entries[1]['title'] == 'x'").reason, "IndexError: list index out of range")

    def test_feedparsers_host_is_the_runners(self):
        doc = json.loads(json.dumps(INSPECTED))
        doc["home_page_url"] = "http://127.0.0.1:4242/x"
        self.assertEqual(self.judge("feed['link'] == 'http://127.0.0.1:8097/x'", doc).outcome, "passed")

    def test_bozo_rules(self):
        doc = json.loads(json.dumps(INSPECTED))
        doc["_newsgen"]["illFormed"] = True
        doc["_newsgen"]["illFormedReason"] = "undefined entity"
        wellformed = self.judge("feed['title'] == 'Example'", doc)
        self.assertEqual((wellformed.outcome, wellformed.reason), ("failed", "reported ill-formed: undefined entity"))
        self.assertEqual(self.judge("feed['title'] == 'Example'", doc, relative="illformed/x.xml").outcome, "passed")
        http = self.judge("1", relative="illformed/http_x.xml", over_http=True)
        self.assertEqual((http.outcome, http.reason), ("failed", "not reported ill-formed"))
        failed = self.judge("bozo", inspect_error="x.xml: not a feed", relative="illformed/x.xml")
        self.assertEqual(failed.outcome, "passed")
        failed = self.judge("entries[0]['title'] == 'x'", inspect_error="x.xml: not a feed")
        self.assertEqual(failed.reason, "newsgen inspect failed: x.xml: not a feed")


class ReportTests(unittest.TestCase):
    def test_summary_line(self):
        self.assertEqual(runner.summary_line("rss", {"passed": 180, "failed": 5, "na": 6, "rate": 97.3}),
                         "rss: 180 of 185 applicable cases pass (97.3%), 6 n.a.")
        self.assertEqual(runner.summary_line("x", {"passed": 0, "failed": 0, "na": 2, "rate": None}),
                         "x: 0 of 0 applicable cases pass (no applicable cases), 2 n.a.")

    def test_check_names_every_drop(self):
        with tempfile.TemporaryDirectory() as folder:
            baseline = Path(folder) / "baseline.json"
            baseline.write_text(json.dumps({"folders": {"rss": {"rate": 97.3}, "atom": {"rate": 90.0}}}))
            summary = {"rss": {"rate": 97.2}, "atom": {"rate": 90.0}, "rdf": {"rate": 10.0}}
            self.assertEqual(runner.check_baseline(summary, baseline), ["rss: 97.2% is below the recorded 97.3%"])
            self.assertEqual(runner.check_baseline(summary, Path(folder) / "none.json"), [])

    def test_decode_by_byte_order_mark(self):
        text = "<!-- Expect: 1 -->"
        self.assertEqual(runner.decode(b"\xff\xfe" + text.encode("utf-16le")), text)
        self.assertEqual(runner.decode(text.encode("utf-32be")), text)
        self.assertEqual(runner.decode(b"\xef\xbb\xbf" + text.encode()), text)


if __name__ == "__main__":
    unittest.main()
