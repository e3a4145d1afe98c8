#!/usr/bin/env python3
"""Hostile web pages for `newsgen extract` (issue 17), which Tests/Benchmarks/hostile.sh runs beside
the hostile feeds of hostile_inputs.py: each must be refused or processed within 10 s and 500 MB.

Two kinds. Page files (generated, never downloaded), run as `newsgen extract FILE`; and pages served
by a server on 127.0.0.1, run as `newsgen extract URL`:

    hostile_pages.py --serve PORT_FILE   (serves SERVED until killed or LIFETIME_SECONDS have passed;
                                          writes the port it listens on to PORT_FILE)

Every served answer is bounded: a drip stops after DRIP_SECONDS, the server answers 503 after
MAX_REQUESTS requests (a client that follows a redirect loop forever stops there) and exits by itself
after LIFETIME_SECONDS.
"""
from __future__ import annotations

import http.server
import os
import struct
import sys
import threading
import time
import zlib

MB = 1024 * 1024
DRIP_SECONDS = 120
DRIP_INTERVAL = 0.1
MAX_REQUESTS = 5_000
LIFETIME_SECONDS = 3_600

PAGE_HEAD = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Hostile page</title></head>\n'
             '<body><nav><a href="/">Home</a> <a href="/news">News</a></nav>\n<article><h1>Hostile page</h1>\n')
PAGE_TAIL = '</article>\n<footer>Footer</footer></body></html>\n'
PARAGRAPH = ('<p>The harbour works go on through the winter, said the pilot, and the crew of the dredger '
             'will stay until the <a href="/berth">new berth</a> is deep enough for the ferries.</p>\n')


def page_20mb(out):
    # A 20 MB article of ordinary paragraphs: real work, just a lot of it.
    out.write(PAGE_HEAD)
    count = (20 * MB) // len(PARAGRAPH)
    for _ in range(count):
        out.write(PARAGRAPH)
    out.write(PAGE_TAIL)


def page_nesting_10k(out):
    out.write(PAGE_HEAD + '<div>' * 10_000 + PARAGRAPH + '</div>' * 10_000 + PAGE_TAIL)


def page_elements_1m(out):
    # A million empty elements (7 MB) in the article: each one a node to walk and score.
    out.write(PAGE_HEAD + PARAGRAPH)
    for _ in range(1_000):
        out.write('<i></i>' * 1_000)
    out.write(PARAGRAPH + PAGE_TAIL)


# (name, writer, suffix, description), as hostile_inputs.py's feed cases.
PAGE_FILES = [
    ("page-20mb", page_20mb, ".html", "a 20 MB HTML article (file)"),
    ("page-nesting-10k", page_nesting_10k, ".html", "an HTML page with divs nested 10,000 deep (file)"),
    ("page-elements-1m", page_elements_1m, ".html", "an HTML page with a million empty elements (file)"),
]


def png_1x1() -> bytes:
    """A valid 1×1 grey PNG."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\x80")) + chunk(b"IEND", b"")


PDF = (b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
       b"2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n"
       b"trailer << /Root 1 0 R >>\n%%EOF\n")

# (name, path on the server, description)
SERVED = [
    ("page-drip", "/drip", "a page that never ends: a few bytes every 0.1 s (served)"),
    ("page-redirect-loop", "/redirect-loop/a", "a redirect loop: /a → /b → /a (served)"),
    ("page-pdf", "/paper.pdf", "a PDF served as application/pdf (served)"),
    ("page-png", "/picture.png", "a PNG served as image/png (served)"),
]


class HostileHandler(http.server.BaseHTTPRequestHandler):
    """Answers SERVED's paths; every answer bounded in time, the server's in count."""

    requests_seen = 0
    lock = threading.Lock()

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass

    def do_GET(self):  # noqa: N802 (http.server's name)
        with HostileHandler.lock:
            HostileHandler.requests_seen += 1
            over = HostileHandler.requests_seen > MAX_REQUESTS
        if over:
            self.answer(503, "text/plain", b"too many requests: this test server has answered enough\n")
        elif self.path == "/drip":
            self.drip()
        elif self.path == "/redirect-loop/a":
            self.redirect("/redirect-loop/b")
        elif self.path == "/redirect-loop/b":
            self.redirect("/redirect-loop/a")
        elif self.path == "/paper.pdf":
            self.answer(200, "application/pdf", PDF)
        elif self.path == "/picture.png":
            self.answer(200, "image/png", png_1x1())
        else:
            self.answer(404, "text/plain", b"not a hostile page\n")

    def answer(self, status: int, content_type: str, body: bytes):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location: str):
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def drip(self):
        # No Content-Length: the body ends when the connection closes, which it does not (for DRIP_SECONDS).
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        deadline = time.monotonic() + DRIP_SECONDS
        try:
            self.wfile.write(PAGE_HEAD.encode())
            while time.monotonic() < deadline:
                self.wfile.write(b"<p>drip</p>\n")
                self.wfile.flush()
                time.sleep(DRIP_INTERVAL)
        except (BrokenPipeError, ConnectionResetError):
            pass


def serve(port_file: str, lifetime: float = LIFETIME_SECONDS) -> None:
    """Listens on 127.0.0.1 (a free port, written to port_file) until killed or `lifetime` passes."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), HostileHandler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    partial = port_file + ".partial"
    with open(partial, "w") as out:
        out.write(str(server.server_address[1]))
    os.replace(partial, port_file)
    time.sleep(lifetime)
    server.shutdown()


def main(argv):
    if len(argv) == 3 and argv[1] == "--serve":
        serve(argv[2])
        return 0
    sys.stderr.write(__doc__)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
