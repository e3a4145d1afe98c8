"""Unit tests of `make bench-serve`'s pure parts (serve_bench.py): the edited article, the alternating
order, the timing arithmetic, the servers' rebuild lines and the report, with made-up figures: no
browser, no server.

    python3 -m unittest discover -s Tests/Benchmarks -p 'test_*.py'
"""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import serve_bench  # noqa: E402


def run(shown, reload=0.1, rebuild=0.05):
    return {"shown": shown, "reload": reload, "rebuild": rebuild}


class ArticleTests(unittest.TestCase):
    def test_front_matter_and_paragraphs(self):
        text = serve_bench.article_text(["First edit.", "Second edit."])
        front, _, body = text.partition("\n---\n")
        self.assertTrue(front.startswith("---\ntitle: Serve benchmark article\n"))
        self.assertIn("slug: " + serve_bench.SLUG, front)
        # newsgen refuses unknown front matter keys: only the ones both generators read.
        keys = [line.split(":")[0] for line in front.splitlines()[1:]]
        self.assertEqual(keys, ["title", "slug", "date", "author", "summary", "tags"])
        self.assertTrue(body.endswith("\n\nFirst edit.\n\nSecond edit.\n"))
        self.assertTrue(serve_bench.article_text([]).endswith("---\nThe article the benchmark edits; every edit adds a paragraph below.\n"))

    def test_every_edit_differs(self):
        paragraphs = {serve_bench.edit_paragraph(size, number) for size in (1000, 10000) for number in range(10)}
        self.assertEqual(len(paragraphs), 20)
        self.assertNotIn(serve_bench.edit_paragraph(1000, 1), serve_bench.edit_paragraph(1000, 10))


class ScheduleTests(unittest.TestCase):
    def test_warm_up_then_alternating_pairs(self):
        order = serve_bench.schedule(4)
        self.assertEqual([number for number, _ in order], [0, 1, 2, 3, 4])
        self.assertEqual([first for _, (first, _) in order], ["newsgen", "hugo", "newsgen", "hugo", "newsgen"])
        self.assertTrue(all(sorted(pair) == ["hugo", "newsgen"] for _, pair in order))


class TimingTests(unittest.TestCase):
    def test_paint_before_dom_content_loaded(self):
        shown, reload = serve_bench.latencies(1000.0, {"origin": 1000250.0, "paint": 120.0, "loaded": 90.0})
        self.assertAlmostEqual(shown, 0.370)
        self.assertAlmostEqual(reload, 0.250)

    def test_without_paint(self):
        shown, _ = serve_bench.latencies(1000.0, {"origin": 1000250.0, "paint": None, "loaded": 90.0})
        self.assertAlmostEqual(shown, 0.340)
        with self.assertRaises(serve_bench.StepFailed):
            serve_bench.latencies(1000.0, {"origin": 1000250.0, "paint": None, "loaded": None})

    def test_rebuild_lines(self):
        newsgen = ["Change noticed", "warning: something",
                   "Built 1,001 articles into public/ (1,234 pages) in 0.42 s: 0 new, 1 updated, 1,000 unchanged; 20 sources, 0 failed."]
        self.assertEqual(serve_bench.rebuild_seconds("newsgen", newsgen), 0.42)
        hugo = ["Change detected, rebuilding site.", "2026-12-03 10:33:35.884 +0000",
                'Source changed WRITE         "/x/content/posts/a.md"', "Total in 232 ms"]
        self.assertAlmostEqual(serve_bench.rebuild_seconds("hugo", hugo), 0.232)
        self.assertIsNone(serve_bench.rebuild_seconds("newsgen", hugo))
        self.assertIsNone(serve_bench.rebuild_seconds("hugo", newsgen))


class ReportTests(unittest.TestCase):
    SAMPLES = [{"newsgen": run(0.2), "hugo": run(0.4)}, {"newsgen": run(0.3), "hugo": run(0.5)},
               {"newsgen": run(0.6, rebuild=None), "hugo": run(0.6)}]

    def test_ratios(self):
        of_medians, of_pairs = serve_bench.ratios(self.SAMPLES)
        self.assertAlmostEqual(of_medians, 0.3 / 0.5)
        self.assertAlmostEqual(of_pairs, 0.6)  # the pairs' 0.5, 0.6 and 1.0

    def test_spread(self):
        self.assertEqual(serve_bench.spread([0.3, 0.1, None, 0.2]), "0.200 s (0.100–0.300)")
        self.assertEqual(serve_bench.spread([None]), "—")

    def test_report(self):
        text = serve_bench.report([(10000, self.SAMPLES)], {"machine": "x86_64, nproc 2", "versions": "hugo v0.111.3"},
                                  "python3 Tests/Benchmarks/serve_bench.py")
        self.assertIn("| 10,000 | newsgen serve | 3 | 0.300 s (0.200–0.600) | 0.100 s (0.100–0.100) | "
                      "0.050 s (0.050–0.050) |", text)
        self.assertIn("| 10,000 | hugo server | 3 | 0.500 s (0.400–0.600) |", text)
        self.assertIn("N = 10,000: newsgen/Hugo save → shown **0.60** (median of the pairs' ratios 0.60).", text)
        self.assertIn("Command: `python3 Tests/Benchmarks/serve_bench.py`.", text)


if __name__ == "__main__":
    unittest.main()
