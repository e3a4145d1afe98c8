#!/usr/bin/env python3
"""Save → reload: `newsgen serve` against `hugo server` (live reload on), in headless Chromium (issue 19).

Usage: serve_bench.py [BINARY] [--sizes 1000,10000] [--edits 9] [--root DIR] [--hugo hugo] [--json OUT]

For each size N, Tests/Benchmarks/hugo/generate.py writes a seeded synthetic site of N articles as a
newsgen site and as the same content as a Hugo site, and one Markdown article (ARTICLE_PATH, the same
file on both sides: front matter both read, a paragraph per edit) is added to each. `newsgen serve
--port 0` and `hugo server` (Debian's, its defaults: live reload, fast render, rendering to memory)
then run side by side on 127.0.0.1, and one Chromium goes through the edits in pairs, the order
alternating (newsgen first in even pairs, Hugo first in odd ones), after one warm-up edit each that
is not counted. An edit: open the article afresh, let its reload channel connect (SETTLE seconds),
append the edit's paragraph to the Markdown file (written in place, as serve_check.py does), wait
until a new document shows the paragraph (at most BOUND seconds), and read the new document's timing:

- save → shown: from the write to the new document's first contentful paint (its
  DOMContentLoaded when Chromium reports no paint), on the same clock (the wall clock);
- save → reload: from the write to the new document's navigation start (rebuild and notification);
- server-side rebuild: what the server printed for that rebuild (newsgen's build line "in X s",
  Hugo's "Total in X ms").

Prints a Markdown section for BENCHMARKS.md: medians with ranges, the ratio newsgen/Hugo of the
medians and the median of the pairs' ratios, the machine, the versions and the command.
Why these choices: docs/adr/044-serve-latency-benchmark.md. A benchmark, not a test: exit 0 whatever
the figures; 1 when a step fails, 2 when it cannot run.
"""
import json
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
import headless  # noqa: E402
from serve_check import Serving, wait_for_reload  # noqa: E402

StepFailed = headless.StepFailed
GENERATE = os.path.join(HERE, "hugo", "generate.py")
SLUG = "serve-benchmark-article"
PAGE = "/articles/%s/" % SLUG
# The article's place on each side (generate.py's sites: newsgen reads content/articles/, Hugo's posts
# are content/posts/ with /articles/:slug/ as their permalinks).
ARTICLE_PATH = {"newsgen": ("newsgen", "content", "articles", SLUG + ".md"),
                "hugo": ("hugo", "content", "posts", SLUG + ".md")}
SERVERS = ("newsgen", "hugo")
SETTLE = 1.0
BOUND = 60.0
# newsgen serve's build line (BuildSummary.line, upToDate) and hugo server's rebuild total.
NEWSGEN_BUILD = re.compile(r"^Built .* in (\d+(?:\.\d+)?) s")
HUGO_TOTAL = re.compile(r"Total in (\d+(?:\.\d+)?) ?ms")

TIMING = """
const navigation = performance.getEntriesByType("navigation")[0];
const paint = performance.getEntriesByType("paint").find(entry => entry.name === "first-contentful-paint");
return {origin: performance.timeOrigin, paint: paint ? paint.startTime : null,
        loaded: navigation ? navigation.domContentLoadedEventEnd : null};
"""


def article_text(paragraphs):
    """The benchmark's Markdown article with `paragraphs` after its opening one: front matter that
    newsgen and Hugo both read (a date in the past for both, no key either refuses)."""
    front = ["---", "title: Serve benchmark article", "slug: " + SLUG, "date: 2025-06-01T09:00:00Z",
             "author: Bench Marker", "summary: The article each edit of the save-to-reload benchmark changes.",
             "tags: [benchmark]", "---", ""]
    body = ["The article the benchmark edits; every edit adds a paragraph below."] + list(paragraphs)
    return "\n".join(front) + "\n\n".join(body) + "\n"


def edit_paragraph(size, number):
    """The paragraph edit `number` adds, different for every edit of every size (words, no markup)."""
    return "Edit %d of the %d-article site is on the page." % (number, size)


def schedule(edits):
    """[(edit, (first, second))]: edit 0 is the warm-up; pairs 1…edits alternate which server goes first."""
    return [(number, SERVERS if number % 2 == 0 else SERVERS[::-1]) for number in range(edits + 1)]


def latencies(saved, timing):
    """(save → shown, save → reload) in seconds from the new document's `TIMING` (milliseconds)."""
    shown = timing["paint"] if timing["paint"] is not None else timing["loaded"]
    if shown is None:
        raise StepFailed("the new document reports neither a paint nor DOMContentLoaded")
    return (timing["origin"] + shown) / 1000.0 - saved, timing["origin"] / 1000.0 - saved


def rebuild_seconds(server, lines):
    """The server's own time for the rebuild among `lines` (its output since the save), or None."""
    pattern = NEWSGEN_BUILD if server == "newsgen" else HUGO_TOTAL
    for line in lines:
        found = pattern.search(line)
        if found:
            value = float(found.group(1))
            return value if server == "newsgen" else value / 1000.0
    return None


def spread(values):
    """'median (min–max)' in seconds, '—' without values."""
    values = [value for value in values if value is not None]
    if not values:
        return "—"
    return "%.3f s (%.3f–%.3f)" % (statistics.median(values), min(values), max(values))


def ratios(samples):
    """(median newsgen / median Hugo, median of the pairs' newsgen/Hugo) of save → shown."""
    newsgen = [pair["newsgen"]["shown"] for pair in samples]
    hugo = [pair["hugo"]["shown"] for pair in samples]
    return (statistics.median(newsgen) / statistics.median(hugo),
            statistics.median([n / h for n, h in zip(newsgen, hugo)]))


def report(results, machine, command):
    """The Markdown section: one table row per size and server, then the ratios and the setting."""
    out = ["## `newsgen serve`: save → reload (issue 19)", "",
           "| N | server | edits | save → shown | save → reload starts | server-side rebuild |",
           "| ---: | --- | ---: | --- | --- | --- |"]
    for size, samples in results:
        for server in SERVERS:
            runs = [pair[server] for pair in samples]
            out.append("| %s | %s | %d | %s | %s | %s |" % (
                "{:,}".format(size), "newsgen serve" if server == "newsgen" else "hugo server", len(runs),
                spread([run["shown"] for run in runs]), spread([run["reload"] for run in runs]),
                spread([run["rebuild"] for run in runs])))
    out.append("")
    for size, samples in results:
        of_medians, of_pairs = ratios(samples)
        out.append("N = %s: newsgen/Hugo save → shown **%.2f** (median of the pairs' ratios %.2f)."
                   % ("{:,}".format(size), of_medians, of_pairs))
    out += ["", "Medians (min–max) over the pairs, one warm-up edit each not counted; the order alternates.",
            "Machine: %s." % machine["machine"], "Versions: %s." % machine["versions"], "Command: `%s`." % command]
    return "\n".join(out) + "\n"


class HugoServing(Serving):
    """`hugo server` on the site, on a free 127.0.0.1 port, its output gathered as `Serving` does."""

    def __init__(self, hugo, site):
        port = free_port()
        self.origin = "http://127.0.0.1:%d" % port
        self.process = subprocess.Popen(
            [hugo, "server", "--source", site, "--bind", "127.0.0.1", "--port", str(port), "--baseURL",
             self.origin + "/"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines = []
        self.foreign = None
        threading.Thread(target=self._read, daemon=True).start()
        self.wait_for("Web Server is available at", 300)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def run(command, **options):
    return subprocess.run(command, capture_output=True, text=True, **options).stdout.strip()


def machine_and_versions(binary, hugo, chromium):
    memory = run(["free", "-g"]).splitlines()
    total = memory[1].split()[1] if len(memory) > 1 else "?"
    swift = (run(["swift", "--version"]).splitlines() or ["swift ?"])[0]
    # The load when the run starts: other work on the machine shows in every figure.
    load = "load average %.1f, %.1f, %.1f at the start" % os.getloadavg()
    return {"machine": "%s, nproc %s, %s GB RAM (free -g), %s" % (platform.machine(), run(["nproc"]), total, load),
            "versions": "; ".join([swift, run([binary, "--version"]) or "newsgen ?",
                                   run([hugo, "version"]).split(" BuildDate")[0], run([chromium, "--version"])])}


def generate(size, root):
    """The two sites of `size` articles under root/N/, each with the benchmark article."""
    folder = os.path.join(root, str(size))
    shutil.rmtree(folder, ignore_errors=True)
    subprocess.run([sys.executable, GENERATE, str(size), folder, "--seed", "1"], check=True, stdout=subprocess.DEVNULL)
    for parts in ARTICLE_PATH.values():
        path = os.path.join(folder, *parts)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as article:
            article.write(article_text([]))
    return folder


def measure(driver, serving, server, path, paragraphs, paragraph):
    """One edit on one server: {"shown", "reload", "rebuild"} in seconds."""
    what = "%s, %r" % (server, paragraph)
    driver.get(serving.origin + PAGE)
    if paragraphs and paragraphs[-1] not in driver.find_element("tag name", "body").text:
        raise StepFailed("%s: the page does not show the previous edit" % what)
    time.sleep(SETTLE)
    driver.execute_script("window.__serveCheckOld = true")
    before = len(serving.lines)
    text = article_text(paragraphs + [paragraph])
    saved = time.time()
    with open(path, "w", encoding="utf-8") as article:
        article.write(text)
    wait_for_reload(driver, BOUND, lambda: paragraph in driver.find_element("tag name", "body").text, what)
    shown, reload = latencies(saved, driver.execute_script(TIMING))
    time.sleep(0.3)  # the server's line after the reload it announced
    return {"shown": shown, "reload": reload, "rebuild": rebuild_seconds(server, serving.lines[before:])}


def bench_size(args, size, session):
    folder = generate(size, args.root)
    print("N = %d: sites in %s; starting newsgen serve and hugo server" % (size, folder), flush=True)
    servers = {}
    try:
        servers["newsgen"] = Serving(args.binary, os.path.join(folder, "newsgen"))
        servers["hugo"] = HugoServing(args.hugo, os.path.join(folder, "hugo"))
        paragraphs = {server: [] for server in SERVERS}
        samples = []
        for number, order in schedule(args.edits):
            pair = {}
            for server in order:
                paragraph = edit_paragraph(size, number)
                path = os.path.join(folder, *ARTICLE_PATH[server])
                pair[server] = measure(session.driver, servers[server], server, path, paragraphs[server], paragraph)
                paragraphs[server].append(paragraph)
            print("  %s: %s" % ("warm-up" if number == 0 else "pair %d" % number, ", ".join(
                "%s %.3f s (rebuild %s)" % (server, pair[server]["shown"],
                                            "?" if pair[server]["rebuild"] is None else "%.3f s" % pair[server]["rebuild"])
                for server in order)), flush=True)
            if number > 0:
                samples.append(pair)
        return samples
    finally:
        for serving in servers.values():
            serving.shutdown()
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = headless.argument_parser(__doc__)
    parser.add_argument("--sizes", default="1000,10000", help="articles per site, comma-separated")
    parser.add_argument("--edits", type=int, default=9, help="measured edits per server and size")
    parser.add_argument("--root", default="/dev/shm/newsgen-bench-serve", help="where the sites are written (tmpfs)")
    parser.add_argument("--hugo", default="hugo")
    parser.add_argument("--json", help="also write the samples here")
    parser.add_argument("--keep", action="store_true", help="keep the generated sites")
    args = parser.parse_args()
    args.binary = os.path.abspath(args.binary)
    sizes = [int(size) for size in args.sizes.split(",")]
    if args.edits < 1 or any(size < 1 for size in sizes):
        parser.error("--edits and every size must be at least 1")

    def body(session):
        if shutil.which(args.hugo) is None:
            raise headless.SetupError("%s not found (apt-get install hugo)" % args.hugo)
        if not os.access(args.binary, os.X_OK):
            raise headless.SetupError("%s is not an executable newsgen" % args.binary)
        machine = machine_and_versions(args.binary, args.hugo, args.chromium)
        session.driver = headless.start_chromium(args.chromium, args.chromedriver, os.path.join(session.temp, "profile"))
        results = [(size, bench_size(args, size, session)) for size in sizes]
        if args.json:
            with open(args.json, "w") as out:
                json.dump({"machine": machine, "results": results}, out, indent=2)
        print()
        print(report(results, machine, " ".join(["python3", os.path.relpath(__file__, ROOT)] + sys.argv[1:])))

    os.makedirs(args.root, exist_ok=True)
    try:
        return headless.run_check("serve bench", "newsgen-serve-bench-", body)
    finally:
        if not os.listdir(args.root):
            os.rmdir(args.root)  # the sites are gone (bench_size removes each): the folder too


if __name__ == "__main__":
    sys.exit(main())
