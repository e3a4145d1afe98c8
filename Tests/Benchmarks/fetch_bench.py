#!/usr/bin/env python3
"""Times `newsgen build` of a site with 100 url sources against a local server
that answers each after 200 ms, and checks the fetches really run in parallel.

Usage: fetch_bench.py BINARY   (e.g. .build/release/newsgen)

With `fetch.concurrency` 8 the ideal is 100 x 0.2 s / 8 = 2.5 s of waiting; the
median of 5 builds must stay within 1.5 times that (PASS, exit 0; else FAIL,
exit 1). The server also reports the most requests it had in flight at once,
which should be the concurrency. Each build starts from an empty archive, so
every run does the same work (the server sends no validators anyway).
"""
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

SOURCES = 100
CONCURRENCY = 8
DELAY = 0.2
RUNS = 5
LIMIT = 1.5
FEED_PATH = re.compile(r"^/feed/(\d+)\.xml$")


class Stats:
    """Requests in flight now, the most at once, and how many were answered."""
    lock = threading.Lock()
    in_flight = 0
    most = 0
    answered = 0


def feed(number):
    return ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel>'
            '<title>Bench feed %d</title><link>http://bench.example/%d/</link>'
            '<item><title>Story %d</title><link>http://bench.example/%d/story</link>'
            '<guid isPermaLink="false">bench-%d</guid><pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate>'
            '</item></channel></rss>' % (number, number, number, number, number)).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        match = FEED_PATH.match(self.path)
        if not match:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        with Stats.lock:
            Stats.in_flight += 1
            Stats.most = max(Stats.most, Stats.in_flight)
        time.sleep(DELAY)
        # Counted out before the answer is sent, so the client cannot have started
        # its next request while this one still counts: the figure never overstates.
        with Stats.lock:
            Stats.in_flight -= 1
            Stats.answered += 1
        body = feed(int(match.group(1)))
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # More than the client's concurrency, so no connection waits in a full backlog.
    request_queue_size = 64


def write_site(folder, port, root):
    sources = [{"id": "feed-%d" % n, "url": "http://127.0.0.1:%d/feed/%d.xml" % (port, n)} for n in range(SOURCES)]
    site = {"title": "Fetch bench", "sources": sources, "fetch": {"concurrency": CONCURRENCY, "timeoutSeconds": 20}}
    with open(os.path.join(folder, "site.json"), "w") as out:
        json.dump(site, out, indent=2)
    shutil.copytree(os.path.join(root, "templates"), os.path.join(folder, "templates"))


def main():
    if len(sys.argv) != 2:
        print("usage: fetch_bench.py BINARY", file=sys.stderr)
        return 64
    binary = os.path.realpath(sys.argv[1])
    if not os.access(binary, os.X_OK):
        print("fetch_bench: %s is not an executable (build it with `swift build -c release`)" % binary, file=sys.stderr)
        return 1
    root = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None

    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    folder = tempfile.mkdtemp(prefix="newsgen-fetch-bench.", dir=base)
    try:
        write_site(folder, server.server_address[1], root)
        times = []
        for run in range(RUNS):
            for generated in ("content", "public"):
                shutil.rmtree(os.path.join(folder, generated), ignore_errors=True)
            with Stats.lock:
                Stats.answered = 0
            start = time.monotonic()
            result = subprocess.run([binary, "build", "--site", folder, "--quiet"],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            elapsed = time.monotonic() - start
            with Stats.lock:
                answered = Stats.answered
            if result.returncode != 0 or answered != SOURCES:
                print("run %d: exit %d, %d of %d feeds answered\n%s%s" % (run + 1, result.returncode, answered, SOURCES,
                                                                        result.stdout, result.stderr), file=sys.stderr)
                print("FAIL")
                return 1
            times.append(elapsed)
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)

    median = statistics.median(times)
    ideal = SOURCES * DELAY / CONCURRENCY
    ratio = median / ideal
    verdict = "PASS" if ratio <= LIMIT else "FAIL"
    print("fetch: %d url sources, each answered after %d ms, fetch.concurrency %d" % (SOURCES, DELAY * 1000, CONCURRENCY))
    print("  runs: %s s" % ", ".join("%.2f" % t for t in times))
    print("  median %.2f s, ideal %.2f s, ratio %.2f (limit %.1f): %s" % (median, ideal, ratio, LIMIT, verdict))
    print("  most requests in flight at once (server side): %d" % Stats.most)
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
