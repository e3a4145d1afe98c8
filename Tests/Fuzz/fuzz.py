#!/usr/bin/env python3
"""Runs newsgen's libFuzzer targets (Tests/Fuzz/<Target>/, built by `make fuzz-build`).

    fuzz.py smoke --bin DIR [TARGET...]      the short deterministic pass `make test` runs
    fuzz.py run --bin DIR --seconds N [...]  real fuzzing, one target after another (`make fuzz`)
    fuzz.py report                           CPU time per target so far, from .fuzz/history.tsv
    fuzz.py timing --bin DIR [TARGET...]     inputs whose time per byte is 10x their target's median

Seeds are read in place: the third-party corpora from ../shared/corpora (skipped with a message
when absent, a failure under CI=true), the repository's own inputs (content/, templates/,
site.json, the XSS vectors of Tests/Browser) and each target's seeds/ folder. Inputs that need
another shape (a Mustache spec case, an archive month with its folder's name) are made into
.build/fuzz/seeds/<Target>/, never into the repository. Every file in a target's regressions/
folder is replayed first by both commands. Both end with the timing report: every input of
4 KiB or more (seeds, regressions, what fuzzing learnt) is run alone, and one whose time per
byte is 10 times the median of its target's is named: a slow path to look at, as a hang is.
See docs/fuzzing.md.
"""

import argparse
import concurrent.futures
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FUZZ = ROOT / "Tests" / "Fuzz"
CORPORA = (ROOT / ".." / "shared" / "corpora").resolve()
BUILD = ROOT / ".build" / "fuzz"
# What real fuzzing keeps between runs: corpus/<Target>, findings/<Target>, history.tsv (git-ignored).
KEEP = ROOT / ".fuzz"

# Per input: longer is a hang. Per process: more resident memory, or one allocation larger
# than this, is a blow-up (inputs are at most a few tens of kilobytes).
TIMEOUT_SECONDS = 10
RSS_LIMIT_MB = 2048
MALLOC_LIMIT_MB = 256
SMOKE_SEED = 1
# The timing report: inputs this large or larger (below, a call's fixed cost hides its time per byte),
# each run a target's `timing_runs` times (libFuzzer times in whole milliseconds), named when their
# time per byte is this many times their target's median; `make test`'s pass times at most
# TIMING_SMOKE_INPUTS of a target's inputs, spread over them in name order.
TIMING_MIN_BYTES = 1024
TIMING_FACTOR = 10
TIMING_SMOKE_INPUTS = 120
# libFuzzer's own leak check runs each input twice and catches what one input leaks; LSan's
# check at exit would also report Swift's lazily made globals, whose pointers carry tag bits.
ASAN_OPTIONS = "leak_check_at_exit=0:quarantine_size_mb=64:detect_stack_use_after_return=0"


class Target:
    def __init__(self, name, seeds, dicts, max_len, smoke_mutations, timing_runs=10):
        self.name = name
        self.seeds = seeds
        self.dicts = dicts
        self.max_len = max_len
        self.smoke_mutations = smoke_mutations
        self.timing_runs = timing_runs


# Seed sources: each returns folders for libFuzzer to read (recursively), or [] when absent.
def corpus(relative):
    def folders(target):
        path = CORPORA / relative
        return [path] if path.is_dir() else []
    folders.needs_corpora = True
    return folders


def repo_files(*patterns):
    """Files of the repository, copied into the build folder (libFuzzer reads folders, not lists)."""
    def folders(target):
        out = fresh(target, "repo")
        for pattern in patterns:
            for path in sorted(ROOT.glob(pattern)):
                if path.is_file():
                    shutil.copyfile(path, out / path.name)
        return [out]
    return folders


def mustache_spec(target):
    """Each case of the Mustache spec as template NUL data NUL (name NUL partial)*."""
    specs = CORPORA / "mustache-spec" / "specs"
    if not specs.is_dir():
        return []
    out = fresh(target, "mustache-spec")
    for spec in sorted(specs.glob("*.json")):
        for index, case in enumerate(json.loads(spec.read_text(encoding="utf-8"))["tests"]):
            parts = [case["template"], json.dumps(case.get("data"))]
            for name, source in sorted((case.get("partials") or {}).items()):
                parts += [name, source]
            (out / f"{spec.stem}-{index:03d}").write_text("\0".join(parts), encoding="utf-8")
    return [out]
mustache_spec.needs_corpora = True


def theme_templates(target):
    """Each template of the default theme, with the whole theme as its partials and no data
    (so the target's page-shaped context is used)."""
    out = fresh(target, "theme")
    templates = {p.stem: p.read_text(encoding="utf-8") for p in sorted((ROOT / "templates").glob("*.mustache"))}
    for name, source in templates.items():
        parts = [source, ""]
        for partial, text in templates.items():
            parts += [partial, text]
        (out / name).write_text("\0".join(parts), encoding="utf-8")
    return [out]


def xss_vectors(target):
    """Every vector of the headless-browser XSS check, as the HTML a feed would carry."""
    sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
    import xss_vectors as vectors
    out = fresh(target, "xss-vectors")
    for vector in vectors.vectors():
        html = vectors.render(vector["template"], vector["id"], "http://127.0.0.1:8000")
        (out / vector["id"]).write_text(html, encoding="utf-8")
    return [out]


def archive_months(target):
    """The sample site's archive months, each after a first line naming its source folder."""
    out = fresh(target, "archive")
    for month in sorted((ROOT / "content" / "archive").glob("*/*.jsonl")):
        source = month.parent.name
        (out / f"{source}-{month.name}").write_bytes(source.encode() + b"\n" + month.read_bytes())
    return [out]


def json_locations(target):
    """Key paths into the sample site's JSON files and the targets' JSON seeds."""
    out = fresh(target, "locations")
    documents = [ROOT / "site.json", ROOT / "bookmarks.json"] + sorted(FUZZ.glob("*/seeds/*.json"))
    paths = ["", "title", "sources[0].url", "sources[2]", "bookmarks[1].added", "embeds.allow[1]", "fetch.timout",
             "sources[0].id.x", "[0]", "takedowns[1].removed", "entries"]
    for number, document in enumerate(documents):
        for path in paths:
            name = f"{number:02d}-{document.stem}-{re.sub(r'[^a-z0-9]+', '-', path.lower()) or 'top'}"
            (out / name).write_bytes(path.encode() + b"\n" + document.read_bytes())
    return [out]


TARGETS = {t.name: t for t in [
    Target("FeedParser", [corpus("feedparser-tests"), repo_files("content/feeds/*.xml")],
           ["xml", "feeds"], 65536, 3000),
    Target("HTMLSanitizer", [corpus("feedparser-tests/wellformed/sanitize"), corpus("readability-test-pages"), xss_vectors],
           ["html"], 32768, 3000, timing_runs=3),
    Target("MarkdownArticle", [repo_files("content/articles/*.md")], ["markdown", "html"], 16384, 3000),
    Target("Mustache", [mustache_spec, theme_templates], ["mustache"], 8192, 10000),
    Target("SiteConfig", [repo_files("site.json")], ["json", "newsgen-json"], 8192, 5000),
    Target("BookmarkManifest", [repo_files("bookmarks.json")], ["json", "newsgen-json"], 8192, 5000),
    Target("JSONDocument", [json_locations], ["json", "newsgen-json"], 8192, 10000),
    Target("ArchiveLines", [archive_months], ["json", "newsgen-json"], 16384, 3000),
    Target("BuildRecord", [], ["json", "newsgen-json"], 8192, 10000),
    Target("FetchState", [], ["json", "newsgen-json"], 8192, 2000),
    Target("Takedowns", [], ["json", "newsgen-json"], 8192, 5000),
    Target("ImageCacheIndex", [], ["json", "newsgen-json"], 8192, 1000),
    Target("Extractor", [corpus("readability-test-pages")], ["html"], 65536, 500, timing_runs=1),
]}


def fresh(target, name):
    path = BUILD / "seeds" / target.name / name
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def built_targets():
    """Folders Tests/Fuzz/<T>/ with a <T>.swift: what `make fuzz-build` builds."""
    return sorted(p.parent.name for p in FUZZ.glob("*/*.swift") if p.stem == p.parent.name)


def check_corpora():
    """True when ../shared/corpora is there; a message when not, and a failure under CI=true."""
    if CORPORA.is_dir():
        return True
    if os.environ.get("CI") == "true":
        sys.exit(f"fuzz: {CORPORA} is absent, and CI=true needs it (the feedparser, Mustache spec and Readability seeds)")
    print(f"fuzz: {CORPORA} is absent: the feedparser, Mustache spec and Readability seeds are skipped "
          "(the repository's own seeds and the regressions still run)")
    return False


def seed_folders(target):
    folders = []
    own = FUZZ / target.name / "seeds"
    if own.is_dir():
        folders.append(own)
    for source in target.seeds:
        folders += source(target)
    return folders


def dictionary(target):
    """The target's dictionaries, joined into one file (libFuzzer takes one -dict)."""
    if not target.dicts:
        return None
    path = BUILD / "dicts" / f"{target.name}.dict"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join((FUZZ / "Dictionaries" / f"{name}.dict").read_text() for name in target.dicts))
    return path


def regressions(target):
    folder = FUZZ / target.name / "regressions"
    return sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")) if folder.is_dir() else []


def count_files(folders):
    return sum(1 for folder in folders for path in folder.rglob("*") if path.is_file())


def limits(target):
    flags = [f"-timeout={TIMEOUT_SECONDS}", f"-rss_limit_mb={RSS_LIMIT_MB}", f"-malloc_limit_mb={MALLOC_LIMIT_MB}",
             f"-max_len={target.max_len}", "-print_final_stats=1"]
    dict_path = dictionary(target)
    if dict_path:
        flags.append(f"-dict={dict_path}")
    return flags


def environment(scratch):
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = ASAN_OPTIONS + (":" + env["ASAN_OPTIONS"] if env.get("ASAN_OPTIONS") else "")
    # libFuzzer's own handler reports a Swift trap (and keeps its input), without Swift's slower backtracer.
    env.setdefault("SWIFT_BACKTRACE", "enable=no")
    symbolizer = shutil.which("llvm-symbolizer")
    if symbolizer:
        env.setdefault("ASAN_SYMBOLIZER_PATH", symbolizer)
    # The targets that read files write them to a scratch folder of this run's own (in memory,
    # faster than disk), removed after it: a fuzzer that crashes, or that libFuzzer ends with
    # _exit at its time limit, never runs the target's own clean-up.
    env["TMPDIR"] = scratch
    return env


def execute(command, log, nice=None):
    """Runs one fuzzer, its output into `log`; returns (exit status, wall seconds, CPU seconds)."""
    if nice is not None:
        command = ["nice", "-n", str(nice)] + command
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    memory = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    scratch = tempfile.mkdtemp(prefix="newsgen-fuzz-run-", dir=memory)
    try:
        with open(log, "w") as out:
            status = subprocess.call(command, stdout=out, stderr=subprocess.STDOUT, env=environment(scratch), cwd=ROOT)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return status, time.monotonic() - start, cpu


def stats(log):
    """What libFuzzer said at the end: executions, exec/s, corpus size, coverage, peak RSS."""
    text = Path(log).read_text(errors="replace")
    found = {}
    for key in ["number_of_executed_units", "average_exec_per_sec", "peak_rss_mb", "new_units_added"]:
        match = re.findall(rf"stat::{key}:\s+(\d+)", text)
        if match:
            found[key] = int(match[-1])
    # In fork mode (-fork=N, with -ignore_ooms or -ignore_timeouts) what was let go is counted.
    ignored = re.findall(r"oom/timeout/crash: (\d+)/(\d+)/(\d+)", text)
    if ignored:
        found["ignored"] = tuple(int(n) for n in ignored[-1])
    progress = re.findall(r"cov: (\d+) ft: (\d+) corp: (\d+)/(\S+)", text)
    if progress:
        found["cov"], found["ft"], found["corpus"], found["corpus_size"] = progress[-1]
    return found, text


def artifact(text):
    match = re.findall(r"Test unit written to (\S+)", text)
    return match[-1] if match else None


def failure_summary(text):
    for pattern in [r"Fatal error: .*", r"==\d+== ?ERROR: .*", r"ALARM: .*", r".*out-of-memory.*", r"SUMMARY: .*"]:
        match = re.search(pattern, text)
        if match:
            return match.group(0).strip()
    return "the fuzzer failed"


def binary(bin_dir, name):
    path = Path(bin_dir) / name
    if not path.is_file():
        sys.exit(f"fuzz: {path} is missing: run `make fuzz-build`")
    return path


def replay(target, bin_dir, log_dir):
    """Every regression input once; None when all pass, else the failure."""
    inputs = regressions(target)
    if not inputs:
        return None, 0
    log = log_dir / f"{target.name}-regressions.log"
    command = [str(binary(bin_dir, target.name))] + limits(target) + [str(p) for p in inputs]
    status, _, _ = execute(command, log)
    if status != 0:
        _, text = stats(log)
        return f"{failure_summary(text)} (see {log})", len(inputs)
    return None, len(inputs)


def smoke_one(target, bin_dir, seeds, log_dir):
    """One target's pass: (the line to print, the failure or None)."""
    name = target.name
    started = time.monotonic()
    failure, replayed = replay(target, bin_dir, log_dir)
    if failure:
        return f"fuzz-smoke: {name:17} FAILED a regression input", f"{name}: a regression input fails again: {failure}"
    scratch = log_dir / "corpus" / name
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    artifacts = log_dir / "findings" / name
    artifacts.mkdir(parents=True, exist_ok=True)
    seed_count = count_files(seeds)
    log = log_dir / f"{name}.log"
    command = [str(binary(bin_dir, name)), f"-seed={SMOKE_SEED}", f"-runs={seed_count + target.smoke_mutations}",
               f"-artifact_prefix={artifacts}/"] + limits(target) + [str(scratch)] + [str(f) for f in seeds]
    status, _, _ = execute(command, log)
    found, text = stats(log)
    seconds = time.monotonic() - started
    if status != 0:
        return (f"fuzz-smoke: {name:17} FAILED after {seconds:.1f}s",
                f"{name}: {failure_summary(text)}; input kept as {artifact(text)} (log: {log})")
    return (f"fuzz-smoke: {name:17} ok  {replayed:3} regressions, {seed_count:5} seeds + {target.smoke_mutations:5} mutations, "
            f"{found.get('number_of_executed_units', 0):6} runs, {seconds:5.1f}s"), None


def slow_inputs(samples, factor=TIMING_FACTOR):
    """`samples`: (name, bytes, milliseconds) per input. Returns the median milliseconds per byte and,
    slowest first, (name, bytes, ms per byte, times the median) of each input at `factor` times it or more."""
    rates = sorted(ms / size for _, size, ms in samples)
    if not rates:
        return 0.0, []
    middle = len(rates) // 2
    median = rates[middle] if len(rates) % 2 else (rates[middle - 1] + rates[middle]) / 2
    # A median of 0 ms (most inputs quicker than the clock's millisecond) judges by the smallest time that shows.
    floor = median if median > 0 else min((rate for rate in rates if rate > 0), default=0.0)
    slow = [(name, size, ms / size, (ms / size) / floor if floor else float("inf"))
            for name, size, ms in samples if floor and ms / size >= factor * floor]
    return median, sorted(slow, key=lambda row: -row[2])


def timing_one(target, bin_dir, folders, log_dir, most=None):
    """The report's line for one target: each input of TIMING_MIN_BYTES or more (as the fuzzer reads it:
    at most max_len bytes) run alone in libFuzzer's file mode, which times each, then `slow_inputs`. An
    input that does not finish (a hang past the timeout) is named as such and the rest go on. Never a
    failure: a slow input is a lead, not a verdict. `most`: time only that many, spread over the inputs."""
    files = sorted({p for folder in folders for p in Path(folder).rglob("*")
                    if p.is_file() and p.stat().st_size >= TIMING_MIN_BYTES} |
                   {p for p in regressions(target) if p.stat().st_size >= TIMING_MIN_BYTES})
    total = len(files)
    if most and total > most:
        files = [files[i * total // most] for i in range(most)]
    if len(files) < 5:
        return f"fuzz-timing: {target.name:17} {len(files)} inputs of {TIMING_MIN_BYTES // 1024} KiB or more: too few to judge"
    runs = target.timing_runs
    executed, unfinished, left = {}, [], list(files)
    while left:
        log = log_dir / f"{target.name}-timing.log"
        command = [str(binary(bin_dir, target.name)), f"-runs={runs}", "-detect_leaks=0", f"-timeout={TIMEOUT_SECONDS}",
                   f"-rss_limit_mb={RSS_LIMIT_MB}", f"-max_len={target.max_len}"] + [str(p) for p in left]
        execute(command, log)
        text = Path(log).read_text(errors="replace")
        executed.update({path: int(ms) for path, ms in re.findall(r"Executed (\S+) in (\d+) ms", text)})
        done = [str(p) in executed for p in left]
        if all(done):
            break
        stopped = done.index(False)
        unfinished.append(left[stopped])
        left = left[stopped + 1:]
    samples = [(str(p), min(p.stat().st_size, target.max_len), executed[str(p)] / runs) for p in files if str(p) in executed]
    median, slow = slow_inputs(samples)
    line = (f"fuzz-timing: {target.name:17} {len(samples)} of {total} inputs of {TIMING_MIN_BYTES // 1024} KiB or more, "
            f"median {median * 1e6:.0f} ns/byte")
    rows = [f"  {name}: did not finish within {TIMEOUT_SECONDS} s" for name in map(str, unfinished)]
    rows += [f"  {name}: {size:,} bytes, {rate * 1e6:.0f} ns/byte, {times:.0f}x the median" for name, size, rate, times in slow]
    if not rows:
        return line + f"; none {TIMING_FACTOR}x slower"
    return "\n".join([line + f"; {len(rows)} at {TIMING_FACTOR}x or more:"] + rows)


def timing(args):
    names = args.targets or built_targets()
    check_corpora()
    log_dir = BUILD / "timing"
    log_dir.mkdir(parents=True, exist_ok=True)
    for name in names:
        target = TARGETS[name]
        learnt = KEEP / "corpus" / name
        print(timing_one(target, args.bin, seed_folders(target) + ([learnt] if learnt.is_dir() else []), log_dir), flush=True)


def smoke(args):
    names = args.targets or built_targets()
    check_corpora()
    log_dir = BUILD / "smoke"
    log_dir.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()
    seeds = {name: seed_folders(TARGETS[name]) for name in names}
    # Each target's pass is deterministic on its own; two at a time use both cores.
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        passes = [pool.submit(smoke_one, TARGETS[name], args.bin, seeds[name], log_dir) for name in names]
        failures = []
        for finished in passes:
            line, failure = finished.result()
            print(line, flush=True)
            if failure:
                failures.append(failure)
    print(f"fuzz-smoke: {len(names)} targets in {time.monotonic() - began:.1f}s")
    for name in names:
        print(timing_one(TARGETS[name], args.bin, seeds[name], log_dir, most=TIMING_SMOKE_INPUTS), flush=True)
    if failures:
        print("\n".join(["fuzz-smoke: FAILED"] + failures), file=sys.stderr)
        sys.exit(1)


def run(args):
    names = args.targets or built_targets()
    check_corpora()
    log_dir = KEEP / "logs"
    log_dir.mkdir(parents=True, exist_ok=True)
    history = KEEP / "history.tsv"
    if not history.exists():
        history.write_text("date\ttarget\tseconds\tcpu_seconds\texecutions\texec_per_second\tcorpus_files\tpeak_rss_mb\tresult\n")
    failed = False
    for name in names:
        target = TARGETS[name]
        failure, _ = replay(target, args.bin, log_dir)
        if failure:
            print(f"fuzz: {name}: a regression input fails again: {failure}", file=sys.stderr)
            failed = True
            continue
        corpus_dir = KEEP / "corpus" / name
        corpus_dir.mkdir(parents=True, exist_ok=True)
        findings = KEEP / "findings" / name
        findings.mkdir(parents=True, exist_ok=True)
        seeds = seed_folders(target)
        log = log_dir / f"{name}-{time.strftime('%Y%m%d-%H%M%S')}.log"
        command = [str(binary(args.bin, name)), f"-max_total_time={args.seconds}", f"-artifact_prefix={findings}/"] \
            + limits(target) + args.libfuzzer + [str(corpus_dir)] + [str(f) for f in seeds]
        print(f"fuzz: {name} for {args.seconds}s (log: {log})", flush=True)
        status, seconds, cpu = execute(command, log, nice=args.nice)
        found, text = stats(log)
        result = "clean" if status == 0 else f"finding: {failure_summary(text)} -> {artifact(text)}"
        if status == 0 and any(found.get("ignored", ())):
            result = "let go: %d out-of-memory, %d timeouts, %d crashes (fork mode)" % found["ignored"]
        corpus_files = sum(1 for p in corpus_dir.iterdir() if p.is_file())
        with open(history, "a") as out:
            out.write("\t".join(str(v) for v in [time.strftime("%Y-%m-%dT%H:%M:%S"), name, round(seconds), round(cpu),
                                                 found.get("number_of_executed_units", 0), found.get("average_exec_per_sec", 0),
                                                 corpus_files, found.get("peak_rss_mb", 0), result]) + "\n")
        print(f"fuzz: {name}: {result}; {round(cpu)} CPU s, {found.get('number_of_executed_units', 0)} runs, "
              f"{found.get('average_exec_per_sec', 0)} exec/s, corpus {corpus_files} files, peak {found.get('peak_rss_mb', 0)} MB",
              flush=True)
        failed = failed or status != 0
        print(timing_one(target, args.bin, seeds + [corpus_dir], log_dir), flush=True)
    sys.exit(1 if failed else 0)


def report(args):
    history = KEEP / "history.tsv"
    if not history.exists():
        sys.exit(f"fuzz: no {history} yet: run `make fuzz` first")
    rows = [line.split("\t") for line in history.read_text().splitlines()[1:] if line]
    print("| target | CPU time run clean | executions | exec/s (last run) | corpus files | findings |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for name in sorted({row[1] for row in rows}):
        mine = [row for row in rows if row[1] == name]
        clean = sum(int(row[3]) for row in mine if row[8] == "clean")
        runs = sum(int(row[4]) for row in mine)
        findings = [row[8] for row in mine if row[8] != "clean"]
        print(f"| {name} | {clean / 60:.0f} min | {runs:,} | {mine[-1][5]} | {mine[-1][6]} | {len(findings) or 'none'} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    smoke_parser = commands.add_parser("smoke")
    smoke_parser.add_argument("--bin", required=True)
    smoke_parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="targets at a time (default: 2)")
    smoke_parser.add_argument("targets", nargs="*")
    run_parser = commands.add_parser("run")
    run_parser.add_argument("--bin", required=True)
    run_parser.add_argument("--seconds", type=int, default=60)
    run_parser.add_argument("--nice", type=int, default=19)
    run_parser.add_argument("--libfuzzer", action="append", default=[], help="one more libFuzzer flag, e.g. --libfuzzer=-jobs=1")
    run_parser.add_argument("targets", nargs="*")
    commands.add_parser("report")
    timing_parser = commands.add_parser("timing")
    timing_parser.add_argument("--bin", required=True)
    timing_parser.add_argument("targets", nargs="*")
    args = parser.parse_args()
    for name in getattr(args, "targets", None) or []:
        if name not in TARGETS:
            sys.exit(f"fuzz: no target '{name}' (targets: {', '.join(TARGETS)})")
    missing = [name for name in built_targets() if name not in TARGETS]
    if missing:
        sys.exit(f"fuzz: {', '.join(missing)} in Tests/Fuzz but not in fuzz.py's TARGETS")
    {"smoke": smoke, "run": run, "report": report, "timing": timing}[args.command](args)


if __name__ == "__main__":
    main()
