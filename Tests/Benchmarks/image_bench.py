#!/usr/bin/env python3
"""A build of 1,000 articles with 1,000 distinct images, then the same build
again with a warm image cache and unchanged images.

Usage: image_bench.py BINARY   (e.g. .build/release/newsgen)

A local server answers 20 feeds of 50 items, each item naming its own PNG
(`media:thumbnail`), and serves the PNGs with ETags (304 when one comes back).
The second build must download no image again (revalidation only), and the
image cache's memory tier (here `imageCache.memoryMB` 8, below the images'
total, so eviction happens) must never hold more than its bound, as the build
reports with --verbose. Prints both builds' times and counts; exit 1 on FAIL.
"""
import http.server
import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

FEEDS = 20
ITEMS = 50
MEMORY_MB = 8
CONCURRENCY = 8
FEED_PATH = re.compile(r"^/feed/(\d+)\.xml$")
IMAGE_PATH = re.compile(r"^/img/(\d+)\.png$")


def make_images(count):
    """`count` distinct real PNGs of 160×120 noise (seeded, so every run serves the same bytes), about 58 KB each:
    noise does not compress, like photos."""
    width, height = 160, 120

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    images = []
    for n in range(count):
        pixels = random.Random(n).randbytes(width * 3 * height)
        raw = b"".join(b"\x00" + pixels[y * width * 3:(y + 1) * width * 3] for y in range(height))
        images.append(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                      + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))
    return images


class Counts:
    lock = threading.Lock()
    image_200 = 0
    image_304 = 0


def feed(number, origin):
    items = "".join(
        '<item><title>Story %d-%d</title><link>%s/story/%d/%d</link><guid isPermaLink="false">s-%d-%d</guid>'
        '<pubDate>Mon, 05 Jan 2026 %02d:%02d:00 GMT</pubDate><media:thumbnail url="%s/img/%d.png"/>'
        '<description>A story about number %d.</description></item>'
        % (number, i, origin, number, i, number, i, number % 24, i, origin, number * ITEMS + i, number * ITEMS + i)
        for i in range(ITEMS))
    return ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>'
            '<title>Bench %d</title><link>%s/</link>%s</channel></rss>' % (number, origin, items)).encode()


def handler(images):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def answer(self, status, body=b"", headers=()):
            self.send_response(status)
            for key, value in headers:
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            origin = "http://127.0.0.1:%d" % self.server.server_address[1]
            if FEED_PATH.match(self.path):
                self.answer(200, feed(int(FEED_PATH.match(self.path).group(1)), origin), [("Content-Type", "application/rss+xml")])
                return
            match = IMAGE_PATH.match(self.path)
            if not match or int(match.group(1)) >= len(images):
                self.answer(404)
                return
            etag = '"img-%s"' % match.group(1)
            if self.headers.get("If-None-Match") == etag:
                with Counts.lock:
                    Counts.image_304 += 1
                self.answer(304, b"", [("ETag", etag)])
            else:
                with Counts.lock:
                    Counts.image_200 += 1
                self.answer(200, images[int(match.group(1))], [("Content-Type", "image/png"), ("ETag", etag)])
    return Handler


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64


def build(binary, folder):
    with Counts.lock:
        Counts.image_200 = Counts.image_304 = 0
    start = time.monotonic()
    result = subprocess.run([binary, "build", "--site", folder, "--verbose"], capture_output=True, text=True)
    elapsed = time.monotonic() - start
    if result.returncode != 0:
        raise SystemExit("newsgen build failed (exit %d):\n%s" % (result.returncode, result.stderr))
    high = re.search(r"memory tier high-water mark (\d+) bytes", result.stdout)
    summary = [line for line in result.stdout.splitlines() if line.startswith("Built ")]
    articles = len([n for n in os.listdir(os.path.join(folder, "public", "articles"))])
    media = len([n for n in os.listdir(os.path.join(folder, "public", "media")) if n.endswith(".png")])
    return elapsed, Counts.image_200, Counts.image_304, int(high.group(1)) if high else -1, summary[-1] if summary else "", articles, media


def main():
    if len(sys.argv) != 2:
        print("usage: image_bench.py BINARY", file=sys.stderr)
        return 64
    binary = os.path.realpath(sys.argv[1])
    root = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    images = make_images(FEEDS * ITEMS)
    server = Server(("127.0.0.1", 0), handler(images))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    folder = tempfile.mkdtemp(prefix="newsgen-image-bench.", dir=base)
    try:
        port = server.server_address[1]
        site = {"title": "Image bench", "pageSize": 50,
                "sources": [{"id": "feed-%d" % n, "url": "http://127.0.0.1:%d/feed/%d.xml" % (port, n)} for n in range(FEEDS)],
                "fetch": {"concurrency": CONCURRENCY, "timeoutSeconds": 20},
                "imageCache": {"memoryMB": MEMORY_MB, "diskMB": 200}}
        with open(os.path.join(folder, "site.json"), "w") as out:
            json.dump(site, out, indent=2)
        shutil.copytree(os.path.join(root, "templates"), os.path.join(folder, "templates"))
        cold = build(binary, folder)
        warm = build(binary, folder)
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)

    bound = MEMORY_MB * 1_048_576
    total = sum(len(i) for i in images)
    print("images: %d articles, %d distinct PNGs (%.1f MB in all), imageCache.memoryMB %d, fetch.concurrency %d"
          % (FEEDS * ITEMS, len(images), total / 1_048_576, MEMORY_MB, CONCURRENCY))
    for name, (seconds, downloads, revalidated, high, summary, articles, media) in (("cold cache", cold), ("warm cache", warm)):
        print("  %s: %.2f s; %d images downloaded, %d revalidated (304); memory tier high-water %.1f MB of %d MB; %d pages, %d images published"
              % (name, seconds, downloads, revalidated, high / 1_048_576, MEMORY_MB, articles, media))
    problems = []
    if cold[1] != len(images):
        problems.append("the cold build downloaded %d images, not %d" % (cold[1], len(images)))
    if warm[1] != 0 or warm[2] != len(images):
        problems.append("the warm build downloaded %d images and revalidated %d" % (warm[1], warm[2]))
    if max(cold[3], warm[3]) > bound or min(cold[3], warm[3]) < 0:
        problems.append("the memory tier's high-water mark %d is above its bound %d (or was not reported)" % (max(cold[3], warm[3]), bound))
    if cold[6] != len(images) or warm[6] != len(images):
        problems.append("published %d and %d images, not %d" % (cold[6], warm[6], len(images)))
    print("  " + ("PASS" if not problems else "FAIL: " + "; ".join(problems)))
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
