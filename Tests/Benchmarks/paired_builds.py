#!/usr/bin/env python3
"""Two newsgen binaries on one site, in alternating pairs: full builds and no-change rebuilds.

Usage: paired_builds.py BASE NEW SITE [--pairs N]

Before each full build the site's public/, content/archive/ and .newsgen/ are deleted; a
no-change rebuild follows each. Pairs alternate which binary goes first, so that a machine
that slows down or speeds up during the run weighs on both. Prints, for each binary, the
median wall time (min–max), CPU (user + system) and peak RSS (GNU time), and the archive
stage from `--verbose`; then the ratio NEW / BASE of each pair's full builds. Each run waits,
as `hugo/compare.py`'s do, for the machine to be idle (at most --quiet-wait seconds). Used for the
issue 15 figures in BENCHMARKS.md (BASE: the previous release, built with `swift build -c release`).
"""
import argparse
import os
import re
import shutil
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "hugo"))
import compare  # noqa: E402  (its GNU time runner and its wait for an idle machine)


def build(binary, site):
    compare.wait_for_quiet()
    try:
        wall, cpu, rss, output = compare.timed_with_output([binary, "build", "--site", site, "--offline", "--verbose"])
    except compare.Failure as failure:
        sys.exit(f"paired_builds: {failure}")
    stages = re.search(r"archive ([0-9.]+) s", output)
    return {"wall": wall, "cpu": cpu, "rss": rss // 1024, "archive": float(stages.group(1)) if stages else None}


def summary(runs):
    walls = [r["wall"] for r in runs]
    text = "%.3f s (%.3f–%.3f s), CPU %.2f s, peak %d MB" % (
        statistics.median(walls), min(walls), max(walls), statistics.median(r["cpu"] for r in runs),
        statistics.median(r["rss"] for r in runs))
    archive = [r["archive"] for r in runs if r["archive"] is not None]
    return text + (", archive stage %.3f s" % statistics.median(archive) if archive else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("site")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--quiet-wait", type=float, default=60,
                        help="before each timed run, wait up to this many seconds for the CPU to be idle (0: never)")
    args = parser.parse_args()
    if not os.access(compare.GNU_TIME, os.X_OK):
        sys.exit("paired_builds: needs GNU time (apt-get install time)")
    compare.QUIET["wait"] = args.quiet_wait
    sides = {"base": args.base, "new": args.new}
    full = {name: [] for name in sides}
    again = {name: [] for name in sides}
    for pair in range(args.pairs):
        order = ["base", "new"] if pair % 2 == 0 else ["new", "base"]
        for name in order:
            for folder in ("public", "content/archive", ".newsgen"):
                shutil.rmtree(os.path.join(args.site, folder), ignore_errors=True)
            full[name].append(build(sides[name], args.site))
            again[name].append(build(sides[name], args.site))
    for name in sides:
        print(f"{name} full build: {summary(full[name])}")
        print(f"{name} no-change rebuild: {summary(again[name])}")
    ratios = [n["wall"] / b["wall"] for n, b in zip(full["new"], full["base"])]
    print("new / base, full builds: median %.2f (%s)" % (statistics.median(ratios), ", ".join("%.2f" % r for r in ratios)))


if __name__ == "__main__":
    main()
