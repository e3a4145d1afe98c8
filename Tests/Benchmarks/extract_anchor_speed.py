#!/usr/bin/env python3
"""Pages per second of the Python anchors (trafilatura, readability-lxml) on Readability's test pages
or on trafilatura's evaluation set, in this process, as `make bench-extract` compares newsgen's
`newsgen-extract-bench` with.

Usage: extract_anchor_speed.py CORPUS_DIR [--repeat N] [--extractor trafilatura,readability-lxml]

CORPUS_DIR is readability-test-pages (every <page>/source.html, the conformance runner's extractors)
or trafilatura-eval (told by its expectations.json: every page through its own score.py's readers and
extractors, trafilatura with its defaults and the page's URL, as `score.py --python` runs them).
Every page is read (and unpacked) into memory first; then each extractor runs over all of them REPEAT
times (3 by default) and the fastest pass counts (best of N: the others are the same work disturbed).
Only the extraction call is timed (on Readability's pages trafilatura's metadata pass is outside it).
Run it under `taskset -c 0` for one core. Prints one JSON object:
{"trafilatura": {"pages", "bestTotalMs", "msPerPageMedian", "msPerPageMean", "pagesPerSecond", "repeat"}, …}
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Conformance"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import readability_conformance as runner  # noqa: E402
import trafilatura_eval  # noqa: E402

ANCHORS = ("trafilatura", "readability-lxml")


def speed(per_pass_ms: list[list[float]]) -> dict:
    """The figures of the fastest pass of per-page milliseconds (one list per pass)."""
    best = min(per_pass_ms, key=sum)
    total = sum(best)
    return {"pages": len(best), "bestTotalMs": round(total, 3),
            "msPerPageMedian": round(statistics.median(best), 3) if best else None,
            "msPerPageMean": round(total / len(best), 3) if best else None,
            "pagesPerSecond": round(len(best) / (total / 1000.0), 3) if total > 0 else None,
            "repeat": len(per_pass_ms)}


def measure(name: str, sources: list[str], repeat: int) -> dict:
    extract = runner.python_extractor(name)
    return speed([[extract(markup).ms for markup in sources] for _ in range(max(1, repeat))])


def timed_ms(extract, html: bytes, url: str) -> float:
    """Milliseconds of one call; a page the library fails on still took its time."""
    started = time.perf_counter()
    try:
        extract(html, url)
    except Exception:  # noqa: BLE001 (score.py scores a crash as an empty page; its time counts the same)
        pass
    return (time.perf_counter() - started) * 1000.0


def measure_trafilatura_eval(name: str, corpus: Path, repeat: int) -> dict:
    """`name`'s speed over trafilatura-eval, through the corpus's score.py (its extractor, its page reader)."""
    scorer = trafilatura_eval.load_scorer(corpus)
    expected = trafilatura_eval.expectations(corpus)
    pages = [(scorer.read_page(scorer.page_path(str(corpus), page)), expected[page]["url"])
             for page in trafilatura_eval.present(corpus, scorer, expected)]
    try:
        extract = scorer.python_extractor(trafilatura_eval.ANCHOR_NAMES[name])
    except ImportError as error:
        raise runner.MissingPackage(f"{name} is not installed ({error}); make extract-anchors installs it") from None
    extract(b"<html><body><p>warm up</p></body></html>", "https://example.org/")  # imports paid before timing
    return speed([[timed_ms(extract, html, url) for html, url in pages] for _ in range(max(1, repeat))])


def is_trafilatura_eval(corpus: Path) -> bool:
    return (corpus / "expectations.json").is_file() and (corpus / "score.py").is_file()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Time the Python extraction anchors in-process.")
    parser.add_argument("corpus", type=Path, help="the readability-test-pages or trafilatura-eval folder")
    parser.add_argument("--repeat", type=int, default=3, help="passes over the pages; the fastest counts")
    parser.add_argument("--extractor", default=",".join(ANCHORS), help="comma-separated anchors")
    args = parser.parse_args(argv)
    names = [name for name in args.extractor.split(",") if name]
    if any(name not in ANCHORS for name in names):
        parser.error(f"anchors are {', '.join(ANCHORS)}")
    if not args.corpus.is_dir():
        print(f"extract_anchor_speed: no corpus at {args.corpus}", file=sys.stderr)
        return 2
    try:
        if is_trafilatura_eval(args.corpus):
            print(json.dumps({name: measure_trafilatura_eval(name, args.corpus, args.repeat) for name in names}))
        else:
            sources = [runner.read_text(page.source) for page in runner.discover(args.corpus)]
            print(json.dumps({name: measure(name, sources, args.repeat) for name in names}))
    except runner.MissingPackage as error:
        print(f"extract_anchor_speed: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
