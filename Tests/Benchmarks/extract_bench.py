#!/usr/bin/env python3
"""Full-text extraction (issues 17 and 35) against trafilatura and readability-lxml, on two corpora.

Usage: extract_bench.py --binary RELEASE_NEWSGEN --bench RELEASE_NEWSGEN_EXTRACT_BENCH
                        [--corpus DIR] [--trafilatura-corpus DIR] [--repeat N]
       extract_bench.py --quick --binary RELEASE_NEWSGEN [--trafilatura-corpus DIR]
       (`make bench-extract` and `make bench-extract-quick` build what they need first)

Quality, trafilatura's evaluation set (../shared/corpora/trafilatura-eval, trafilatura_eval.py): newsgen
through ONE bulk `newsgen extract --list … --format text --output DIR` over the unpacked pages, scored by
the corpus's own score.py functions; trafilatura and readability-lxml by `score.py --python`. Precision,
recall, F1, accuracy and the pages left empty or refused that have `with` snippets.
Quality, Readability's test pages (../shared/corpora/readability-test-pages):
Tests/Conformance/readability_conformance.py's scoring of all three extractors.
Speed, on ONE core (`taskset -c 0`), on both corpora: newsgen's pages per second from
`newsgen-extract-bench CORPUS --repeat N` (extraction in-process, one thread; trafilatura-eval's pages
unpacked) with its parse floor (libxml2's parse alone) beside it, and trafilatura's and readability-lxml's
from extract_anchor_speed.py (in-process, best of N passes). Peak RSS: `/usr/bin/time -f %M` around one
bulk `newsgen extract --list` over each whole corpus (the product, its sandbox worker included), whose
wall time is shown too. Prints a Markdown section for BENCHMARKS.md with each target and MET or MISSED
beside its figure. Exit 0 when every figure was measured, missed targets included (it is a report);
exit 1 when a measurement itself failed (named on stderr).

--quick scores newsgen alone on trafilatura-eval (one bulk run, a minute or two) and lists its worst
pages: for tuning the extractor, not for the record.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Conformance"))
sys.path.insert(0, str(HERE / "hugo"))
sys.path.insert(0, str(HERE))

import readability_conformance as runner  # noqa: E402
import trafilatura_eval  # noqa: E402
from compare import first_line, machine  # noqa: E402
from trafilatura_eval import MeasurementFailed, one_core  # noqa: E402

ANCHOR_SPEED = HERE / "extract_anchor_speed.py"
GNU_TIME = trafilatura_eval.GNU_TIME
# Readability's corpus: issue 17's figure kept (issue 35).
F1_TARGET = 0.99
# trafilatura-eval: issue 35's figure, and above trafilatura's own in the same run.
TRAFILATURA_EVAL_F1_TARGET = 0.93
METADATA_TARGET = 0.90
SPEED_RATIO_TARGET = 5.0
RSS_TARGET_MB = 100
ANCHORS = ("trafilatura", "readability-lxml")
READABILITY = "readability-test-pages"
TRAFILATURA_EVAL = "trafilatura-eval"
CORPORA = (TRAFILATURA_EVAL, READABILITY)
WORST_PAGES = 15


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


def readability_bulk(binary: Path, corpus: Path) -> dict:
    """One bulk `newsgen extract --list` over every Readability page (seconds, peak RSS): the corpus's
    pages are all called source.html, so their outputs get suffixes; only the run's figures are kept."""
    with tempfile.TemporaryDirectory(prefix="bench-extract-readability-") as folder:
        listed = Path(folder) / "pages.list"
        listed.write_text("".join(trafilatura_eval.list_line(page.source, runner.PAGE_URL) + "\n"
                                  for page in runner.discover(corpus)), encoding="utf-8")
        run = trafilatura_eval.newsgen_bulk(binary, listed, Path(folder) / "out")
        run["pages"] = len(listed.read_text(encoding="utf-8").splitlines())
        return run


def pages_per_second_of_ms(ms_per_page) -> float | None:
    return 1000.0 / ms_per_page if ms_per_page else None


def speed_ratio(speed: dict) -> tuple[float, float, float]:
    """(newsgen's pages/s, trafilatura's, their ratio) of one corpus's speed figures."""
    mine = speed["newsgen"].get("pagesPerSecond") or 0.0
    theirs = speed["anchors"].get("trafilatura", {}).get("pagesPerSecond") or 0.0
    return mine, theirs, (mine / theirs if theirs else 0.0)


def targets(results: dict, traf: dict, speeds: dict, peaks: dict) -> list[tuple[str, str, bool]]:
    """(target, newsgen's figure against it, met) for every target of issues 17 and 35.
    `traf`: trafilatura_eval.figures of each extractor, and "emptyWhereFound" (newsgen's pages left empty
    where trafilatura found a `with` snippet); `speeds` and `peaks` (KB) by corpus."""
    mine, theirs = traf["newsgen"]["f1"], traf["trafilatura"]["f1"]
    rows = [(f"{TRAFILATURA_EVAL}: F1 ≥ {TRAFILATURA_EVAL_F1_TARGET} and above trafilatura's (same run)",
             f"{mine:.3f} (trafilatura {theirs:.3f})", mine >= TRAFILATURA_EVAL_F1_TARGET and mine > theirs)]
    lost = traf["emptyWhereFound"]
    shown = f"{len(lost)}" + (f" ({', '.join(lost[:5])}{', …' if len(lost) > 5 else ''})" if lost else "")
    rows.append((f"{TRAFILATURA_EVAL}: no page empty or refused where trafilatura finds a `with` snippet", shown, not lost))
    for subset in ("readerable", "all"):
        f1 = results["newsgen"][subset]["f1"] or 0.0
        others = {name: results[name][subset]["f1"] or 0.0 for name in ANCHORS}
        met = f1 >= F1_TARGET and all(f1 > other for other in others.values())
        shown = ", ".join(f"{name} {value:.3f}" for name, value in others.items())
        rows.append((f"{READABILITY}: F1 ≥ {F1_TARGET} and above both anchors ({subset} pages)", f"{f1:.3f} ({shown})", met))
    overall = results["newsgen"]["all"]["metadata"]["overall"]["rate"] or 0.0
    rows.append((f"{READABILITY}: metadata ≥ {METADATA_TARGET:.0%}", f"{overall:.1%}", overall >= METADATA_TARGET))
    for corpus in CORPORA:
        mine_pps, theirs_pps, ratio = speed_ratio(speeds[corpus])
        rows.append((f"{corpus}: ≥ {SPEED_RATIO_TARGET:.0f}× trafilatura's pages/s (one core)",
                     f"{ratio:.1f}× ({mine_pps:.1f} against {theirs_pps:.1f})", ratio >= SPEED_RATIO_TARGET))
    for corpus in CORPORA:
        mb = peaks[corpus] / 1024
        rows.append((f"{corpus}: peak RSS < {RSS_TARGET_MB} MB (whole corpus)", f"{mb:.1f} MB", mb < RSS_TARGET_MB))
    return rows


def verdict(met: bool) -> str:
    return "MET" if met else "**MISSED**"


def anchor_versions() -> str:
    import importlib.metadata as metadata  # noqa: PLC0415
    found = []
    for name in ("trafilatura", "readability-lxml"):
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name} not installed")
    return ", ".join(found)


def trafilatura_eval_section(traf: dict, bulk: dict) -> list[str]:
    """The trafilatura-eval quality table: newsgen, then the anchors when they were run."""
    newsgen = traf["newsgen"]
    out = [f"### Quality: trafilatura's evaluation set ({newsgen['pages']} pages, {newsgen['snippets']:,} snippets)", "",
           "Each page's `with` snippets found in the output are true positives, missing ones false negatives; its "
           "`without` snippets found are false positives (the corpus's score.py, whitespace collapsed); counts summed "
           "over the pages. newsgen: one bulk `newsgen extract --list … --format text --output DIR` over the unpacked "
           f"pages ({bulk['seconds']:.1f} s); trafilatura (defaults, the page's URL) and readability-lxml "
           "(`summary()` as text): `score.py --python`.", "", *trafilatura_eval.TABLE_HEAD]
    out += [trafilatura_eval.figures_row(name, traf[name]) for name in ("newsgen", *ANCHORS) if name in traf]
    if newsgen["empty"]:
        out += ["", f"newsgen's pages empty or refused: {', '.join(newsgen['empty'][:12])}"
                + (", …" if len(newsgen["empty"]) > 12 else "") + "."]
    return out


def speed_section(speeds: dict, bulks: dict, repeat: int) -> list[str]:
    out = ["### Speed on one core (`taskset -c 0`)", "",
           f"In-process, one thread; newsgen: `newsgen-extract-bench --repeat {repeat}` (trafilatura-eval's pages "
           f"unpacked first); the anchors: best of {repeat} passes (trafilatura-eval: as `score.py --python` calls "
           "them). The bulk line: one `newsgen extract --list` over the whole corpus, wall time, reading and "
           "writing files and its sandbox worker included.", "",
           "| corpus | extractor | pages/s | ms/page median | ms/page mean |", "| --- | --- | ---: | ---: | ---: |"]

    def cell(figures, key, pattern):
        value = figures.get(key)
        return pattern % value if isinstance(value, (int, float)) else "—"

    for corpus in CORPORA:
        newsgen, anchors = speeds[corpus]["newsgen"], speeds[corpus]["anchors"]
        rows = [("newsgen", newsgen)] + [(name, anchors.get(name, {})) for name in ANCHORS]
        for name, figures in rows:
            out.append(f"| {corpus} | {name} | {cell(figures, 'pagesPerSecond', '%.1f')} | "
                       f"{cell(figures, 'msPerPageMedian', '%.2f')} | {cell(figures, 'msPerPageMean', '%.2f')} |")
            if name == "newsgen":
                floor = newsgen.get("parseFloorMsPerPage")
                floor_pps = pages_per_second_of_ms(floor)
                out.append(f"| {corpus} | newsgen's parse floor (libxml2's parse alone) | {floor_pps:.1f} | — | {floor:.2f} |"
                           if floor_pps else f"| {corpus} | newsgen's parse floor | — | — | — |")
        bulk = bulks[corpus]
        bulk_pps = bulk["pages"] / bulk["seconds"] if bulk.get("seconds") else None
        out.append(f"| {corpus} | newsgen extract --list (bulk, wall) | "
                   + (f"{bulk_pps:.1f}" if bulk_pps else "—") + " | — | — |")
    out.append("")
    for corpus in CORPORA:
        mine, theirs, ratio = speed_ratio(speeds[corpus])
        out.append(f"{corpus}: newsgen/trafilatura {ratio:.1f}×; peak RSS of `newsgen extract --list` over the whole "
                   f"corpus {bulks[corpus]['peakKB'] / 1024:.1f} MB.")
    return out


def report(results: dict, traf: dict, speeds: dict, bulks: dict, newsgen_version: str, repeat: int) -> str:
    pages = results["newsgen"]["all"]["pages"]
    readerable = results["newsgen"]["readerable"]["pages"]
    out = [f"## {datetime.date.today().isoformat()}, issue 35: full-text extraction (`make bench-extract`)", "",
           f"Machine: {machine()}.",
           f"Versions: {newsgen_version} (release build); {anchor_versions()}; Python {platform.python_version()}.", ""]
    out += trafilatura_eval_section(traf, bulks[TRAFILATURA_EVAL])
    out += ["", f"### Quality: Readability's test pages ({pages} with expected text, {readerable} readerable)", "",
            "Visible text of each extraction against expected.html, 4-word shingles as multisets: precision and "
            "recall averaged over the pages, F1 of the two averages; metadata exact after whitespace is "
            "collapsed, on the pages that have the value (docs/conformance.md). ms/page is wall time per page "
            "(newsgen: a process per page, two at a time), for information only.", ""]
    out += runner.report_table(results)
    out += ["", *runner.report_nulls(results), ""]
    out += speed_section(speeds, bulks, repeat)
    out += ["", "### Targets", "", "| target | newsgen | |", "| --- | --- | --- |"]
    rows = targets(results, traf, speeds, {corpus: bulks[corpus]["peakKB"] for corpus in CORPORA})
    out += [f"| {target} | {figure} | {verdict(met)} |" for target, figure, met in rows]
    missed = [target for target, _, met in rows if not met]
    out += ["", f"MISSED: {len(missed)} of {len(rows)} targets: " + "; ".join(missed) if missed
            else f"Every target MET ({len(rows)})."]
    return "\n".join(out)


def quick_report(traf: dict, records: list[dict], bulk: dict) -> str:
    """--quick: newsgen's trafilatura-eval table, its target, and its worst pages."""
    newsgen = traf["newsgen"]
    met = newsgen["f1"] >= TRAFILATURA_EVAL_F1_TARGET
    out = trafilatura_eval_section(traf, bulk)
    out += ["", f"Target F1 ≥ {TRAFILATURA_EVAL_F1_TARGET}: {newsgen['f1']:.3f} {verdict(met)} "
                "(the full `make bench-extract` also compares it with trafilatura's).", "",
            f"{WORST_PAGES} worst pages (FN + FP; `python3 score.py --only NAME --list newsgen extract {{file}} "
            "--base {url} --format text` shows the snippets):"]
    out += [f"  {record['fn'] + record['fp']:>2}  FN {record['fn']} FP {record['fp']}  {record['file']}  "
            f"[{record['status']}, {record['chars']} chars]" for record in trafilatura_eval.worst(records, WORST_PAGES)]
    return "\n".join(out)


def check_tools(paths: list[Path]) -> str | None:
    """Why the bench cannot run, or None."""
    for path in paths:
        if not path.is_file():
            return f"{path} does not exist; make bench-extract builds it"
    if not Path(GNU_TIME).is_file():
        return f"GNU time is missing ({GNU_TIME}): make gnu-time installs it"
    return None


def progress(message: str) -> None:
    print(f"bench-extract: {message}", file=sys.stderr, flush=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="newsgen extract against trafilatura and readability-lxml.")
    parser.add_argument("--binary", type=Path, required=True, help="a release newsgen")
    parser.add_argument("--bench", type=Path, help="a release newsgen-extract-bench (not for --quick)")
    parser.add_argument("--corpus", type=Path, default=runner.DEFAULT_CORPUS, help="readability-test-pages")
    parser.add_argument("--trafilatura-corpus", type=Path, default=trafilatura_eval.DEFAULT_CORPUS, help="trafilatura-eval")
    parser.add_argument("--repeat", type=int, default=3, help="passes for the speed figures (default 3)")
    parser.add_argument("--quick", action="store_true", help="newsgen's trafilatura-eval quality only")
    args = parser.parse_args(argv)
    if not args.quick and args.bench is None:
        parser.error("--bench is needed unless --quick")
    corpora = [args.trafilatura_corpus] + ([] if args.quick else [args.corpus])
    for corpus in corpora:
        if not corpus.is_dir():
            print(f"bench-extract: the corpus is not at {corpus} (it lives in ../shared/corpora)", file=sys.stderr)
            return 1
    problem = check_tools([args.binary] + ([] if args.quick else [args.bench]))
    if problem:
        print(f"bench-extract: {problem}", file=sys.stderr)
        return 1
    prepared = None
    try:
        progress(f"unpacking {TRAFILATURA_EVAL}…")
        prepared = trafilatura_eval.Prepared(args.trafilatura_corpus)
        progress(f"newsgen on {TRAFILATURA_EVAL} (one bulk run)…")
        records, traf_bulk = prepared.newsgen(args.binary)
        traf_bulk["pages"] = len(prepared.names)
        traf = {"newsgen": trafilatura_eval.figures(records, prepared.expected)}
        if args.quick:
            print(quick_report(traf, records, traf_bulk))
            return 0
        progress(f"trafilatura and readability-lxml on {TRAFILATURA_EVAL} (score.py --python, both at once)…")
        for name, anchor_records in trafilatura_eval.anchor_records(args.trafilatura_corpus, list(ANCHORS)).items():
            traf[name] = trafilatura_eval.figures(anchor_records, prepared.expected)
            if name == "trafilatura":
                traf["emptyWhereFound"] = trafilatura_eval.empty_where_found(records, anchor_records)
        progress(f"quality on {READABILITY} (3 extractors)…")
        results = quality(args.binary, args.corpus)
        progress("speed on one core…")
        speeds = {READABILITY: {"newsgen": newsgen_speed(args.bench, args.corpus, args.repeat),
                                "anchors": anchor_speed(args.corpus, args.repeat)},
                  TRAFILATURA_EVAL: {"newsgen": newsgen_speed(args.bench, prepared.pages, args.repeat),
                                     "anchors": anchor_speed(args.trafilatura_corpus, args.repeat)}}
        progress(f"peak RSS of a bulk run over {READABILITY}…")
        bulks = {TRAFILATURA_EVAL: traf_bulk, READABILITY: readability_bulk(args.binary, args.corpus)}
    except (MeasurementFailed, runner.MissingPackage) as error:
        print(f"bench-extract: {error}", file=sys.stderr)
        return 1
    finally:
        if prepared is not None:
            prepared.remove()
    print(report(results, traf, speeds, bulks, first_line([str(args.binary), "--version"]), args.repeat))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
