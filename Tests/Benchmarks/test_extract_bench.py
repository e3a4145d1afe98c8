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


def figures(f1_readerable, f1_all, metadata=0.95):
    def subset(f1, pages):
        return {"pages": pages, "precision": f1, "recall": f1, "f1": f1,
                "metadata": {name: {"matched": 0, "of": 0, "rate": metadata, "nullKept": 0, "nulls": 0,
                                    "nullRate": None} for name in extract_bench.runner.METADATA_FIELDS}
                | {"overall": {"matched": 0, "of": 0, "rate": metadata}}}
    return {"all": subset(f1_all, 130), "readerable": subset(f1_readerable, 122),
            "readerableAgreement": {"agree": 0, "of": 130, "rate": None}, "msPerPage": 10.0,
            "msPerPageMedian": 9.0, "failures": 0, "scores": []}


RESULTS = {"newsgen": figures(0.975, 0.972), "trafilatura": figures(0.930, 0.932, 0.5),
           "readability-lxml": figures(0.964, 0.966, 0.2)}
NEWSGEN = {"pages": 130, "totalMs": 520.0, "msPerPageMedian": 3.0, "msPerPageMean": 4.0, "pagesPerSecond": 250.0,
           "parseFloorMsPerPage": 1.0}
ANCHORS = {"trafilatura": {"pagesPerSecond": 40.0, "msPerPageMedian": 20.0, "msPerPageMean": 25.0},
           "readability-lxml": {"pagesPerSecond": 20.0, "msPerPageMedian": 40.0, "msPerPageMean": 50.0}}


class TargetTests(unittest.TestCase):
    def test_all_met(self):
        rows = extract_bench.targets(RESULTS, NEWSGEN, ANCHORS, 50 * 1024)
        self.assertEqual([met for _, _, met in rows], [True] * 5)
        self.assertEqual(rows[3][1], "6.2× (250.0 against 40.0)")

    def test_each_miss(self):
        below_anchor = dict(RESULTS, **{"readability-lxml": figures(0.98, 0.96)})
        rows = extract_bench.targets(below_anchor, NEWSGEN, ANCHORS, 50 * 1024)
        self.assertEqual([met for _, _, met in rows], [False, True, True, True, True])
        low = {"newsgen": figures(0.969, 0.99, metadata=0.89), **{k: RESULTS[k] for k in extract_bench.ANCHORS}}
        slow = dict(NEWSGEN, pagesPerSecond=119.9)
        rows = extract_bench.targets(low, slow, ANCHORS, 100 * 1024)
        self.assertEqual([met for _, _, met in rows], [False, True, False, False, False])

    def test_report_says_missed(self):
        text = extract_bench.report(RESULTS, dict(NEWSGEN, pagesPerSecond=100.0), ANCHORS, 120 * 1024, "newsgen 1", 3)
        self.assertIn("| peak RSS < 100 MB (whole corpus) | 120.0 MB | **MISSED** |", text)
        self.assertIn("MISSED: 2 of 5 targets", text)
        self.assertIn("| newsgen's parse floor (libxml2's parse alone) | 1000.0 | — | 1.00 |", text)
        self.assertIn("newsgen/trafilatura: 2.5×.", text)
        met = extract_bench.report(RESULTS, NEWSGEN, ANCHORS, 50 * 1024, "newsgen 1", 3)
        self.assertIn("Every target met (5).", met)
        self.assertNotIn("MISSED", met)


class SpeedTests(unittest.TestCase):
    def test_best_pass_counts(self):
        speed = extract_anchor_speed.speed([[30.0, 10.0, 20.0], [10.0, 10.0, 10.0], [50.0, 1.0, 1.0]])
        self.assertEqual(speed, {"pages": 3, "bestTotalMs": 30.0, "msPerPageMedian": 10.0, "msPerPageMean": 10.0,
                                 "pagesPerSecond": 100.0, "repeat": 3})

    @unittest.skipUnless(Path(extract_bench.GNU_TIME).is_file(), "GNU time is not installed (make gnu-time)")
    def test_bench_executable_json_and_peak_rss(self):
        with tempfile.TemporaryDirectory() as folder:
            bench = Path(folder) / "bench"
            bench.write_text(f"#!{sys.executable}\nimport sys\nblob = bytearray(40 * 1024 * 1024)\n"
                             "print('noise'); print('{\"pages\": 2, \"pagesPerSecond\": 9.5}')\n")
            bench.chmod(bench.stat().st_mode | stat.S_IEXEC)
            self.assertEqual(extract_bench.newsgen_speed(bench, Path(folder), 1), {"pages": 2, "pagesPerSecond": 9.5})
            self.assertGreater(extract_bench.peak_rss_kb(bench, Path(folder)), 40 * 1024)
            bench.write_text("#!/bin/sh\necho 'no corpus here' >&2\nexit 3\n")
            with self.assertRaisesRegex(extract_bench.MeasurementFailed, "exited 3: no corpus here"):
                extract_bench.newsgen_speed(bench, Path(folder), 1)


if __name__ == "__main__":
    unittest.main()
