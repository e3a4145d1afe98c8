#!/usr/bin/env python3
"""newsgen against Hugo on the same synthetic archive, and feed parsing against feedparser and xmllint.

Usage: compare.py --binary .build/release/newsgen [--parse-bench PATH] [--hugo hugo] [--sizes 1000,10000]
                  [--pairs 1000:5,10000:3] [--seed 1] [--tmpfs /dev/shm] [--disk /tmp] [--skip-disk]
                  [--skip-parsing | --parsing-only]

For each N, generate.py writes the archive (20 sources, half RSS, half Atom) as a newsgen site and as a
Hugo site into tmpfs. After one untimed warm-up build of each, the two run in alternating pairs
(newsgen, Hugo, newsgen, Hugo, …), each a full build: newsgen's content/archive/, public/ and .newsgen/
are deleted before each of its runs, Hugo's public/ and resources/ before each of its. Each run goes
through GNU time (`/usr/bin/time`), for its CPU seconds and peak resident memory. Reported: the median
wall time of each side, the median of the per-pair ratios newsgen/Hugo, the median CPU time (user +
system) and the largest peak RSS of each, and what each side wrote (files by kind, bytes).

Then, once, the same two sites copied to a folder on disk, one build each: what a user sees, not a
comparison (disk writes here swing 2× from run to run).

Feed parsing, on the 20 feed files of the largest N: newsgen's Parse stage as the build runs it, timed by
`newsgen-parse-bench` (one process, the median of PROBE_ROUNDS rounds after an untimed one: on every core,
on one core with --serial, and with the Enrich stage's sanitizing added with --sanitize); `newsgen inspect
FILE` (a process per file, output to /dev/null); Python feedparser's parse() in one process (interpreter
start-up and import not counted); and `xmllint --noout FILE` (a process per file); the median of three
rounds over all the files for each of the last three. The targets compare the Parse stage on every core:
at least 30× feedparser's items per second, at most 3× xmllint's time. `--parsing-only` generates only the
largest N and runs only this part. The probe is built beside --binary (same scratch path) when missing.

Prints a Markdown section ready to paste into BENCHMARKS.md. Exit 1 when a build or a parse fails.
"""
import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATE = os.path.join(HERE, "generate.py")
GNU_TIME = "/usr/bin/time"
PARSE_ROUNDS = 3
PROBE_ROUNDS = 7
REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))

FEEDPARSER_SCRIPT = r"""
import json, sys, time
import feedparser
wall = cpu = 0.0
items = 0
for path in sys.argv[1:]:
    w, c = time.perf_counter(), time.process_time()
    parsed = feedparser.parse(path)
    wall += time.perf_counter() - w
    cpu += time.process_time() - c
    if parsed.bozo:
        sys.exit("feedparser: %s: %s" % (path, parsed.bozo_exception))
    items += len(parsed.entries)
print(json.dumps({"wall": wall, "cpu": cpu, "items": items}))
"""


class Failure(Exception):
    pass


def log(message):
    print(message, file=sys.stderr, flush=True)


def load():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def busy_fraction(seconds=1.0):
    """The share of all cores' time spent busy over the next `seconds` (from /proc/stat)."""
    def sample():
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
        return sum(fields[:8]), idle
    total0, idle0 = sample()
    time.sleep(seconds)
    total1, idle1 = sample()
    return 1 - (idle1 - idle0) / max(1, total1 - total0)


QUIET = {"wait": 60.0, "busy": 0.15, "waited": 0.0, "gave_up": 0}


def wait_for_quiet():
    """Start a timed run only once the machine is idle (other people's builds share it): at most
    QUIET["wait"] seconds, checking each second that under QUIET["busy"] of the CPU is in use."""
    start = time.perf_counter()
    while busy_fraction() >= QUIET["busy"]:
        if time.perf_counter() - start >= QUIET["wait"]:
            QUIET["gave_up"] += 1
            break
    QUIET["waited"] += time.perf_counter() - start


def timed(argv, cwd=None, stdout=subprocess.DEVNULL):
    """Run argv under GNU time: (wall seconds, CPU seconds, peak RSS in KB)."""
    return timed_with_output(argv, cwd=cwd, stdout=stdout)[:3]


def timed_with_output(argv, cwd=None, stdout=subprocess.PIPE):
    """`timed`, and what argv wrote to its standard output (None unless `stdout` is PIPE)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        start = time.perf_counter()
        done = subprocess.run([GNU_TIME, "-o", report.name, "-f", "%U %S %M"] + argv, cwd=cwd,
                              stdout=stdout, stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - start
        if done.returncode != 0:
            raise Failure("%s exited %d: %s" % (" ".join(argv), done.returncode, done.stderr.strip()[-2000:]))
        lines = [line for line in report.read().splitlines() if line.strip()]
        user, system, rss = lines[-1].split()
        return wall, float(user) + float(system), int(rss), done.stdout


def remove(*paths):
    for path in paths:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        elif os.path.lexists(path):
            os.remove(path)


class Newsgen:
    name = "newsgen"

    def __init__(self, binary, site):
        self.binary, self.site = binary, site
        self.public = os.path.join(site, "public")

    def clean(self):
        remove(os.path.join(self.site, "content", "archive"), self.public, os.path.join(self.site, ".newsgen"))

    def build(self):
        self.clean()
        wait_for_quiet()
        return timed([self.binary, "build", "--site", self.site, "--offline", "--quiet"])


class Hugo:
    name = "Hugo"

    def __init__(self, binary, site):
        self.binary, self.site = binary, site
        self.public = os.path.join(site, "public")

    def clean(self):
        remove(self.public, os.path.join(self.site, "resources"), os.path.join(self.site, ".hugo_build.lock"))

    def build(self):
        self.clean()
        wait_for_quiet()
        return timed([self.binary, "--source", self.site, "--quiet"])


def output_summary(public):
    """(html files, xml files, other files, total bytes, {top-level entry: files}) under public/."""
    html = xml = other = size = 0
    entries = {}
    for folder, _, files in os.walk(public):
        relative = os.path.relpath(folder, public)
        for name in files:
            size += os.path.getsize(os.path.join(folder, name))
            if name.endswith(".html"):
                html += 1
            elif name.endswith(".xml"):
                xml += 1
            else:
                other += 1
            entry = name if relative == "." else relative.split(os.sep)[0] + "/"
            entries[entry] = entries.get(entry, 0) + 1
    return html, xml, other, size, entries


def generate(n, out, seed):
    remove(out)
    log("generating N=%d into %s" % (n, out))
    subprocess.run([sys.executable, GENERATE, str(n), out, "--seed", str(seed)], check=True)


def compare_builds(n, pairs, root, newsgen_binary, hugo_binary):
    sides = (Newsgen(newsgen_binary, os.path.join(root, "newsgen")), Hugo(hugo_binary, os.path.join(root, "hugo")))
    for side in sides:
        log("N=%d: warm-up %s build" % (n, side.name))
        side.build()
    runs = {side.name: [] for side in sides}
    loads = [load()]
    for pair in range(pairs):
        for side in sides:
            runs[side.name].append(side.build())
            log("N=%d pair %d: %s %.2f s wall, %.2f s CPU, %d MB" % ((n, pair + 1, side.name) + runs[side.name][-1][:2]
                                                                      + (runs[side.name][-1][2] // 1024,)))
        loads.append(load())
    ratios = [a[0] / b[0] for a, b in zip(runs["newsgen"], runs["Hugo"])]
    result = {"n": n, "pairs": pairs, "ratio": statistics.median(ratios), "ratios": ratios,
              "load": (min(loads), max(loads))}
    for side in sides:
        walls = [r[0] for r in runs[side.name]]
        result[side.name] = {
            "wall": statistics.median(walls), "min": min(walls), "max": max(walls),
            "cpu": statistics.median(r[1] for r in runs[side.name]),
            "rss": max(r[2] for r in runs[side.name]),
            "output": output_summary(side.public),
        }
    result["cpu_ratio"] = result["newsgen"]["cpu"] / result["Hugo"]["cpu"]
    result["unchanged"] = rebuild_without_change(sides[0], n)
    return result


def stamps(public):
    """{path: (inode, mtime in ns, size)} of every file under public/."""
    found = {}
    for folder, _, files in os.walk(public):
        for name in files:
            info = os.stat(os.path.join(folder, name))
            found[os.path.join(folder, name)] = (info.st_ino, info.st_mtime_ns, info.st_size)
    return found


def rebuild_without_change(side, n, runs=5):
    """newsgen built again with nothing changed since its last build: (median, min, max wall), after checking
    that no file of public/ changed its inode, mtime or size."""
    before = stamps(side.public)
    walls = []
    for _ in range(runs):
        wait_for_quiet()
        walls.append(timed([side.binary, "build", "--site", side.site, "--offline", "--quiet"])[0])
    if stamps(side.public) != before:
        raise Failure("N=%d: a rebuild with no change touched public/" % n)
    log("N=%d: no-change rebuild %.3f s (median of %d)" % (n, statistics.median(walls), runs))
    starts = []
    for _ in range(runs):
        wait_for_quiet()
        starts.append(timed([side.binary, "--version"])[0])
    return statistics.median(walls), min(walls), max(walls), statistics.median(starts)


def disk_builds(n, tmpfs_root, disk_parent, newsgen_binary, hugo_binary):
    root = os.path.join(disk_parent, "newsgen-hugo-disk-%d" % n)
    remove(root)
    shutil.copytree(tmpfs_root, root, symlinks=True)
    try:
        sides = (Newsgen(newsgen_binary, os.path.join(root, "newsgen")), Hugo(hugo_binary, os.path.join(root, "hugo")))
        result = {"n": n, "folder": root}
        for side in sides:
            log("N=%d on disk: %s build" % (n, side.name))
            result[side.name] = side.build()
        return result
    finally:
        remove(root)


def probe_binary(newsgen_binary, given):
    """newsgen-parse-bench: `given`, else beside the newsgen binary, built there (release) when missing."""
    if given:
        return os.path.realpath(given)
    folder = os.path.dirname(newsgen_binary)
    probe = os.path.join(folder, "newsgen-parse-bench")
    if not os.access(probe, os.X_OK):
        scratch = os.path.dirname(folder)
        log("building newsgen-parse-bench (release) in %s" % scratch)
        subprocess.run(["swift", "build", "-c", "release", "--scratch-path", scratch, "--product", "newsgen-parse-bench"],
                       cwd=REPOSITORY, check=True, stdout=subprocess.DEVNULL)
    return os.path.realpath(probe)


def run_probe(probe, files, *flags):
    """One newsgen-parse-bench run: its JSON report (items, bytes, median wall of PROBE_ROUNDS rounds)."""
    wait_for_quiet()
    done = subprocess.run([probe, "--json", "--rounds", str(PROBE_ROUNDS)] + list(flags) + files,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise Failure("newsgen-parse-bench %s: %s" % (" ".join(flags), done.stderr.strip()[-2000:]))
    return json.loads(done.stdout)


def parse_throughput(feeds, newsgen_binary, probe):
    files = sorted(os.path.join(feeds, name) for name in os.listdir(feeds) if name.endswith(".xml"))
    # Items per file, from what newsgen itself reads (checked against feedparser below).
    items = 0
    for path in files:
        done = subprocess.run([newsgen_binary, "inspect", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if done.returncode != 0:
            raise Failure("newsgen inspect %s: %s" % (path, done.stderr.decode(errors="replace").strip()))
        items += len(json.loads(done.stdout)["items"])
    total_bytes = sum(os.path.getsize(path) for path in files)

    def rounds(argv_for):
        walls, cpus = [], []
        for _ in range(PARSE_ROUNDS):
            wait_for_quiet()
            wall = cpu = 0.0
            for path in files:
                w, c, _ = timed(argv_for(path))
                wall += w
                cpu += c
            walls.append(wall)
            cpus.append(cpu)
        return statistics.median(walls), statistics.median(cpus)

    log("parsing: newsgen-parse-bench (every core, one core, with sanitizing), %d files x %d rounds"
        % (len(files), PROBE_ROUNDS))
    stage = {name: run_probe(probe, files, *flags)
             for name, flags in (("parallel", ()), ("serial", ("--serial",)), ("sanitize", ("--sanitize",)))}
    for name, report in stage.items():
        if report["items"] != items:
            raise Failure("newsgen-parse-bench (%s) read %d items, newsgen inspect %d" % (name, report["items"], items))
    log("parsing: newsgen inspect, %d files x %d rounds" % (len(files), PARSE_ROUNDS))
    newsgen = rounds(lambda path: [newsgen_binary, "inspect", path])
    log("parsing: xmllint --noout, %d files x %d rounds" % (len(files), PARSE_ROUNDS))
    xmllint = rounds(lambda path: ["xmllint", "--noout", path])
    log("parsing: feedparser, %d files x %d rounds" % (len(files), PARSE_ROUNDS))
    fp_walls, fp_cpus = [], []
    for _ in range(PARSE_ROUNDS):
        wait_for_quiet()
        done = subprocess.run([sys.executable, "-c", FEEDPARSER_SCRIPT] + files, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            raise Failure(done.stderr.strip())
        report = json.loads(done.stdout)
        if report["items"] != items:
            raise Failure("feedparser read %d items, newsgen %d" % (report["items"], items))
        fp_walls.append(report["wall"])
        fp_cpus.append(report["cpu"])
    feedparser = (statistics.median(fp_walls), statistics.median(fp_cpus))
    return {"files": len(files), "items": items, "bytes": total_bytes, "stage": stage,
            "newsgen": newsgen, "feedparser": feedparser, "xmllint": xmllint}


def first_line(argv):
    try:
        done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return done.stdout.strip().splitlines()[0]
    except (OSError, IndexError):
        return "unknown"


def machine():
    model = "unknown"
    memory = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                memory = "%.1f GiB" % (int(line.split()[1]) / 1024 / 1024)
    system = platform.platform()
    if os.path.exists("/etc/os-release"):
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    system = line.split("=", 1)[1].strip().strip('"')
    return "%d cores (%s), %s, %s, Linux %s" % (os.cpu_count() or 0, model, memory, system, platform.release())


def versions(newsgen_binary, hugo_binary):
    try:
        import feedparser
        feedparser_version = feedparser.__version__
    except ImportError:
        feedparser_version = "not installed"
    return {
        "newsgen": first_line([newsgen_binary, "--version"]),
        "hugo": first_line([hugo_binary, "version"]),
        "xmllint": first_line(["xmllint", "--version"]),
        "python": "Python " + platform.python_version(),
        "feedparser": "feedparser " + feedparser_version,
        "swift": first_line(["swift", "--version"]),
    }


def fs_type(path):
    return first_line(["findmnt", "-n", "-o", "FSTYPE", "-T", path])


def ratio(a, b):
    """a / b to two places, or "—" when b rounds to nothing (GNU time counts CPU in hundredths)."""
    return "%.2f" % (a / b) if b > 0 else "—"


def seconds(value):
    return "%.2f s" % value if value >= 1 else "%.0f ms" % (value * 1000)


def megabytes(kb):
    return "%d MB" % round(kb / 1024)


def files_cell(output):
    html, xml, other, size, _ = output
    return "%s files (%s HTML, %s XML, %s other), %.1f MB" % (
        format(html + xml + other, ","), format(html, ","), format(xml, ","), format(other, ","), size / 1e6)


def verdict(ok):
    return "PASS" if ok else "**FAIL**"


def report(builds, disks, parsing, info, versions_, tmpfs, args):
    out = []
    out.append("## %s, issue 9: newsgen against Hugo (`make bench-hugo`)" % datetime.date.today().isoformat())
    out.append("")
    out.append("Machine: %s." % info)
    out.append("Versions: %s; %s; %s; %s, %s; %s." % (
        versions_["newsgen"] + " (release build)", versions_["hugo"], versions_["xmllint"], versions_["python"],
        versions_["feedparser"], versions_["swift"]))
    out.append("")
    out.append("`Tests/Benchmarks/hugo/generate.py N OUT --seed %d` writes N articles over 20 sources (10 RSS 2.0 "
               "with content:encoded, 10 Atom 1.0 with html content; 600–1,500 words of HTML each, 1–3 tags, over "
               "two years) as a newsgen site and as a Hugo site (same title, 20 per page, articles at "
               "/articles/<slug>/, tags and sources as taxonomies, a minimal theme: "
               "Tests/Benchmarks/hugo/theme/). Full builds in tmpfs (%s), one warm-up each, then alternating "
               "pairs (newsgen, Hugo, …); before each run its output, and newsgen's archive, are deleted. "
               "Each timed run starts once under %d%% of the CPU has been busy for a second (waiting at most "
               "%d s; %d runs gave up waiting, %d s waited in all): other work shares this machine. "
               "Times are wall seconds (median, then min–max); CPU is user + system; RSS is GNU time's peak." % (
                   args.seed, tmpfs, round(QUIET["busy"] * 100), QUIET["wait"], QUIET["gave_up"], QUIET["waited"]))
    out.append("")
    if builds:
        out.append("| N | pairs | newsgen | Hugo | newsgen/Hugo (median of per-pair ratios) | target ≤ 1.0 | CPU newsgen / Hugo | peak RSS newsgen / Hugo | load (1 min) |")
        out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for b in builds:
            ng, hg = b["newsgen"], b["Hugo"]
            rss_note = ""
            if b["n"] >= 10000:
                rss_note = " (target < 400 MB: %s)" % verdict(ng["rss"] < 400 * 1024)
            out.append("| %s | %d | %s (%s–%s) | %s (%s–%s) | %.2f (%s) | %s | %s / %s (%.2f) | %s / %s%s | %.1f–%.1f |" % (
                format(b["n"], ","), b["pairs"], seconds(ng["wall"]), seconds(ng["min"]), seconds(ng["max"]),
                seconds(hg["wall"]), seconds(hg["min"]), seconds(hg["max"]), b["ratio"],
                ", ".join("%.2f" % r for r in b["ratios"]), verdict(b["ratio"] <= 1.0) if b["n"] >= 10000 else "—",
                seconds(ng["cpu"]), seconds(hg["cpu"]), b["cpu_ratio"], megabytes(ng["rss"]), megabytes(hg["rss"]),
                rss_note, b["load"][0], b["load"][1]))
        out.append("")
        out.append("A rebuild with nothing changed (newsgen built again after its last full build above, 5 runs; "
                   "no file of public/ changed its inode, mtime or size — checked):")
        out.append("")
        out.append("| N | no-change rebuild | of a full build | target ≤ 5% | process start alone (`newsgen --version`), of a full build |")
        out.append("| --- | --- | --- | --- | --- |")
        for b in builds:
            wall, low, high, start = b["unchanged"]
            share = wall / b["newsgen"]["wall"]
            out.append("| %s | %s (%s–%s) | %.1f%% | %s | %s, %.1f%% |" % (
                format(b["n"], ","), seconds(wall), seconds(low), seconds(high), share * 100, verdict(share <= 0.05),
                seconds(start), start / b["newsgen"]["wall"] * 100))
        out.append("")
        out.append("What each side wrote:")
        out.append("")
        out.append("| N | newsgen | Hugo |")
        out.append("| --- | --- | --- |")
        for b in builds:
            out.append("| %s | %s | %s |" % (format(b["n"], ","), files_cell(b["newsgen"]["output"]),
                                             files_cell(b["Hugo"]["output"])))
        out.append("")
        out.append("Files per top-level entry of public/ (Hugo keeps its defaults, but for the /posts/ section list, "
                   "disabled as a duplicate of the home pages; its `page/1/` files are redirects, one per paginated "
                   "list, and its XML files are RSS for home, each taxonomy and each term, and sitemap.xml):")
        out.append("")
        out.append("| entry | %s |" % " | ".join("newsgen N = %s | Hugo N = %s" % (format(b["n"], ","), format(b["n"], ","))
                                                  for b in builds))
        out.append("| --- |%s" % (" --- | --- |" * len(builds)))
        names = sorted({name for b in builds for side in ("newsgen", "Hugo") for name in b[side]["output"][4]})
        for name in names:
            out.append("| `%s` | %s |" % (name, " | ".join(
                "%s | %s" % tuple(format(b[side]["output"][4].get(name, 0), ",") if b[side]["output"][4].get(name) else "—"
                                  for side in ("newsgen", "Hugo")) for b in builds)))
    if disks:
        out.append("")
        out.append("On disk (%s, %s), one full build each, the same sites: what a user sees, "
                   "not a comparison (disk writes here swing 2× from run to run):" % (args.disk, fs_type(args.disk)))
        out.append("")
        out.append("| N | newsgen | Hugo |")
        out.append("| --- | --- | --- |")
        for d in disks:
            out.append("| %s | %s (%s CPU, %s) | %s (%s CPU, %s) |" % (
                format(d["n"], ","), seconds(d["newsgen"][0]), seconds(d["newsgen"][1]), megabytes(d["newsgen"][2]),
                seconds(d["Hugo"][0]), seconds(d["Hugo"][1]), megabytes(d["Hugo"][2])))
    if parsing:
        p = parsing
        ng_wall, ng_cpu = p["newsgen"]
        fp_wall, fp_cpu = p["feedparser"]
        xl_wall, xl_cpu = p["xmllint"]
        stage = p["stage"]
        st_wall = stage["parallel"]["median"]
        se_wall = stage["serial"]["median"]
        out.append("")
        out.append("Feed parsing: the %d feed files of N = %s (%s items, %.1f MB). newsgen's Parse stage is "
                   "`newsgen-parse-bench` (Tests/Benchmarks/ParseBench): what a build does to each feed file "
                   "(read, decode, libxml2, the format readers, items turned into articles, HTML bounds "
                   "checked), in one process, on every core as the build runs it or on one (`--serial`), the "
                   "median of %d rounds after an untimed one; `--sanitize` adds the Enrich stage's sanitizing "
                   "of every article, as feedparser sanitizes while it parses. `newsgen inspect FILE > "
                   "/dev/null` is a process per file (start-up, parse, sanitize, JSON out). feedparser is "
                   "`feedparser.parse(path)` in one Python process, start-up and import not counted; xmllint "
                   "is `xmllint --noout FILE`, a process per file (well-formedness only). Those three: median "
                   "of %d rounds over all files. Ratios compare the Parse stage on every core." % (
                       p["files"], format(max(b["n"] for b in builds) if builds else p["n"], ","),
                       format(p["items"], ","), p["bytes"] / 1e6, PROBE_ROUNDS, PARSE_ROUNDS))
        out.append("")
        out.append("| tool | wall | CPU | items/s (wall) | newsgen's ratio | target |")
        out.append("| --- | --- | --- | --- | --- | --- |")
        out.append("| newsgen Parse stage (`newsgen-parse-bench`, every core) | %s | — | %s | — | — |" % (
            seconds(st_wall), format(round(p["items"] / st_wall), ",")))
        out.append("| newsgen Parse stage, one core (`--serial`) | %s | — | %s | — | — |" % (
            seconds(se_wall), format(round(p["items"] / se_wall), ",")))
        out.append("| newsgen Parse stage + sanitizing (`--sanitize`, every core) | %s | — | %s | — | — |" % (
            seconds(stage["sanitize"]["median"]), format(round(p["items"] / stage["sanitize"]["median"]), ",")))
        out.append("| newsgen inspect, a process per file | %s | %s | %s | — | — |" % (
            seconds(ng_wall), seconds(ng_cpu), format(round(p["items"] / ng_wall), ",")))
        out.append("| feedparser | %s | %s | %s | %.1f× its items/s (one core: %.1f×; with sanitizing: %.1f×; "
                   "inspect: %.2f×) | ≥ 30×: %s |" % (
                       seconds(fp_wall), seconds(fp_cpu), format(round(p["items"] / fp_wall), ","), fp_wall / st_wall,
                       fp_wall / se_wall, fp_wall / stage["sanitize"]["median"], fp_wall / ng_wall,
                       verdict(fp_wall / st_wall >= 30)))
        out.append("| xmllint --noout | %s | %s | %s | %.2f× its time (one core: %.2f×; inspect: %.1f×) | ≤ 3×: %s |" % (
            seconds(xl_wall), seconds(xl_cpu), format(round(p["items"] / xl_wall), ","), st_wall / xl_wall,
            se_wall / xl_wall, ng_wall / xl_wall, verdict(st_wall / xl_wall <= 3)))
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True, help="the newsgen binary (a release build)")
    parser.add_argument("--hugo", default="hugo")
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--pairs", default="1000:5,10000:3", help="pairs per N; N not listed gets 3")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tmpfs", default="/dev/shm")
    parser.add_argument("--disk", default="/tmp", help="the on-disk folder's parent")
    parser.add_argument("--skip-disk", action="store_true")
    parser.add_argument("--skip-parsing", action="store_true")
    parser.add_argument("--parsing-only", action="store_true",
                        help="generate only the largest N and measure only feed parsing (no builds)")
    parser.add_argument("--parse-bench", help="the newsgen-parse-bench binary (default: beside --binary, built when missing)")
    parser.add_argument("--keep", action="store_true", help="keep the generated sites in tmpfs")
    parser.add_argument("--quiet-wait", type=float, default=60,
                        help="before each timed run, wait up to this many seconds for the CPU to be idle (0: never)")
    args = parser.parse_args()

    newsgen_binary = os.path.realpath(args.binary)
    if args.skip_parsing and args.parsing_only:
        sys.exit("compare.py: --skip-parsing and --parsing-only exclude each other")
    hugo_binary = shutil.which(args.hugo)
    missing = [name for name, found in (("newsgen (--binary)", os.access(newsgen_binary, os.X_OK)),
                                        ("hugo", hugo_binary), ("xmllint", shutil.which("xmllint")),
                                        (GNU_TIME + " (Debian's time)", os.access(GNU_TIME, os.X_OK)))
               if not found]
    if missing:
        sys.exit("compare.py: missing: " + ", ".join(missing))
    if not os.path.isdir(args.tmpfs) or not os.access(args.tmpfs, os.W_OK):
        sys.exit("compare.py: %s is not a writable folder (tmpfs expected)" % args.tmpfs)
    QUIET["wait"] = args.quiet_wait
    sizes = [int(s) for s in args.sizes.split(",") if s]
    if args.parsing_only:
        sizes = [max(sizes)]
    probe = None if args.skip_parsing else probe_binary(os.path.abspath(args.binary), args.parse_bench)
    pairs = {int(k): int(v) for k, v in (item.split(":") for item in args.pairs.split(",") if item)}

    work = tempfile.mkdtemp(prefix="newsgen-hugo.", dir=args.tmpfs)
    builds, disks, parsing = [], [], None
    try:
        for n in sizes:
            root = os.path.join(work, "n%d" % n)
            generate(n, root, args.seed)
            if args.parsing_only:
                parsing = parse_throughput(os.path.join(root, "newsgen", "feeds"), newsgen_binary, probe)
                parsing["n"] = n
                continue
            builds.append(compare_builds(n, pairs.get(n, 3), root, newsgen_binary, hugo_binary))
            if not args.skip_disk:
                Newsgen(newsgen_binary, os.path.join(root, "newsgen")).clean()
                Hugo(hugo_binary, os.path.join(root, "hugo")).clean()
                disks.append(disk_builds(n, root, args.disk, newsgen_binary, hugo_binary))
            if not args.skip_parsing and n == max(sizes):
                parsing = parse_throughput(os.path.join(root, "newsgen", "feeds"), newsgen_binary, probe)
            if n != max(sizes) and not args.keep:
                remove(root)
    except Failure as failure:
        sys.exit("compare.py: %s" % failure)
    finally:
        if not args.keep:
            remove(work)
        else:
            log("kept %s" % work)
    print(report(builds, disks, parsing, machine(), versions(newsgen_binary, hugo_binary), args.tmpfs, args))


if __name__ == "__main__":
    main()
