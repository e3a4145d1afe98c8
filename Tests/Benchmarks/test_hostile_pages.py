"""Unit tests of the hostile web pages (hostile_pages.py) and their listing in hostile_inputs.py:
the server's answers over 127.0.0.1 and the generated files' shapes.

    python3 -m unittest discover -s Tests/Benchmarks -p 'test_*.py'
"""

import http.client
import http.server
import io
import socket
import sys
import threading
import time
import unittest
import zlib
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))

import hostile_inputs  # noqa: E402
import hostile_pages  # noqa: E402


class ServerTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), hostile_pages.HostileHandler)
        cls.server.daemon_threads = True
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.port = cls.server.server_address[1]

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def get(self, path):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        connection.request("GET", path)
        response = connection.getresponse()
        return response, connection

    def test_every_served_path_answers(self):
        for name, path, _ in hostile_pages.SERVED:
            response, connection = self.get(path)
            self.assertNotEqual(response.status, 404, name)
            connection.close()

    def test_redirect_loop(self):
        response, connection = self.get("/redirect-loop/a")
        self.assertEqual((response.status, response.getheader("Location")), (302, "/redirect-loop/b"))
        connection.close()
        response, connection = self.get("/redirect-loop/b")
        self.assertEqual(response.getheader("Location"), "/redirect-loop/a")
        connection.close()

    def test_pdf_and_png_types(self):
        response, connection = self.get("/paper.pdf")
        self.assertEqual(response.getheader("Content-Type"), "application/pdf")
        self.assertTrue(response.read().startswith(b"%PDF-1.4"))
        connection.close()
        response, connection = self.get("/picture.png")
        self.assertEqual(response.getheader("Content-Type"), "image/png")
        body = response.read()
        self.assertEqual(body[:8], b"\x89PNG\r\n\x1a\n")
        idat = body.index(b"IDAT")
        self.assertEqual(zlib.decompress(body[idat + 4:body.index(b"IEND") - 8]), b"\x00\x80")
        connection.close()

    def test_drip_does_not_end(self):
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as sock:
            sock.sendall(b"GET /drip HTTP/1.0\r\nHost: x\r\n\r\n")
            received, started = b"", time.monotonic()
            while time.monotonic() - started < 1.0:
                chunk = sock.recv(4096)
                self.assertTrue(chunk, "the drip ended")
                received += chunk
        self.assertIn(b"200", received.split(b"\r\n", 1)[0])
        self.assertNotIn(b"Content-Length", received)
        self.assertGreaterEqual(received.count(b"<p>drip</p>"), 3)

    def test_requests_are_capped(self):
        with mock.patch.object(hostile_pages, "MAX_REQUESTS", 0):
            response, connection = self.get("/redirect-loop/a")
            self.assertEqual(response.status, 503)
            connection.close()


class PageFileTests(unittest.TestCase):
    def written(self, writer):
        out = io.StringIO()
        writer(out)
        return out.getvalue()

    def test_shapes(self):
        nested = self.written(hostile_pages.page_nesting_10k)
        self.assertEqual((nested.count("<div>"), nested.count("</div>")), (10_000, 10_000))
        self.assertEqual(self.written(hostile_pages.page_elements_1m).count("<i></i>"), 1_000_000)

    def test_twenty_megabytes(self):
        size = len(self.written(hostile_pages.page_20mb).encode())
        self.assertTrue(20 * hostile_pages.MB - 1_000 < size < 20 * hostile_pages.MB + 1_000, size)

    def test_listed_with_kinds(self):
        kinds = {name: kind for name, kind, _, _, _ in hostile_inputs.ALL_CASES}
        self.assertEqual(kinds["page-20mb"], "page")
        self.assertEqual(kinds["page-drip"], "served")
        self.assertEqual(kinds["nesting-10k"], "feed")
        self.assertEqual(len(kinds), len(hostile_inputs.ALL_CASES), "case names are unique")


if __name__ == "__main__":
    unittest.main()
