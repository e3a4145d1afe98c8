"""Unit tests of the readability conformance runner: the metric, metadata, the baseline and the
newsgen path through a fake `newsgen extract` script (no corpus, no binary, no pip package needed).

    python3 -m unittest discover -s Tests/Conformance
"""

import contextlib
import io
import json
import os
import stat
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))

import readability_conformance as runner  # noqa: E402


class VisibleTextTests(unittest.TestCase):
    def test_hidden_elements_are_dropped(self):
        markup = ("<div>Kept<script>var x = 'gone';</script><style>p { color: red }</style>"
                  "<template><p>gone</p></template><noscript>gone</noscript> words</div>")
        self.assertEqual(runner.visible_text(markup), "Kept words")

    def test_blocks_separate_words_and_inline_elements_do_not(self):
        self.assertEqual(runner.tokens(runner.visible_text("<p>one</p><p>two</p>")), ["one", "two"])
        self.assertEqual(runner.tokens(runner.visible_text("<td>a</td><td>b</td>line<br>break")),
                         ["a", "b", "line", "break"])
        self.assertEqual(runner.tokens(runner.visible_text("in<b>line</b>d")), ["inlined"])

    def test_entities_comments_and_whitespace(self):
        self.assertEqual(runner.visible_text("<p>Fish &amp; chips<!-- not text -->\n\n  &eacute;t&#233;</p>"),
                         "Fish & chips été")
        self.assertEqual(runner.visible_text(""), "")
        self.assertEqual(runner.visible_text(None), "")

    def test_unbalanced_hidden_end_tags_do_not_hide_later_text(self):
        self.assertEqual(runner.visible_text("</script></style><p>still here</p>"), "still here")


class TokenTests(unittest.TestCase):
    def test_unicode_words(self):
        self.assertEqual(runner.tokens("Café naïve, 東京 don't 42!"), ["Café", "naïve", "東京", "don", "t", "42"])
        self.assertEqual(runner.tokens("  ... --- "), [])

    def test_shingles(self):
        self.assertEqual(runner.shingles(list("abcde")), {("a", "b", "c", "d"): 1, ("b", "c", "d", "e"): 1})
        repeated = runner.shingles(list("abcdabcd"))
        self.assertEqual(repeated[("a", "b", "c", "d")], 2)
        self.assertEqual(sum(repeated.values()), 5)
        self.assertEqual(runner.shingles(["only", "two"]), {("only", "two"): 1})
        self.assertEqual(runner.shingles([]), {})


class ScoreTests(unittest.TestCase):
    def test_hand_computed_precision_and_recall(self):
        expected = runner.shingles(list("abcdef"))   # abcd bcde cdef
        actual = runner.shingles(list("abcdex"))     # abcd bcde cdex
        self.assertEqual(runner.precision_recall(actual, expected), (2 / 3, 2 / 3))
        longer = runner.shingles(list("abcdefgh"))   # 5 shingles, the 3 expected among them
        self.assertEqual(runner.precision_recall(longer, expected), (3 / 5, 1.0))

    def test_multisets_count_repeats_once_each(self):
        expected = runner.shingles(list("abcd"))                  # abcd ×1
        actual = runner.shingles(list("abcdabcd"))                # abcd ×2, bcda, cdab, dabc
        precision, recall = runner.precision_recall(actual, expected)
        self.assertEqual((precision, recall), (1 / 5, 1.0))

    def test_empty_cases(self):
        empty, some = runner.shingles([]), runner.shingles(list("abcd"))
        self.assertEqual(runner.precision_recall(empty, empty), (1.0, 1.0))
        self.assertEqual(runner.precision_recall(empty, some), (0.0, 0.0))
        self.assertEqual(runner.precision_recall(some, empty), (0.0, 1.0))
        self.assertEqual(runner.f1(0.0, 0.0), 0.0)

    def test_f1_is_of_the_averages(self):
        scores = [runner.PageScore("a", 1.0, 0.5, True), runner.PageScore("b", 0.5, 1.0, False)]
        figures = runner.text_figures(scores)
        self.assertEqual((figures["precision"], figures["recall"], figures["f1"]), (0.75, 0.75, 0.75))
        self.assertAlmostEqual(scores[0].f1, 2 / 3)
        self.assertEqual(runner.text_figures([])["f1"], None)

    def test_pages_without_expected_text_are_not_scored(self):
        pages = [page("full", "<p>one two three four</p>"), page("empty", "<div><script>x</script></div>")]
        self.assertEqual([p.name for p in runner.scored_pages(pages)], ["full"])
        result = runner.evaluate(pages, [runner.Extraction(html="<p>one two three four</p>"),
                                         runner.Extraction(html="<p>noise</p>")])
        self.assertEqual((result["all"]["pages"], result["all"]["f1"]), (1, 1.0))

    def test_worst_pages_order(self):
        scores = [runner.PageScore("b", 0.5, 0.5, True), runner.PageScore("a", 0.5, 0.5, True),
                  runner.PageScore("c", 1.0, 1.0, True), runner.PageScore("d", 0.0, 0.0, True, "nothing found")]
        self.assertEqual([s.name for s in runner.worst_pages(scores, 3)], ["d", "a", "b"])


def page(name, expected_html, readerable=True, **metadata):
    return runner.Page(name, Path(name), {"readerable": readerable, **metadata}, runner.visible_text(expected_html))


class MetadataTests(unittest.TestCase):
    def test_normalise(self):
        self.assertEqual(runner.normalise("  A\u00a0 b\n\tc\u2003 "), "A b c")
        self.assertIsNone(runner.normalise("   "))
        self.assertIsNone(runner.normalise(None))
        self.assertIsNone(runner.normalise(5))

    def test_rates_count_non_null_expected_and_nulls_apart(self):
        pages = [page("1", "<p>x</p>", title="Title  One", byline=None),
                 page("2", "<p>x</p>", title="Two", byline="Ann"),
                 page("3", "<p>x</p>", title="Three", byline=None)]
        extractions = [runner.Extraction(metadata={"title": "Title One\n", "byline": None}),
                       runner.Extraction(metadata={"title": "2", "byline": "Ann"}),
                       runner.Extraction(metadata={"title": "Three", "byline": "Someone"})]
        figures = runner.metadata_figures(pages, extractions)
        self.assertEqual((figures["title"]["matched"], figures["title"]["of"]), (2, 3))
        self.assertEqual((figures["byline"]["matched"], figures["byline"]["of"]), (1, 1))
        self.assertEqual((figures["byline"]["nullKept"], figures["byline"]["nulls"]), (1, 2))
        self.assertIsNone(figures["excerpt"]["rate"])
        self.assertEqual(figures["excerpt"]["nullRate"], 1.0)
        self.assertEqual((figures["overall"]["matched"], figures["overall"]["of"]), (3, 4))

    def test_readerable_agreement(self):
        pages = [page("1", "", True), page("2", "", False), page("3", "", True)]
        agreement = runner.readerable_agreement(pages, [runner.Extraction(readerable=True),
                                                        runner.Extraction(readerable=True),
                                                        runner.Extraction(readerable=None)])
        self.assertEqual((agreement["agree"], agreement["of"]), (1, 3))
        self.assertIsNone(runner.readerable_agreement(pages, [runner.Extraction()] * 3)["rate"])


class BaselineTests(unittest.TestCase):
    def check(self, figures, recorded):
        with tempfile.TemporaryDirectory() as folder:
            baseline = Path(folder) / "readability_baseline.json"
            runner.record_baseline(recorded, baseline)
            return runner.check_baseline(figures, baseline)

    def test_a_drop_fails_and_names_the_figure(self):
        self.assertEqual(self.check({"all.f1": 0.9699, "all.recall": 0.95}, {"all.f1": 0.97, "all.recall": 0.95}),
                         ["all.f1: 0.9699 is below the recorded 0.9700"])

    def test_equal_and_higher_pass_at_four_decimals(self):
        self.assertEqual(self.check({"all.f1": 0.97, "metadata.title": 0.99}, {"all.f1": 0.97, "metadata.title": 0.9}), [])
        self.assertEqual(self.check({"all.f1": 0.969996}, {"all.f1": 0.97}), [])

    def test_a_missing_figure_fails(self):
        self.assertEqual(self.check({}, {"metadata.byline": 0.5}), ["metadata.byline: missing now (recorded 0.5000)"])

    def test_recorded_file_format(self):
        with tempfile.TemporaryDirectory() as folder:
            baseline = Path(folder) / "b.json"
            runner.record_baseline({"all.f1": 0.5}, baseline)
            self.assertEqual(json.loads(baseline.read_text()),
                             {"corpus": runner.CORPUS_NAME, "extractor": "newsgen", "pageURL": runner.PAGE_URL,
                              "figures": {"all.f1": 0.5}})


class NewsgenOutputTests(unittest.TestCase):
    def test_found_nothing_keeps_the_reason(self):
        extraction = runner.newsgen_extraction({"found": False, "reason": "no article", "html": None, "title": "T",
                                                "readerable": False}, 1, "error: no article\n")
        self.assertEqual((extraction.error, extraction.html, extraction.readerable), ("no article", None, False))
        self.assertEqual(extraction.metadata["title"], "T")

    def test_no_json_is_an_error_with_stderr(self):
        self.assertEqual(runner.newsgen_extraction(None, 134, "boom\nTrace/breakpoint trap\n").error,
                         "Trace/breakpoint trap")
        self.assertEqual(runner.newsgen_extraction(None, 2, "").error, "exit 2, no JSON")

    def test_text_is_scored_when_there_is_no_html(self):
        self.assertEqual(runner.Extraction(text="plain  <words>\n").visible(), "plain <words>")


# A stand-in for `newsgen extract FILE --base URL --format json`: prints the page's expected.html
# as the article (so every figure is 1), or, with FAKE_EXTRACT=half, only its first half of words.
FAKE_NEWSGEN = textwrap.dedent("""\
    #!{python}
    import json, os, sys
    from pathlib import Path
    assert sys.argv[1] == "extract" and sys.argv[3:] == ["--base", "http://fakehost/test/page.html", "--format", "json"]
    folder = Path(sys.argv[2]).parent
    meta = json.loads((folder / "expected-metadata.json").read_text())
    html = (folder / "expected.html").read_text()
    if os.environ.get("FAKE_EXTRACT") == "half":
        words = html.split()
        html = " ".join(words[: len(words) // 2])
    if os.environ.get("FAKE_EXTRACT") == "nothing":
        print(json.dumps({{"found": False, "reason": "no article here", "readerable": False}}))
        print("error: no article here", file=sys.stderr)
        sys.exit(1)
    print(json.dumps({{"found": True, "reason": None, "url": "http://fakehost/test/page.html", "html": html,
                      "text": None, "readerable": meta["readerable"], "extractor": "fake",
                      **{{k: meta.get(k) for k in ("title", "byline", "excerpt", "publishedTime")}}}}))
""")

WORDS = " ".join(f"word{n}" for n in range(40))


class RunnerTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        root = Path(self.folder.name)
        self.corpus = root / "readability-test-pages"
        for name, readerable in (("alpha", True), ("beta", True), ("gamma", False)):
            case = self.corpus / name
            case.mkdir(parents=True)
            (case / "source.html").write_text(f"<html><body><nav>menu</nav><p>{WORDS} {name}</p></body></html>")
            (case / "expected.html").write_text(f"<div><p>{WORDS} {name}</p></div>")
            (case / "expected-metadata.json").write_text(json.dumps(
                {"title": f"Title {name}", "byline": None, "excerpt": "An excerpt", "publishedTime": None,
                 "readerable": readerable}))
        self.binary = root / "newsgen"
        self.binary.write_text(FAKE_NEWSGEN.format(python=sys.executable))
        self.binary.chmod(self.binary.stat().st_mode | stat.S_IEXEC)
        self.baseline = root / "readability_baseline.json"

    def tearDown(self):
        self.folder.cleanup()

    def main(self, *args, mode="full", ci=None):
        out, err = io.StringIO(), io.StringIO()
        env = {"FAKE_EXTRACT": mode}
        if ci is not None:
            env["CI"] = ci
        with mock.patch.dict(os.environ, env), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = runner.main(["--corpus", str(self.corpus), "--binary", str(self.binary),
                                  "--baseline", str(self.baseline), *args])
        return status, out.getvalue(), err.getvalue()

    def test_a_perfect_extractor_scores_one(self):
        status, out, _ = self.main("--worst", "2", "--record")
        self.assertEqual(status, 0)
        self.assertIn("| newsgen | all (3) | 1.000 | 1.000 | 1.000 | 100.0% |", out)
        self.assertIn("| newsgen | readerable (2) | 1.000 |", out)
        figures = json.loads(self.baseline.read_text())["figures"]
        self.assertEqual(figures["all.f1"], 1.0)
        self.assertEqual(figures["readerableAgreement"], 1.0)
        self.assertNotIn("metadata.byline", figures, "no page has a byline to match")

    def test_check_fails_when_a_figure_drops_and_passes_when_equal(self):
        self.assertEqual(self.main("--record")[0], 0)
        self.assertEqual(self.main("--check")[0], 0)
        status, _, err = self.main("--check", mode="half")
        self.assertEqual(status, 1)
        self.assertIn("readability conformance dropped: all.f1:", err)
        self.assertIn("all.recall:", err)
        self.assertNotIn("metadata.title", err, "metadata did not drop")

    def test_nothing_found_scores_zero_with_the_reason(self):
        status, out, _ = self.main("--worst", "1", "--list-page", "beta", mode="nothing")
        self.assertEqual(status, 0)
        self.assertIn("P 0.000  R 0.000  F1 0.000", out)
        self.assertIn("error: no article here", out)
        status, out, _ = self.main("--worst", "1", mode="nothing")
        self.assertIn("alpha", out)
        self.assertIn("(no article here)", out)
        self.assertIn("newsgen extracted nothing from 3 of 3 pages", out)

    def test_list_page_shows_missing_passages(self):
        status, out, _ = self.main("--list-page", "alpha", mode="half")
        self.assertEqual(status, 0)
        self.assertIn("missing (expected, not extracted):", out)
        self.assertIn("words: word20 word21", out)
        self.assertIn("title: same", out)

    def test_absent_corpus_skips_except_under_ci(self):
        self.corpus = self.corpus.parent / "absent"
        status, out, _ = self.main(ci="false")
        self.assertEqual(status, 0)
        self.assertIn("skipped", out)
        status, _, err = self.main(ci="true")
        self.assertEqual(status, 1)
        self.assertIn("FAILED", err)

    def test_unknown_extractor_is_refused(self):
        with self.assertRaises(SystemExit), contextlib.redirect_stderr(io.StringIO()):
            runner.main(["--extractor", "newsgen,lynx"])


if __name__ == "__main__":
    unittest.main()
