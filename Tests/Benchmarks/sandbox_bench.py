#!/usr/bin/env python3
"""What parsing in worker processes costs (ADR 046): the build's Parse stage in the process and
through workers, on the same feed files, in alternating pairs.

Usage: sandbox_bench.py --bench NEWSGEN_PARSE_BENCH --worker NEWSGEN [--pairs N] [--rounds R] [--scratch DIR]

Three sets of feeds, made once in --scratch (tmpfs by default) from the synthetic archive of
`hugo/generate.py` and read in place from ../shared/corpora:
  hourly  50 feeds of 50 items each: an hour of a site that follows 50 sources
  large   20 feeds of 500 items each (about 3.8 MB each): the feed-parsing benchmark's files
  small   feedparser's test corpus, 1,855 documents of a few hundred bytes: the cost per document
Each pair runs `newsgen-parse-bench --json` once in the process and once with `--sandbox NEWSGEN`
(workers started from the binary users run), which goes first alternating; each run is the median
of R timed rounds after an untimed one (which, with --sandbox, also starts the workers). Prints
the medians, the cost per feed and the ratio, and the first round's cost (workers started) as a
section for BENCHMARKS.md.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = (ROOT / ".." / "shared" / "corpora" / "feedparser-tests").resolve()


def feeds_from_generated(scratch):
    """The synthetic archive's 20 feed files of 500 items, made once."""
    folder = scratch / "generated"
    feeds = folder / "newsgen" / "feeds"
    if not feeds.is_dir():
        subprocess.run([sys.executable, str(ROOT / "Tests/Benchmarks/hugo/generate.py"), "10000", str(folder), "--seed", "1"],
                       check=True, stdout=subprocess.DEVNULL)
    return sorted(feeds.glob("*.xml"))


def hourly_feeds(scratch, large):
    """50 feeds of 50 items, each the head of a large feed with its items cut into runs of 50."""
    folder = scratch / "hourly"
    if not folder.is_dir():
        folder.mkdir(parents=True)
        made = 0
        for source in large:
            text = source.read_text(encoding="utf-8")
            head, _, rest = text.partition("<item>")
            items = ["<item>" + part for part in rest.split("<item>")]
            items[-1], _, tail = items[-1].partition("</channel>")
            for start in range(0, len(items), 50):
                if made == 50:
                    break
                chunk = "".join(items[start:start + 50])
                (folder / f"h{made:02d}.xml").write_text(head + chunk + "</channel>" + tail, encoding="utf-8")
                made += 1
    return sorted(folder.glob("*.xml"))


def small_feeds():
    if not CORPUS.is_dir():
        print(f"sandbox-bench: {CORPUS} is absent: the small set is skipped")
        return []
    return sorted(p for p in CORPUS.rglob("*.xml") if p.is_file())


def run(bench, files, rounds, worker=None):
    command = [str(bench), "--json", "--failures-allowed", "--rounds", str(rounds)] + (["--sandbox", str(worker)] if worker else []) + [str(f) for f in files]
    out = subprocess.run(command, check=False, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"sandbox-bench: {' '.join(command[:7])} … failed: {out.stderr.strip()[:400]}")
    return json.loads(out.stdout)


def measure(name, files, args):
    inside, workers, firsts_inside, firsts_workers = [], [], [], []
    for pair in range(args.pairs):
        order = [None, args.worker] if pair % 2 == 0 else [args.worker, None]
        for worker in order:
            result = run(args.bench, files, args.rounds, worker)
            (workers if worker else inside).append(result["median"])
            (firsts_workers if worker else firsts_inside).append(result.get("first", 0))
    a, b = statistics.median(inside), statistics.median(workers)
    fa, fb = statistics.median(firsts_inside), statistics.median(firsts_workers)
    return (f"| {name} | {len(files):,} | {a * 1000:.1f} ms | {b * 1000:.1f} ms | {(b - a) / len(files) * 1000:+.2f} ms | "
            f"{b / a:.2f}× | {(fb - fa) * 1000:+.0f} ms |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bench", required=True, help="newsgen-parse-bench, release build")
    parser.add_argument("--worker", required=True, help="the newsgen binary workers are started from (the .deb's)")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scratch", default="/dev/shm/newsgen-sandbox-bench" if os.path.isdir("/dev/shm") else "/tmp/newsgen-sandbox-bench")
    args = parser.parse_args()
    scratch = Path(args.scratch)
    scratch.mkdir(parents=True, exist_ok=True)
    large = feeds_from_generated(scratch)
    sets = [("hourly: 50 feeds of 50 items", hourly_feeds(scratch, large)), ("large: 20 feeds of 500 items", large),
            ("small: feedparser's corpus", small_feeds())]
    print(f"Parse stage in the process and in worker processes: {args.pairs} alternating pairs, each the median of "
          f"{args.rounds} rounds on both cores; workers from {args.worker}\n")
    print("| feeds | files | in the process | in workers | cost per feed | ratio | first round (workers started) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, files in sets:
        if files:
            print(measure(name, files, args), flush=True)


if __name__ == "__main__":
    main()
