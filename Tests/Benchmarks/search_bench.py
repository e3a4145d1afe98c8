#!/usr/bin/env python3
"""Search in headless Chromium: newsgen's sharded index against Pagefind's, on one built site (issue 18).

Usage: search_bench.py --site DIR [--pagefind CMD] [--skip-pagefind] [--json OUT]
       (DIR is a site folder holding public/, or public/ itself)

The site's public/ is served on 127.0.0.1 by a threaded http.server (no compression), with
Pagefind's bundle, built offline from the same public/ into a temporary folder
(`python3 -m pagefind_bin --site public --glob 'articles/**/*.html' --root-selector article.article
--output-path TMP/pagefind`: the article pages only, their article element only), under /pagefind/.
Then QUERIES (20 fixed: one-word, two-word, prefix, rare and common words) run one by one:

- newsgen: /search/ is loaded afresh with the browser cache disabled (CDP), the manifest
  loaded, then the query is typed (one input event) and the time runs until search.js has
  shown the first results (or "No results"): keystroke to first results, debounce included.
- Pagefind: a blank page on the same origin imports /pagefind/pagefind.js and runs init(),
  then the time runs over pagefind.search(query) and .data() of its top 10.

Bytes per query are what the server sent (bodies, and 200 bytes a response for its headers)
for the query's page load from the index (newsgen: search/*.json; Pagefind: everything under /pagefind/ but its
.js and .wasm), so both include their bootstrap (manifest; entry, meta and filter files); the
scripts are counted apart. newsgen's bytes as gzip would carry them (what a host that compresses
JSON sends) are shown beside: Pagefind's files are compressed already. The top-10 overlap matches
results by article path. Prints a Markdown section for BENCHMARKS.md with issue 18's targets.
A benchmark, not a test: exit 0 even when a target is missed; 2 when it cannot run.
"""
import argparse
import functools
import gzip
import http.server
import json
import os
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
import headless  # noqa: E402

# (kind, query): words of the synthetic archive (Tests/Benchmarks/hugo/generate.py) at every size.
QUERIES = [
    ("one word", "ferry"), ("one word", "museum"), ("one word", "laboratory"), ("one word", "budget"),
    ("two words", "coastal ferry"), ("two words", "tram line"), ("two words", "northern laboratory"),
    ("two words", "popular museum"),
    ("prefix", "labor"), ("prefix", "univers"), ("prefix", "consult"), ("prefix", "sched"),
    ("rare", "tourism"), ("rare", "wildlife"), ("rare", "childcare"), ("rare", "festivals"),
    ("common", "people"), ("common", "year"), ("common", "consultation"), ("common", "people year"),
]
TARGET_BYTES = 300_000
TARGET_MS = 300
TARGET_OVERLAP = 0.6

HARNESS = b"<!doctype html><html lang=en><meta charset=utf-8><title>Pagefind bench</title><body></body></html>"


class Served:
    """The paths the server sent since `reset`, with their bytes (body and headers): what the browser fetched,
    workers included (Pagefind searches in a Web Worker, whose requests the page's Resource Timing does not see)."""
    lock = threading.Lock()
    sent = []

    @classmethod
    def reset(cls):
        with cls.lock:
            cls.sent = []

    @classmethod
    def taken(cls):
        with cls.lock:
            return list(cls.sent)


def serve(public, pagefind):
    """public/ at /, Pagefind's bundle at /pagefind/, a blank page at /__bench/pagefind.html."""
    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def send_header(self, keyword, value):
            if keyword.lower() == "content-length":
                with Served.lock:
                    Served.sent.append((urllib.parse.urlparse(self.path).path, int(value) + 200))
            super().send_header(keyword, value)

        def translate_path(self, path):
            clean = urllib.parse.urlparse(path).path
            if pagefind and clean.startswith("/pagefind/"):
                return os.path.join(pagefind, urllib.parse.unquote(clean[len("/pagefind/"):]))
            return super().translate_path(path)

        def do_GET(self):
            if self.path.startswith("/__bench/pagefind.html"):
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(HARNESS)))
                self.end_headers()
                self.wfile.write(HARNESS)
                return
            super().do_GET()

    Handler.extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **{".wasm": "application/wasm",
                                                                                         ".pagefind": "application/octet-stream"})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=public))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def folder_bytes(path, skip=()):
    total = files = 0
    for folder, _, names in os.walk(path):
        for name in names:
            if name in skip:
                continue
            total += os.path.getsize(os.path.join(folder, name))
            files += 1
    return total, files


def resources(driver):
    """What the server sent for the page (path, bytes with about 200 of headers), the page itself left out."""
    time.sleep(0.05)
    return [entry for entry in Served.taken() if not entry[0].endswith((".html", "/", ".css"))]


def fresh(driver, url):
    """Loads `url` with nothing cached: the disk and memory caches cleared and disabled."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    Served.reset()
    driver.get(url)


def ours(driver, origin, public, query):
    fresh(driver, origin + "/search/")
    deadline = time.time() + 30
    while not driver.execute_script("return document.getElementById('search-results').hasAttribute('data-query')"):
        if time.time() > deadline:
            raise RuntimeError("the search page did not load its manifest")
        time.sleep(0.02)
    elapsed = driver.execute_async_script("""
        var query = arguments[0], done = arguments[arguments.length - 1];
        var results = document.getElementById('search-results'), box = document.getElementById('search-input');
        var start = performance.now();
        var observer = new MutationObserver(function () {
          if (results.getAttribute('data-query') === query) { observer.disconnect(); done(performance.now() - start); }
        });
        observer.observe(results, {attributes: true, childList: true});
        box.value = query;
        box.dispatchEvent(new Event('input', {bubbles: true}));
    """, query)
    links = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('[data-testid=search-result-link]'),"
        " function (a) { return new URL(a.href).pathname; })")
    data = [entry for entry in resources(driver) if entry[0].startswith("/search/") and entry[0].endswith(".json")]
    script = sum(entry[1] for entry in resources(driver) if entry[0].endswith("/search.js"))
    gzipped = 0
    for name, _ in data:
        with open(os.path.join(public, name.lstrip("/")), "rb") as file:
            gzipped += len(gzip.compress(file.read(), 6))
    return {"ms": elapsed, "bytes": sum(entry[1] for entry in data), "gzip": gzipped, "files": len(data),
            "script": script, "top": links[:10]}


def pagefinds(driver, origin, query):
    fresh(driver, origin + "/__bench/pagefind.html")
    found = driver.execute_async_script("""
        var query = arguments[0], done = arguments[arguments.length - 1];
        import('/pagefind/pagefind.js').then(function (pagefind) {
          return pagefind.init().then(function () {
            var start = performance.now();
            return pagefind.search(query).then(function (search) {
              return Promise.all(search.results.slice(0, 10).map(function (r) { return r.data(); }));
            }).then(function (top) { done([performance.now() - start, top.map(function (d) { return d.url; })]); });
          });
        }).catch(function (error) { done(['error', String(error)]); });
    """, query)
    if found[0] == "error":
        raise RuntimeError("Pagefind: " + found[1])
    entries = [entry for entry in resources(driver) if entry[0].startswith("/pagefind/")]
    data = [entry for entry in entries if not entry[0].endswith((".js", ".wasm")) and ".wasm." not in entry[0]]
    return {"ms": found[0], "bytes": sum(entry[1] for entry in data), "files": len(data),
            "script": sum(entry[1] for entry in entries) - sum(entry[1] for entry in data),
            "top": [urllib.parse.urlparse(url).path for url in found[1]]}


def build_pagefind(command, public, out):
    started = time.monotonic()
    result = subprocess.run(command + ["--site", public, "--glob", "articles/**/*.html", "--root-selector", "article.article",
                                       "--output-path", out, "--quiet"], capture_output=True, text=True)
    seconds = time.monotonic() - started
    if result.returncode != 0:
        raise RuntimeError("Pagefind exited %d: %s" % (result.returncode, result.stderr.strip()[-500:]))
    return seconds


def kb(value):
    return "%.1f KB" % (value / 1000)


def report(rows, sizes, pagefind_seconds, count):
    median = lambda key, side: statistics.median(row[side][key] for row in rows)  # noqa: E731
    lines = ["### Search at %s articles (headless Chromium, 127.0.0.1, http.server without compression)" % format(count, ","), ""]
    lines.append("| query | kind | newsgen bytes (gzip) | ms | results | Pagefind bytes | ms | top-10 overlap |")
    lines.append("|---|---|---|---|---|---|---|---|")
    for row in rows:
        theirs = row.get("pagefind")
        lines.append("| %s | %s | %s (%s) | %.0f | %d files | %s | %s | %s |" % (
            row["query"], row["kind"], kb(row["ours"]["bytes"]), kb(row["ours"]["gzip"]), row["ours"]["ms"], row["ours"]["files"],
            kb(theirs["bytes"]) if theirs else "–", "%.0f" % theirs["ms"] if theirs else "–",
            "%.0f%%" % (100 * row["overlap"]) if row.get("overlap") is not None else "–"))
    lines.append("")
    ours_bytes, ours_ms = median("bytes", "ours"), median("ms", "ours")
    lines.append("- newsgen index: %s in %d files; search.js %s" % (kb(sizes["ours"][0]), sizes["ours"][1], kb(rows[0]["ours"]["script"])))
    lines.append("- newsgen median per query: %s (%s as gzip), first results %.0f ms (max %.0f ms)" % (
        kb(ours_bytes), kb(median("gzip", "ours")), ours_ms, max(row["ours"]["ms"] for row in rows)))
    verdict = lambda ok: "met" if ok else "MISSED"  # noqa: E731
    if "pagefind" in rows[0]:
        theirs_bytes = median("bytes", "pagefind")
        overlaps = [row["overlap"] for row in rows if row.get("overlap") is not None]
        overlap = statistics.mean(overlaps) if overlaps else 0
        lines.append("- Pagefind index: %s in %d files, built in %.1f s; its scripts and wasm %s" % (
            kb(sizes["pagefind"][0]), sizes["pagefind"][1], pagefind_seconds, kb(rows[0]["pagefind"]["script"])))
        lines.append("- Pagefind median per query: %s, results in %.0f ms" % (kb(theirs_bytes), median("ms", "pagefind")))
        lines.append("- target: median bytes/query ≤ Pagefind's (%s ≤ %s): %s" % (kb(ours_bytes), kb(theirs_bytes), verdict(ours_bytes <= theirs_bytes)))
        lines.append("- target: top-10 overlap ≥ 60%% (mean %.0f%% over %d queries): %s" % (100 * overlap, len(overlaps), verdict(overlap >= TARGET_OVERLAP)))
    lines.append("- target: median bytes/query ≤ 300 KB (%s): %s" % (kb(ours_bytes), verdict(ours_bytes <= TARGET_BYTES)))
    lines.append("- target: first results ≤ 300 ms (median %.0f ms): %s" % (ours_ms, verdict(ours_ms <= TARGET_MS)))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", required=True, help="a built site's folder (holding public/) or its public/")
    parser.add_argument("--pagefind", default=sys.executable + " -m pagefind_bin", help="the Pagefind command")
    parser.add_argument("--skip-pagefind", action="store_true")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--json", help="also write the measurements here")
    args = parser.parse_args()
    public = os.path.abspath(args.site)
    if os.path.isdir(os.path.join(public, "public")):
        public = os.path.join(public, "public")
    if not os.path.exists(os.path.join(public, "search", "index.json")):
        print("search bench: cannot run: %s has no search/index.json" % public)
        return 2
    with open(os.path.join(public, "search", "index.json"), encoding="utf-8") as file:
        count = json.load(file)["count"]

    def run(session):
        sizes = {"ours": folder_bytes(os.path.join(public, "search"), skip=("index.html",))}
        pagefind = None
        pagefind_seconds = 0
        if not args.skip_pagefind:
            pagefind = os.path.join(session.temp, "pagefind")
            pagefind_seconds = build_pagefind(args.pagefind.split(), public, pagefind)
            sizes["pagefind"] = folder_bytes(pagefind)
        session.server = serve(public, pagefind)
        origin = "http://127.0.0.1:%d" % session.server.server_address[1]
        session.driver = headless.start_chromium(args.chromium, args.chromedriver, os.path.join(session.temp, "profile"))
        driver = session.driver
        driver.set_script_timeout(60)
        rows = []
        for kind, query in QUERIES:
            row = {"kind": kind, "query": query, "ours": ours(driver, origin, public, query)}
            if pagefind:
                row["pagefind"] = pagefinds(driver, origin, query)
                a, b = set(row["ours"]["top"]), set(row["pagefind"]["top"])
                row["overlap"] = len(a & b) / min(len(a), len(b)) if a and b else None
            rows.append(row)
            print("search bench: %-20s newsgen %8d B %5.0f ms%s" % (query, row["ours"]["bytes"], row["ours"]["ms"],
                  "   Pagefind %8d B %5.0f ms  overlap %s" % (row["pagefind"]["bytes"], row["pagefind"]["ms"], row["overlap"]) if pagefind else ""),
                  file=sys.stderr)
        print(report(rows, sizes, pagefind_seconds, count))
        if args.json:
            with open(args.json, "w") as file:
                json.dump({"count": count, "sizes": sizes, "pagefindSeconds": pagefind_seconds, "rows": rows}, file, indent=1)
        return 0

    return headless.run_check("search bench", "newsgen-search-bench-", run)


if __name__ == "__main__":
    sys.exit(main())
