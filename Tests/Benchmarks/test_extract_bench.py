"""Unit tests of `make bench-extract`'s report (extract_bench.py) and the anchors' timing
(extract_anchor_speed.py), with made-up figures and a fake bench executable: no corpus, no pip package.

    python3 -m unittest discover -s Tests/Benchmarks -p 'test_*.py'
"""

import stat
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import extract_anchor_speed  # noqa: E402
import extract_bench  # noqa: E402
import trafilatura_eval  # noqa: E402


def figures(f1_readerable, f1_all, metadata=0.95):
    def subset(f1, pages):
        return {"pages": pages, "precision": f1, "recall": f1, "f1": f1,
                "metadata": {name: {"matched": 0, "of": 0, "rate": metadata, "nullKept": 0, "nulls": 0,
                                    "nullRate": None} for name in extract_bench.runner.METADATA_FIELDS}
                | {"overall": {"matched": 0, "of": 0, "rate": metadata}}}
    return {"all": subset(f1_all, 130), "readerable": subset(f1_readerable, 122),
            "readerableAgreement": {"agree": 0, "of": 130, "rate": None}, "msPerPage": 10.0,
            "msPerPageMedian": 9.0, "failures": 0, "scores": []}


RESULTS = {"newsgen": figures(0.995, 0.993), "trafilatura": figures(0.930, 0.932, 0.5),
           "readability-lxml": figures(0.964, 0.966, 0.2)}


def traf_figures(tp, fp, fn, tn=100, empty=()):
    return {"pages": 10, "snippets": tp + fp + fn + tn, "tp": tp, "fp": fp, "tn": tn, "fn": fn,
            "precision": tp / (tp + fp), "recall": tp / (tp + fn), "f1": 2 * tp / (2 * tp + fp + fn),
            "accuracy": (tp + tn) / (tp + fp + fn + tn), "empty": list(empty)}


TRAF = {"newsgen": traf_figures(95, 5, 5), "trafilatura": traf_figures(92, 8, 8),
        "readability-lxml": traf_figures(80, 10, 20), "emptyWhereFound": []}
NEWSGEN = {"pages": 130, "totalMs": 520.0, "msPerPageMedian": 3.0, "msPerPageMean": 4.0, "pagesPerSecond": 250.0,
           "parseFloorMsPerPage": 1.0}
ANCHORS = {"trafilatura": {"pagesPerSecond": 40.0, "msPerPageMedian": 20.0, "msPerPageMean": 25.0},
           "readability-lxml": {"pagesPerSecond": 20.0, "msPerPageMedian": 40.0, "msPerPageMean": 50.0}}
SPEEDS = {corpus: {"newsgen": NEWSGEN, "anchors": ANCHORS} for corpus in extract_bench.CORPORA}
PEAKS = {corpus: 50 * 1024 for corpus in extract_bench.CORPORA}
BULKS = {corpus: {"seconds": 2.0, "pages": 130, "peakKB": 50 * 1024} for corpus in extract_bench.CORPORA}


class TargetTests(unittest.TestCase):
    def test_the_new_targets(self):
        self.assertEqual(extract_bench.F1_TARGET, 0.99)
        self.assertEqual(extract_bench.TRAFILATURA_EVAL_F1_TARGET, 0.93)
        self.assertEqual(extract_bench.SPEED_RATIO_TARGET, 5.0)

    def test_all_met(self):
        rows = extract_bench.targets(RESULTS, TRAF, SPEEDS, PEAKS)
        self.assertEqual([met for _, _, met in rows], [True] * 9)
        self.assertEqual(rows[0][1], "0.950 (trafilatura 0.920)")
        self.assertEqual(rows[5][1], "6.2× (250.0 against 40.0)")

    def test_each_miss(self):
        # above 0.93 but not above trafilatura's; a page trafilatura found lost; readerable F1 under 0.99.
        traf = dict(TRAF, trafilatura=traf_figures(97, 3, 3), emptyWhereFound=[f"p{n}.html" for n in range(7)])
        results = dict(RESULTS, newsgen=figures(0.989, 0.993))
        rows = extract_bench.targets(results, traf, SPEEDS, PEAKS)
        self.assertEqual([met for _, _, met in rows], [False, False, False, True, True, True, True, True, True])
        self.assertEqual(rows[1][1], "7 (p0.html, p1.html, p2.html, p3.html, p4.html, …)")
        # below 0.93 though above trafilatura; under 5× on one corpus only; 100 MB on the other.
        traf = dict(TRAF, newsgen=traf_figures(90, 10, 10), trafilatura=traf_figures(85, 15, 15))
        speeds = dict(SPEEDS, **{extract_bench.TRAFILATURA_EVAL: {"newsgen": dict(NEWSGEN, pagesPerSecond=199.9),
                                                                 "anchors": ANCHORS}})
        peaks = dict(PEAKS, **{extract_bench.READABILITY: 100 * 1024})
        rows = extract_bench.targets(RESULTS, traf, speeds, peaks)
        self.assertEqual([met for _, _, met in rows], [False, True, True, True, True, False, True, True, False])

    def test_report_says_missed(self):
        bulks = dict(BULKS, **{extract_bench.TRAFILATURA_EVAL: dict(BULKS[extract_bench.TRAFILATURA_EVAL], peakKB=120 * 1024)})
        text = extract_bench.report(RESULTS, TRAF, SPEEDS, bulks, "newsgen 1", 3)
        self.assertIn("| trafilatura-eval: peak RSS < 100 MB (whole corpus) | 120.0 MB | **MISSED** |", text)
        self.assertIn("MISSED: 1 of 9 targets", text)
        self.assertIn("| readability-test-pages | newsgen's parse floor (libxml2's parse alone) | 1000.0 | — | 1.00 |", text)
        self.assertIn("| trafilatura-eval | newsgen extract --list (bulk, wall) | 65.0 | — | — |", text)
        self.assertIn("trafilatura-eval: newsgen/trafilatura 6.2×", text)
        self.assertIn("| newsgen | 10 | 0.950 | 0.950 | **0.950** | 0.951 | 0 |", text)
        self.assertIn("| readability-lxml | 10 | 0.889 | 0.800 | **0.842** | 0.857 | 0 |", text)
        met = extract_bench.report(RESULTS, TRAF, SPEEDS, BULKS, "newsgen 1", 3)
        self.assertIn("Every target MET (9).", met)
        self.assertNotIn("MISSED", met)

    def test_quick_report_lists_the_worst_pages(self):
        records = [record("a.html", fn=1), record("b.html", fn=2, fp=1, status="no article found", chars=0),
                   record("c.html")]
        text = extract_bench.quick_report({"newsgen": traf_figures(95, 5, 5)}, records, {"seconds": 30.0})
        self.assertIn("Target F1 ≥ 0.93: 0.950 MET", text)
        worst = text.split("worst pages")[1]
        self.assertLess(worst.index("b.html"), worst.index("a.html"))
        self.assertIn("   3  FN 2 FP 1  b.html  [no article found, 0 chars]", text)


def record(name, tp=1, fp=0, tn=1, fn=0, status="ok", chars=10):
    return {"file": name, "tp": tp, "fp": fp, "tn": tn, "fn": fn, "status": status, "chars": chars}


class FakeScorer:
    """score.py's count(), as the corpus defines it (whitespace collapsed, exact substrings)."""

    @staticmethod
    def count(item, output):
        out = " ".join((output or "").split())
        missed = [s for s in item["with"] if " ".join(s.split()) not in out]
        found = [s for s in item["without"] if " ".join(s.split()) in out]
        return len(item["with"]) - len(missed), len(found), len(item["without"]) - len(found), len(missed), missed, found


class TrafilaturaEvalTests(unittest.TestCase):
    def test_names_lines_and_failures(self):
        self.assertEqual(trafilatura_eval.output_name("0a12.html"), "0a12.txt")
        self.assertEqual(trafilatura_eval.output_name("page.HTM"), "page.txt")
        self.assertEqual(trafilatura_eval.list_line(Path("/t/a.html"), "https://x.org/a"), "/t/a.html\thttps://x.org/a")
        self.assertEqual(trafilatura_eval.list_line(Path("/t/a.html"), "hard::a b"), "/t/a.html")
        self.assertEqual(trafilatura_eval.list_line(Path("/t/a.html"), ""), "/t/a.html")
        stderr = "error: /t/pages/a.html: no article found (a consent wall)\nwarning: other\nerror: /t/pages/b.html: not found\n"
        self.assertEqual(trafilatura_eval.failure_reasons(stderr, Path("/t/pages")),
                         {"a.html": "no article found (a consent wall)", "b.html": "not found"})

    def test_records_read_each_output_file(self):
        expected = {"a.html": {"with": ["the  harbour council"], "without": ["Sport"]},
                    "b.html": {"with": ["x"], "without": []}, "c.html": {"with": [], "without": ["y"]}}
        with tempfile.TemporaryDirectory() as folder:
            (Path(folder) / "a.txt").write_text("The harbour\ncouncil met. the harbour\n council.\nSport")
            records = trafilatura_eval.newsgen_records(FakeScorer, expected, ["a.html", "b.html", "c.html"], Path(folder),
                                                      {"b.html": "no article found"})
        self.assertEqual(records[0], {"file": "a.html", "tp": 1, "fp": 1, "tn": 0, "fn": 0, "status": "ok", "chars": 52})
        self.assertEqual(records[1]["status"], "no article found")
        self.assertEqual(records[2]["status"], "empty")
        figures_ = trafilatura_eval.figures(records, expected)
        self.assertEqual((figures_["tp"], figures_["fp"], figures_["tn"], figures_["fn"]), (1, 1, 1, 1))
        self.assertEqual(figures_["f1"], 0.5)
        self.assertEqual(figures_["accuracy"], 0.5)
        self.assertEqual(figures_["empty"], ["b.html"])  # c.html has no `with` snippet
        theirs = [record("a.html"), record("b.html", tp=1), record("c.html", tp=0)]
        self.assertEqual(trafilatura_eval.empty_where_found(records, theirs), ["b.html"])

    @unittest.skipUnless((trafilatura_eval.DEFAULT_CORPUS / "score.py").is_file(), "no trafilatura-eval corpus")
    def test_the_corpus_scorer_is_imported_not_copied(self):
        scorer = trafilatura_eval.load_scorer(trafilatura_eval.DEFAULT_CORPUS)
        self.assertEqual(scorer.count({"with": ["a  b"], "without": ["c"]}, "a\nb c")[:4], (1, 1, 0, 0))
        command = trafilatura_eval.anchor_command(trafilatura_eval.DEFAULT_CORPUS, "readability-lxml", Path("/t/r.json"))
        self.assertEqual(command[-4:], ["--python", "readability", "--save", "/t/r.json"])

    def test_a_missing_scorer_is_a_failed_measurement(self):
        with tempfile.TemporaryDirectory() as folder:
            with self.assertRaisesRegex(trafilatura_eval.MeasurementFailed, "score.py is missing"):
                trafilatura_eval.load_scorer(Path(folder))

    @unittest.skipUnless(Path(extract_bench.GNU_TIME).is_file(), "GNU time is not installed (make gnu-time)")
    def test_bulk_run_figures_and_failures(self):
        with tempfile.TemporaryDirectory() as folder:
            binary = Path(folder) / "newsgen"
            binary.write_text(f"#!{sys.executable}\nimport sys\nblob = bytearray(40 * 1024 * 1024)\n"
                              "print(' '.join(sys.argv[1:]), file=sys.stderr); sys.exit(1)\n")
            binary.chmod(binary.stat().st_mode | stat.S_IEXEC)
            run = trafilatura_eval.newsgen_bulk(binary, Path("/t/l"), Path("/t/out"))
            self.assertEqual(run["stderr"].strip(), "extract --list /t/l --format text --output /t/out")
            self.assertEqual(run["status"], 1)
            self.assertGreater(run["peakKB"], 40 * 1024)
            binary.write_text("#!/bin/sh\necho 'no list here' >&2\nexit 64\n")
            with self.assertRaisesRegex(trafilatura_eval.MeasurementFailed, "exited 64: no list here"):
                trafilatura_eval.newsgen_bulk(binary, Path("/t/l"), Path("/t/out"))


class SpeedTests(unittest.TestCase):
    def test_best_pass_counts(self):
        speed = extract_anchor_speed.speed([[30.0, 10.0, 20.0], [10.0, 10.0, 10.0], [50.0, 1.0, 1.0]])
        self.assertEqual(speed, {"pages": 3, "bestTotalMs": 30.0, "msPerPageMedian": 10.0, "msPerPageMean": 10.0,
                                 "pagesPerSecond": 100.0, "repeat": 3})

    def test_bench_executable_json(self):
        with tempfile.TemporaryDirectory() as folder:
            bench = Path(folder) / "bench"
            bench.write_text(f"#!{sys.executable}\nprint('noise'); print('{{\"pages\": 2, \"pagesPerSecond\": 9.5}}')\n")
            bench.chmod(bench.stat().st_mode | stat.S_IEXEC)
            self.assertEqual(extract_bench.newsgen_speed(bench, Path(folder), 1), {"pages": 2, "pagesPerSecond": 9.5})
            bench.write_text("#!/bin/sh\necho 'no corpus here' >&2\nexit 3\n")
            with self.assertRaisesRegex(extract_bench.MeasurementFailed, "exited 3: no corpus here"):
                extract_bench.newsgen_speed(bench, Path(folder), 1)

    def test_a_page_the_library_fails_on_still_counts_its_time(self):
        def crash(html, url):
            raise ValueError("broken page")
        self.assertGreaterEqual(extract_anchor_speed.timed_ms(crash, b"", ""), 0.0)
        with tempfile.TemporaryDirectory() as folder:
            self.assertFalse(extract_anchor_speed.is_trafilatura_eval(Path(folder)))
            (Path(folder) / "expectations.json").write_text("{}")
            (Path(folder) / "score.py").write_text("")
            self.assertTrue(extract_anchor_speed.is_trafilatura_eval(Path(folder)))


if __name__ == "__main__":
    unittest.main()
