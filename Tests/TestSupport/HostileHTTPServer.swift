import Foundation

/// Servers that misbehave on purpose, on 127.0.0.1, for the fetch tests of issue 15: every
/// answer a careless or hostile publisher can give that must end as one source's warning,
/// in bounded time and memory. Bodies are generated as they are sent, never held whole:
/// a compression bomb repeats one compressed block of a megabyte of zeros.
///
/// Feeds (one item each, its title and guid the name in brackets): `/feed.xml` ("fine"),
/// `/gzip.xml` ("zipped", gzip-encoded), `/with-image-bomb.xml` ("pictured", whose image,
/// as `media:thumbnail` and in its HTML, is `/image-bomb`).
///
/// Bodies: `/gzip-bomb`, `/deflate-bomb` (`?mb=N`: N MB of zeros once inflated, 2,048 by
/// default, about a thousandth of that sent, with its Content-Length); `/image-bomb` (the
/// same, starting like a JPEG, as `image/jpeg`); `/endless` (chunked, never ends);
/// `/large` (`?mb=N`, 30 by default, plain, with its Content-Length); `/announced-huge`
/// (a Content-Length of 50 GB, then 64 KB); `/brotli` (`Content-Encoding: br`).
/// Lying lengths: `/length-longer` (a feed cut at 100 of the 600 bytes announced, then the
/// connection closes); `/length-longer-held` (the same, the connection then held open);
/// `/length-shorter` (a Content-Length 60 bytes short of the feed sent).
/// Slow: `/drip` (a Content-Length, then one byte every 0.2 s); `/hang` (10 s of silence).
/// Headers: `/header-flood` (2,000 headers of 1 KB); `/header-line-endless` (one header
/// line that never ends); `/hints-flood` (`103 Early Hints` answers, without end).
/// Redirects: `/loop` (302 to itself); `/to/<n>` (302 to `/to/<n-1>`; `/to/0` is the
/// feed "fine"); `/slow-to/<n>` (the same after 0.4 s each); `/moved/<n>` (301 to
/// `/moved/<n-1>`, then the feed); `/dir/relative` (302 to `../feed.xml`);
/// `/to-ftp`, `/to-file` (302 to an ftp and a file URL); `/redirect-endless` (a 302 whose
/// body never ends); `/error-endless` (a 500 whose body never ends).
/// `/counts` answers JSON: how many times each path was asked for; `/echo-headers` the
/// request's headers.
public enum HostileHTTPServer {
    static let handler = #"""
    import json, socket, threading, zlib
    RSS = ("Content-Type", "application/rss+xml; charset=utf-8")
    MEGABYTE = b"\0" * 1048576
    def bomb_blocks(wbits, prefix):
        # After a full flush the compressor starts afresh, so every further megabyte of
        # zeros compresses to the same bytes: one block, repeated, makes any size.
        compressor = zlib.compressobj(9, zlib.DEFLATED, wbits)
        first = compressor.compress(prefix + MEGABYTE[len(prefix):]) + compressor.flush(zlib.Z_FULL_FLUSH)
        block = compressor.compress(MEGABYTE) + compressor.flush(zlib.Z_FULL_FLUSH)
        return first, block
    GZIP = bomb_blocks(31, b"")
    DEFLATE = bomb_blocks(15, b"")
    JPEG = bomb_blocks(31, b"\xff\xd8\xff\xe0")
    COUNTS = {}
    LOCK = threading.Lock()
    class Handler(FixtureHandler):
        def head(self, status, headers):
            self.send_response(status)
            for key, value in headers: self.send_header(key, value)
            self.end_headers()
        def endless(self, status, headers=()):
            self.head(status, list(headers) + [("Transfer-Encoding", "chunked")])
            chunk = b"x" * 65536
            while True:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        def bomb(self, blocks, encoding, kind, megabytes):
            first, block = blocks
            self.head(200, [("Content-Type", kind), ("Content-Encoding", encoding),
                            ("Content-Length", str(len(first) + (megabytes - 1) * len(block)))])
            self.wfile.write(first)
            for _ in range(megabytes - 1):
                self.wfile.write(block)
        def do_GET(self):
            path, _, query = self.path.partition("?")
            megabytes = int(query[3:]) if query.startswith("mb=") else None
            with LOCK:
                COUNTS[path] = COUNTS.get(path, 0) + 1
            parts = path.split("/")
            try:
                if path == "/feed.xml":
                    self.send(200, feed("fine"), [RSS])
                elif path == "/gzip.xml":
                    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
                    self.send(200, compressor.compress(feed("zipped")) + compressor.flush(), [RSS, ("Content-Encoding", "gzip")])
                elif path == "/with-image-bomb.xml":
                    image = "http://%s/image-bomb" % self.headers.get("Host")
                    body = feed("pictured").replace(b"</guid>", (
                        '</guid><description>&lt;img src="%s"&gt;</description>'
                        '<media:thumbnail xmlns:media="http://search.yahoo.com/mrss/" url="%s"/>' % (image, image)).encode())
                    self.send(200, body, [RSS])
                elif path == "/gzip-bomb":
                    self.bomb(GZIP, "gzip", RSS[1], megabytes or 2048)
                elif path == "/deflate-bomb":
                    self.bomb(DEFLATE, "deflate", RSS[1], megabytes or 2048)
                elif path == "/image-bomb":
                    self.bomb(JPEG, "gzip", "image/jpeg", megabytes or 2048)
                elif path == "/endless":
                    self.endless(200, [RSS])
                elif path == "/large":
                    size = (megabytes or 30) * 1048576
                    self.head(200, [RSS, ("Content-Length", str(size))])
                    for _ in range(size // 65536):
                        self.wfile.write(b"x" * 65536)
                elif path == "/announced-huge":
                    self.head(200, [RSS, ("Content-Length", str(50 * 1024 ** 3))])
                    self.wfile.write(b"x" * 65536)
                elif path == "/brotli":
                    self.send(200, b"\x1b\xff\xff\x0f" * 64, [RSS, ("Content-Encoding", "br")])
                elif path in ("/length-longer", "/length-longer-held"):
                    self.head(200, [RSS, ("Content-Length", "600")])
                    self.wfile.write(feed("cut")[:100])
                    self.wfile.flush()
                    if path == "/length-longer-held":
                        time.sleep(10)
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_WR)
                elif path == "/length-shorter":
                    body = feed("shorter")
                    self.head(200, [RSS, ("Content-Length", str(len(body) - 60))])
                    self.wfile.write(body)
                    self.close_connection = True
                elif path == "/drip":
                    body = feed("dripped")
                    self.head(200, [RSS, ("Content-Length", str(len(body)))])
                    for index in range(len(body)):
                        self.wfile.write(body[index:index + 1])
                        self.wfile.flush()
                        time.sleep(0.2)
                elif path == "/hang":
                    time.sleep(10)
                    self.send(200, feed("late"), [RSS])
                elif path == "/header-flood":
                    self.head(200, [RSS] + [("X-Flood-%d" % n, "v" * 1024) for n in range(2000)])
                    self.wfile.write(feed("flooded"))
                elif path == "/header-line-endless":
                    self.wfile.write(b"HTTP/1.1 200 OK\r\nX-Long: ")
                    while True:
                        self.wfile.write(b"a" * 65536)
                elif path == "/hints-flood":
                    line = b"HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload; as=style\r\n\r\n"
                    while True:
                        self.wfile.write(line * 64)
                elif path == "/loop":
                    self.send(302, b"", [("Location", "/loop")])
                elif len(parts) == 3 and parts[1] in ("to", "slow-to", "moved"):
                    hops = int(parts[2])
                    if parts[1] == "slow-to":
                        time.sleep(0.4)
                    if hops == 0:
                        self.send(200, feed("fine"), [RSS])
                    else:
                        self.send(301 if parts[1] == "moved" else 302, b"", [("Location", "/%s/%d" % (parts[1], hops - 1))])
                elif path == "/dir/relative":
                    self.send(302, b"", [("Location", "../feed.xml")])
                elif path == "/to-ftp":
                    self.send(302, b"", [("Location", "ftp://127.0.0.1/feed.xml")])
                elif path == "/to-file":
                    self.send(302, b"", [("Location", "file:///etc/passwd")])
                elif path == "/redirect-endless":
                    self.endless(302, [("Location", "/feed.xml")])
                elif path == "/error-endless":
                    self.endless(500, [("Content-Type", "text/plain")])
                elif path == "/echo-headers":
                    self.send(200, json.dumps(dict(self.headers.items())).encode(), [("Content-Type", "application/json")])
                elif path == "/counts":
                    with LOCK:
                        body = json.dumps(COUNTS).encode()
                    self.send(200, body, [("Content-Type", "application/json")])
                else:
                    self.send(404, b"not here", [("Content-Type", "text/plain")])
            except OSError:
                # The client stopped reading, as it should: nothing more to send.
                self.close_connection = True
    """#

    public static var pythonAvailable: Bool { PythonHTTPServer.pythonAvailable }

    public static func start() throws -> PythonHTTPServer {
        try PythonHTTPServer(handler: handler)
    }
}
