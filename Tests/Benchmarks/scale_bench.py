#!/usr/bin/env python3
"""The long-running site at several sizes (issue 18): what a cold build, a build with nothing changed
and "the next hour" cost, against Hugo's build of the same articles.

Usage: scale_bench.py --binary NEWSGEN [--sizes 1000,10000,100000] [--root /dev/shm/newsgen-scale-bench]
                      [--hugo hugo] [--hugo-timeout 1800] [--hugo-known N=SECONDS] [--keep] [--search-bench]

For each size N the site is written once by `hugo/generate.py N ROOT/N --years` (kept between runs
under ROOT; `--keep` leaves the last working copy too), then, on a working copy of it, release
newsgen builds `--offline --verbose` with SOURCE_DATE_EPOCH fixed:
  cold       no `.newsgen/`, no `public/` (a CI runner with no cache);
  no change  the same again;
  next hour  the feeds replaced by next-hour/newsgen/feeds (50 new items), cache and `public/` kept;
  CI hour    the same next hour as a CI runner sees it (docs/ci/github-actions.yml, ADR 045): the
             archive as committed, `.newsgen/cache`, `.newsgen/last-build.json` and `public/` restored
             at the path they were built at, no spare tree and nothing else of `.newsgen/`.
Hugo builds ROOT/N/hugo once (it has no incremental build to compare); `--hugo-known 100000=175.75`
skips it at that size and compares with that wall time from an earlier run of the same machine (Hugo
needs ~18 GB at 100,000 articles, which a machine shared with other work may not have). Wall time, CPU and peak RSS
come from GNU time, each stage's time from newsgen's `--verbose` line, and the size of `public/`
from a walk of it. Prints a section for BENCHMARKS.md with each of the issue's targets met or MISSED
(exit 0 either way: a benchmark, not a test). `--search-bench` runs search_bench.py on the largest
site's `public/` afterwards when that script is there.
"""
import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "hugo"))
import compare  # noqa: E402  (timing under GNU time, the machine's description, versions)

GENERATE = os.path.join(HERE, "hugo", "generate.py")
EPOCH = "1796083200"  # 2026-12-01T00:00:00Z: the generated site's "now"
STAGES = re.compile(r"Stages: (.*)\.")

TARGETS = {
    "cold_vs_hugo": 0.4,       # cold build at most 0.4× Hugo's
    "cold_rss_mb": 1536,       # peak RSS at most 1.5 GB
    "next_hour_share": 0.03,   # next hour at most 3% of the cold build
    "next_hour_seconds": 3.0,  # and under 3 s
    "no_change_share": 0.01,   # a no-change build at most 1% of the cold build
}


def run_newsgen(binary, site):
    """One timed build: (wall, cpu, rss KB, {stage: seconds}); the stages from `--verbose`'s line."""
    wall, cpu, rss, printed = compare.timed_with_output([binary, "build", "--site", site, "--offline", "--verbose"])
    stages = {}
    match = STAGES.search(printed)
    if match:
        for part in match.group(1).split(", "):
            name, value, _ = part.split(" ")
            stages[name] = float(value)
    return wall, cpu, rss, stages


def prepare(n, root, binary):
    site_root = os.path.join(root, str(n))
    if not os.path.exists(os.path.join(site_root, "next-hour")):
        compare.remove(site_root)
        compare.log("scale bench: generating %d articles in %s" % (n, site_root))
        subprocess.run([sys.executable, GENERATE, str(n), site_root, "--years", "--newsgen", binary], check=True)
    return site_root


def measure(n, root, binary, hugo, hugo_timeout, keep, hugo_known=None):
    site_root = prepare(n, root, binary)
    work = os.path.join(root, "work-%d" % n)
    compare.remove(work)
    shutil.copytree(os.path.join(site_root, "newsgen"), work, symlinks=True)
    result = {"n": n}
    compare.wait_for_quiet()
    result["cold"] = run_newsgen(binary, work)
    result["public"] = compare.output_summary(os.path.join(work, "public"))
    compare.wait_for_quiet()
    result["no_change"] = run_newsgen(binary, work)
    ci = os.path.join(root, "ci-%d" % n)
    compare.remove(ci)
    shutil.copytree(work, ci, symlinks=True, ignore=lambda folder, names: ci_left_out(work, folder, names))
    feeds = os.path.join(site_root, "next-hour", "newsgen", "feeds")
    for site in (work, ci):
        for name in os.listdir(feeds):
            shutil.copyfile(os.path.join(feeds, name), os.path.join(site, "feeds", name))
    compare.wait_for_quiet()
    result["next_hour"] = run_newsgen(binary, work)
    # A GitHub runner restores the workspace at the path the last run built in (the fingerprint names the
    # output's path): the CI copy takes the site's place for its build, then gives it back.
    os.rename(work, work + ".next-hour")
    os.rename(ci, work)
    compare.wait_for_quiet()
    try:
        result["ci_hour"] = run_newsgen(binary, work)
    finally:
        os.rename(work, ci)
        os.rename(work + ".next-hour", work)
    compare.remove(ci)
    if not keep:
        compare.remove(work)
    result["hugo"] = None
    if hugo_known is not None:
        result["hugo_known"] = hugo_known
    elif hugo:
        side = compare.Hugo(hugo, os.path.join(site_root, "hugo"))
        side.clean()
        compare.wait_for_quiet()
        try:
            result["hugo"] = compare.timed(["timeout", str(hugo_timeout), hugo, "--source", side.site, "--quiet"])
        except compare.Failure as failure:
            result["hugo_failure"] = str(failure)[:300]
        side.clean()
    return result


def ci_left_out(work, folder, names):
    """What a CI runner does not have of the last build (the workflow's cache step, ADR 045): the spare
    tree beside `public/`, and `.newsgen/` but its `cache` and `last-build.json`."""
    if folder == work:
        return [name for name in names if name.startswith(".public.")]
    if folder == os.path.join(work, ".newsgen"):
        return [name for name in names if name not in ("cache", "last-build.json")]
    return []


def cell(run):
    wall, cpu, rss, _ = run
    return "%s | %s | %s" % (compare.seconds(wall), compare.seconds(cpu), compare.megabytes(rss))


def stages_cell(run):
    return ", ".join("%s %s" % (name, compare.seconds(value)) for name, value in run[3].items()) or "—"


def mark(ok):
    return "met" if ok else "MISSED"


def report(results, info, versions):
    out = ["## %s, issue 18: the long-running site at %s articles (`make bench-scale`)" % (
        datetime.date.today().isoformat(), ", ".join(format(r["n"], ",") for r in results)), ""]
    out.append("Machine: %s. Versions: %s (release build); %s." % (info, versions["newsgen"], versions["hugo"]))
    out.append("Sites from `generate.py N OUT --years` (50 sources, 60 months, feeds of their newest 50 items), in %s, "
               "`--offline`, one run each, every run started once the machine was quiet." % compare.fs_type(results[0]["root"]))
    out.append("")
    out.append("| articles | build | wall | CPU | peak RSS | stages |")
    out.append("| ---: | --- | ---: | ---: | ---: | --- |")
    for r in results:
        for key, name in (("cold", "cold"), ("no_change", "no change"), ("next_hour", "next hour"),
                          ("ci_hour", "next hour in CI (cache and `public/` restored)")):
            out.append("| %s | %s | %s | %s |" % (format(r["n"], ","), name, cell(r[key]), stages_cell(r[key])))
        if r["hugo"]:
            wall, cpu, rss = r["hugo"]
            out.append("| %s | Hugo, cold | %s | %s | %s | — |" % (format(r["n"], ","), compare.seconds(wall),
                                                                 compare.seconds(cpu), compare.megabytes(rss)))
        elif "hugo_known" in r:
            out.append("| %s | Hugo, cold (an earlier run, not run now) | %s | | | — |" % (format(r["n"], ","),
                                                                                    compare.seconds(r["hugo_known"])))
        elif "hugo_failure" in r:
            out.append("| %s | Hugo, cold | did not finish: %s | | | |" % (format(r["n"], ","), r["hugo_failure"]))
    out.append("")
    out.append("| articles | `public/` | cold ÷ Hugo (≤ %.1f) | cold peak RSS (≤ 1.5 GB) | next hour ÷ cold (≤ 3%%, < 3 s) | "
               "no change ÷ cold (≤ 1%%) |" % TARGETS["cold_vs_hugo"])
    out.append("| ---: | ---: | --- | --- | --- | --- |")
    for r in results:
        cold, next_hour, no_change = r["cold"][0], r["next_hour"][0], r["no_change"][0]
        html, xml, other, size, _ = r["public"]
        files = html + xml + other
        hugo = "—"
        hugo_wall = r["hugo"][0] if r["hugo"] else r.get("hugo_known")
        if hugo_wall:
            share = cold / hugo_wall
            hugo = "%.2f, %s" % (share, mark(share <= TARGETS["cold_vs_hugo"]))
        rss_mb = r["cold"][2] / 1024
        next_share = next_hour / cold
        out.append("| %s | %s files, %.2f GB | %s | %d MB, %s | %.1f%% (%s), %s | %.1f%%, %s |" % (
            format(r["n"], ","), format(files, ","), size / 1e9, hugo, rss_mb, mark(rss_mb <= TARGETS["cold_rss_mb"]),
            100 * next_share, compare.seconds(next_hour),
            mark(next_share <= TARGETS["next_hour_share"] and next_hour < TARGETS["next_hour_seconds"]),
            100 * no_change / cold, mark(no_change / cold <= TARGETS["no_change_share"])))
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True, help="a release newsgen")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--root", default="/dev/shm/newsgen-scale-bench")
    parser.add_argument("--hugo", default=shutil.which("hugo"))
    parser.add_argument("--hugo-timeout", type=int, default=1800, help="seconds before Hugo's build is given up")
    parser.add_argument("--hugo-known", action="append", default=[], metavar="N=SECONDS",
                        help="do not run Hugo at N articles: compare with this wall time of an earlier run")
    parser.add_argument("--keep", action="store_true", help="keep each size's working copy (ROOT/work-N)")
    parser.add_argument("--search-bench", action="store_true", help="then run search_bench.py on the largest site")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    # Every build sees the generated site's "now" and prints no colour.
    os.environ.update(SOURCE_DATE_EPOCH=EPOCH, NO_COLOR="1")
    os.makedirs(args.root, exist_ok=True)
    known = {int(n): float(seconds) for n, seconds in (item.split("=") for item in args.hugo_known)}
    results = []
    for n in sorted(int(size) for size in args.sizes.split(",")):
        compare.log("scale bench: %d articles" % n)
        result = measure(n, args.root, binary, args.hugo, args.hugo_timeout, args.keep or args.search_bench,
                         known.get(n))
        result["root"] = args.root
        results.append(result)
    print(report(results, compare.machine(), compare.versions(binary, args.hugo or "hugo")))
    search = os.path.join(HERE, "search_bench.py")
    if args.search_bench and os.path.exists(search):
        largest = os.path.join(args.root, "work-%d" % results[-1]["n"])
        subprocess.run([sys.executable, search, "--site", largest], check=False)


if __name__ == "__main__":
    main()
