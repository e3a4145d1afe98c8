#!/usr/bin/env python3
"""Pages per second of the Python anchors (trafilatura, readability-lxml) on Readability's test pages,
in this process, as `make bench-extract` compares newsgen's `newsgen-extract-bench` with.

Usage: extract_anchor_speed.py CORPUS_DIR [--repeat N] [--extractor trafilatura,readability-lxml]

Every source.html is read into memory first; then each extractor runs over all of them REPEAT times
(3 by default) and the fastest pass counts (best of N: the others are the same work disturbed).
Only the extraction call is timed (the runner's extractors time it; trafilatura's metadata pass is
outside it). Run it under `taskset -c 0` for one core. Prints one JSON object:
{"trafilatura": {"pages", "bestTotalMs", "msPerPageMedian", "msPerPageMean", "pagesPerSecond", "repeat"}, …}
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Conformance"))

import readability_conformance as runner  # noqa: E402

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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Time the Python extraction anchors in-process.")
    parser.add_argument("corpus", type=Path, help="the readability-test-pages folder")
    parser.add_argument("--repeat", type=int, default=3, help="passes over the pages; the fastest counts")
    parser.add_argument("--extractor", default=",".join(ANCHORS), help="comma-separated anchors")
    args = parser.parse_args(argv)
    names = [name for name in args.extractor.split(",") if name]
    if any(name not in ANCHORS for name in names):
        parser.error(f"anchors are {', '.join(ANCHORS)}")
    if not args.corpus.is_dir():
        print(f"extract_anchor_speed: no corpus at {args.corpus}", file=sys.stderr)
        return 2
    sources = [runner.read_text(page.source) for page in runner.discover(args.corpus)]
    try:
        print(json.dumps({name: measure(name, sources, args.repeat) for name in names}))
    except runner.MissingPackage as error:
        print(f"extract_anchor_speed: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
