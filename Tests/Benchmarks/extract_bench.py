#!/usr/bin/env python3
"""Full-text extraction (issue 17) against trafilatura and readability-lxml: quality and speed.

Usage: extract_bench.py --binary RELEASE_NEWSGEN --bench RELEASE_NEWSGEN_EXTRACT_BENCH
                        [--corpus DIR] [--repeat N]        (`make bench-extract` builds both first)

Quality: Tests/Conformance/readability_conformance.py's scoring of all three extractors on
Readability's test pages (../shared/corpora/readability-test-pages), on every page with expected text
and on the readerable ones. Speed, on ONE core (`taskset -c 0`): newsgen's pages per second from
`newsgen-extract-bench CORPUS --repeat N` (extraction in-process, one thread) with its parse floor
(libxml2's parse alone) beside it, and trafilatura's and readability-lxml's from
extract_anchor_speed.py (in-process, best of N passes). Peak RSS: `/usr/bin/time -f %M` around one
pass of the bench executable over the whole corpus. Prints a Markdown section for BENCHMARKS.md with
each target and MET or MISSED beside its figure. Exit 0 when every figure was measured, missed targets
included (it is a report); exit 1 when a measurement itself failed (named on stderr).
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Conformance"))
sys.path.insert(0, str(HERE / "hugo"))

import readability_conformance as runner  # noqa: E402
from compare import first_line, machine  # noqa: E402

ANCHOR_SPEED = HERE / "extract_anchor_speed.py"
GNU_TIME = "/usr/bin/time"
F1_TARGET = 0.97
METADATA_TARGET = 0.90
SPEED_RATIO_TARGET = 3.0
RSS_TARGET_MB = 100
ANCHORS = ("trafilatura", "readability-lxml")


class MeasurementFailed(Exception):
    """A tool could not be measured: its reason is the report's."""


def one_core(argv: list[str]) -> list[str]:
    """argv pinned to core 0 with taskset (util-linux); unpinned when taskset is missing."""
    return ["taskset", "-c", "0", *argv] if shutil.which("taskset") else argv


def json_of(argv: list[str], what: str) -> dict:
    process = subprocess.run(argv, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if process.returncode != 0:
        raise MeasurementFailed(f"{what} exited {process.returncode}: {process.stderr.strip()[-400:]}")
    try:
        return json.loads(process.stdout.strip().splitlines()[-1])
    except (json.JSONDecodeError, IndexError) as error:
        raise MeasurementFailed(f"{what} printed no JSON object ({error}): {process.stdout[-200:]!r}") from None


def quality(binary: Path, corpus: Path) -> dict[str, dict]:
    """The runner's figures for newsgen and both anchors over every page."""
    pages = runner.discover(corpus)
    results = {}
    for name in ("newsgen",) + ANCHORS:
        results[name] = runner.evaluate(pages, runner.run_extractor(name, pages, binary, workers=2))
    return results


def newsgen_speed(bench: Path, corpus: Path, repeat: int) -> dict:
    return json_of(one_core([str(bench), str(corpus), "--repeat", str(repeat)]), "newsgen-extract-bench")


def anchor_speed(corpus: Path, repeat: int) -> dict:
    return json_of(one_core([sys.executable, str(ANCHOR_SPEED), str(corpus), "--repeat", str(repeat)]),
                   "extract_anchor_speed.py")


def peak_rss_kb(bench: Path, corpus: Path) -> int:
    """Peak resident KB of one bench pass over the whole corpus, from GNU time."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as out:
        process = subprocess.run([GNU_TIME, "-f", "%M", "-o", out.name, str(bench), str(corpus), "--repeat", "1"],
                                 capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if process.returncode != 0:
            raise MeasurementFailed(f"newsgen-extract-bench under GNU time exited {process.returncode}: "
                                    f"{process.stderr.strip()[-400:]}")
        lines = [line for line in Path(out.name).read_text().splitlines() if line.strip().isdigit()]
    if not lines:
        raise MeasurementFailed("GNU time gave no peak RSS")
    return int(lines[-1])


def pages_per_second_of_ms(ms_per_page) -> float | None:
    return 1000.0 / ms_per_page if ms_per_page else None


def targets(results: dict, newsgen: dict, anchors: dict, peak_kb: int) -> list[tuple[str, str, bool]]:
    """(target, newsgen's figure against it, met) for every issue 17 target."""
    rows = []
    for subset in ("readerable", "all"):
        mine = results["newsgen"][subset]["f1"] or 0.0
        others = {name: results[name][subset]["f1"] or 0.0 for name in ANCHORS}
        met = mine >= F1_TARGET and all(mine > other for other in others.values())
        shown = ", ".join(f"{name} {value:.3f}" for name, value in others.items())
        rows.append((f"F1 ≥ {F1_TARGET} and above both anchors ({subset} pages)", f"{mine:.3f} ({shown})", met))
    overall = results["newsgen"]["all"]["metadata"]["overall"]["rate"] or 0.0
    rows.append((f"metadata ≥ {METADATA_TARGET:.0%}", f"{overall:.1%}", overall >= METADATA_TARGET))
    mine_pps, theirs = newsgen.get("pagesPerSecond") or 0.0, anchors["trafilatura"].get("pagesPerSecond") or 0.0
    ratio = mine_pps / theirs if theirs else 0.0
    rows.append((f"≥ {SPEED_RATIO_TARGET:.0f}× trafilatura's pages/s (one core)",
                 f"{ratio:.1f}× ({mine_pps:.1f} against {theirs:.1f})", ratio >= SPEED_RATIO_TARGET))
    mb = peak_kb / 1024
    rows.append((f"peak RSS < {RSS_TARGET_MB} MB (whole corpus)", f"{mb:.1f} MB", mb < RSS_TARGET_MB))
    return rows


def verdict(met: bool) -> str:
    return "met" if met else "**MISSED**"


def anchor_versions() -> str:
    import importlib.metadata as metadata  # noqa: PLC0415
    found = []
    for name in ("trafilatura", "readability-lxml"):
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name} not installed")
    return ", ".join(found)


def report(results: dict, newsgen: dict, anchors: dict, peak_kb: int, newsgen_version: str, repeat: int) -> str:
    pages = results["newsgen"]["all"]["pages"]
    readerable = results["newsgen"]["readerable"]["pages"]
    out = [f"## {datetime.date.today().isoformat()}, issue 17: full-text extraction (`make bench-extract`)", "",
           f"Machine: {machine()}.",
           f"Versions: {newsgen_version} (release build); {anchor_versions()}; Python {platform.python_version()}.",
           "", f"### Quality: Readability's test pages ({pages} with expected text, {readerable} readerable)", "",
           "Visible text of each extraction against expected.html, 4-word shingles as multisets: precision and "
           "recall averaged over the pages, F1 of the two averages; metadata exact after whitespace is "
           "collapsed, on the pages that have the value (docs/conformance.md). ms/page is wall time per page "
           "(newsgen: a process per page, two at a time), for information only.", ""]
    out += runner.report_table(results)
    out += ["", *runner.report_nulls(results), "",
            "### Speed on one core (`taskset -c 0`)", "",
            f"In-process over the same {newsgen.get('pages', '?')} pages, one thread; newsgen: `newsgen-extract-bench "
            f"--repeat {repeat}`; the anchors: best of {repeat} passes.", "",
            "| extractor | pages/s | ms/page median | ms/page mean |", "| --- | ---: | ---: | ---: |"]

    def row(name, figures):
        def cell(key, pattern):
            value = figures.get(key)
            return pattern % value if isinstance(value, (int, float)) else "—"
        out.append(f"| {name} | {cell('pagesPerSecond', '%.1f')} | {cell('msPerPageMedian', '%.2f')} | "
                   f"{cell('msPerPageMean', '%.2f')} |")

    row("newsgen", newsgen)
    floor = newsgen.get("parseFloorMsPerPage")
    floor_pps = pages_per_second_of_ms(floor)
    out.append(f"| newsgen's parse floor (libxml2's parse alone) | {floor_pps:.1f} | — | {floor:.2f} |"
               if floor_pps else "| newsgen's parse floor | — | — | — |")
    for name in ANCHORS:
        row(name, anchors.get(name, {}))
    trafilatura_pps = anchors.get("trafilatura", {}).get("pagesPerSecond")
    if trafilatura_pps and newsgen.get("pagesPerSecond"):
        out.append("")
        out.append(f"newsgen/trafilatura: {newsgen['pagesPerSecond'] / trafilatura_pps:.1f}×. "
                   f"Peak RSS of newsgen-extract-bench over the whole corpus: {peak_kb / 1024:.1f} MB.")
    out += ["", "### Targets", "", "| target | newsgen | |", "| --- | --- | --- |"]
    rows = targets(results, newsgen, anchors, peak_kb)
    out += [f"| {target} | {figure} | {verdict(met)} |" for target, figure, met in rows]
    missed = [target for target, _, met in rows if not met]
    out += ["", f"MISSED: {len(missed)} of {len(rows)} targets: " + "; ".join(missed) if missed
            else f"Every target met ({len(rows)})."]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="newsgen extract against trafilatura and readability-lxml.")
    parser.add_argument("--binary", type=Path, required=True, help="a release newsgen")
    parser.add_argument("--bench", type=Path, required=True, help="a release newsgen-extract-bench")
    parser.add_argument("--corpus", type=Path, default=runner.DEFAULT_CORPUS, help="readability-test-pages")
    parser.add_argument("--repeat", type=int, default=3, help="passes for the speed figures (default 3)")
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"bench-extract: the corpus is not at {args.corpus} (it lives in ../shared/corpora)", file=sys.stderr)
        return 1
    for path in (args.binary, args.bench):
        if not path.is_file():
            print(f"bench-extract: {path} does not exist; make bench-extract builds it", file=sys.stderr)
            return 1
    if not Path(GNU_TIME).is_file():
        print(f"bench-extract: GNU time is missing ({GNU_TIME}): make gnu-time installs it", file=sys.stderr)
        return 1
    try:
        print("bench-extract: quality (3 extractors × the corpus)…", file=sys.stderr, flush=True)
        results = quality(args.binary, args.corpus)
        print("bench-extract: speed on one core…", file=sys.stderr, flush=True)
        newsgen = newsgen_speed(args.bench, args.corpus, args.repeat)
        anchors = anchor_speed(args.corpus, args.repeat)
        peak_kb = peak_rss_kb(args.bench, args.corpus)
    except (MeasurementFailed, runner.MissingPackage) as error:
        print(f"bench-extract: {error}", file=sys.stderr)
        return 1
    print(report(results, newsgen, anchors, peak_kb, first_line([str(args.binary), "--version"]), args.repeat))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
