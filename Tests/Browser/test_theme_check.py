"""The theme check's own logic: link extraction and resolution, the link checker against a real
http.server, the axe filter and summary, page-kind discovery, the weight budget, other-origin
detection, and (with Chromium) axe-core injected under a strict CSP finding what it should."""

import os
import re
import shutil
import struct
import sys
import tempfile
import unittest
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import theme_check  # noqa: E402


def write(root, relative, text):
    path = os.path.join(root, *relative.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as file:
        file.write(text)
    return path


class LinkTests(unittest.TestCase):
    def test_extracts_href_src_and_each_srcset_candidate(self):
        links = theme_check.extract_links(
            '<link rel="stylesheet" href="../assets/style.css"><a href="#main">skip</a>'
            '<a data-testid="nav-search" href="">Search</a>'
            '<img src="a.jpg" srcset="a.jpg 1x, b.jpg 2x" alt=""><script src="s.js"></script>')
        self.assertEqual(links, [
            ("link", "href", "../assets/style.css", None),
            ("a", "href", "#main", None),
            ("a", "href", "", "nav-search"),
            ("img", "src", "a.jpg", None),
            ("img", "srcset", "a.jpg", None),
            ("img", "srcset", "b.jpg", None),
            ("script", "src", "s.js", None),
        ])

    def test_resolves_what_stays_on_the_site_and_skips_the_rest(self):
        base = "https://news.example.org/"
        cases = [
            ("../", "/articles/x/", "/articles/"),
            ("../../bookmarks/", "/articles/x/", "/bookmarks/"),
            ("media/a.png#frag", "/", "/media/a.png"),
            ("search/?q=ferry", "/", "/search/?q=ferry"),
            ("/feed.xml", "/articles/x/", "/feed.xml"),
            ("https://news.example.org/articles/x/", "/articles/x/", "/articles/x/"),
            ("https://news.example.org/", "/", "/"),
            ("#main", "/", None),
            ("", "/", None),
            ("mailto:desk@example.org", "/", None),
            ("data:image/png;base64,AAAA", "/", None),
            ("https://www.swift.org/blog/", "/", None),
            ("//cdn.example.net/x.js", "/", None),
        ]
        for value, page, expected in cases:
            with self.subTest(value=value, page=page):
                self.assertEqual(theme_check.resolve_link(value, page, base), expected)

    def test_a_base_url_with_a_sub_path_maps_to_the_path_under_it(self):
        self.assertEqual(theme_check.resolve_link("https://example.org/news/tags/x/", "/", "https://example.org/news/"),
                         "/news/tags/x/")

    def test_the_link_checker_catches_broken_links(self):
        with tempfile.TemporaryDirectory() as public:
            write(public, "index.html",
                  '<a href="articles/ok/">ok</a> <a href="articles/gone/">gone</a> <a href="articles/ok">no slash</a>'
                  '<a href="#main">skip</a> <a href="https://elsewhere.example/">out</a> <a data-testid="nav-x" href="">x</a>'
                  '<img src="media/a.png" srcset="media/a.png 1x, media/b.png 2x" alt="">')
            write(public, "articles/ok/index.html", '<a href="../../">home</a><link rel="stylesheet" href="../../style.css">')
            write(public, "media/a.png", "png")
            write(public, "style.css", "body{}")
            server = theme_check.Server(public)
            try:
                broken, requested = theme_check.check_links(public, server.port)
            finally:
                server.stop()
        self.assertEqual(requested, 7)
        self.assertEqual([theme_check.describe_broken(*item) for item in broken], [
            "/ -> articles/gone/ (/articles/gone/): 404",
            "/ -> articles/ok (/articles/ok): 301 -> /articles/ok/",
            '/ -> <a data-testid="nav-x" href="">: empty: a value the theme did not get',
            "/ -> media/b.png (/media/b.png): 404",
        ])

    def test_html_pages_are_site_paths(self):
        with tempfile.TemporaryDirectory() as public:
            for relative in ("index.html", "404.html", "tags/ferry/index.html", "assets/style.css"):
                write(public, relative, "x")
            self.assertEqual(theme_check.html_pages(public), ["/", "/404.html", "/tags/ferry/"])
            self.assertEqual(theme_check.page_file(public, "/tags/ferry/"), os.path.join(public, "tags", "ferry", "index.html"))


class AxeFilterTests(unittest.TestCase):
    FINDINGS = [
        {"id": "color-contrast", "impact": "serious", "nodes": 3},
        {"id": "region", "impact": "moderate", "nodes": 5},
        {"id": "image-alt", "impact": "critical", "nodes": 1},
        {"id": "meta-viewport-large", "impact": "minor", "nodes": 1},
        {"id": "color-contrast", "impact": "serious", "nodes": 2},
    ]

    def test_keeps_serious_and_critical_only(self):
        self.assertEqual([(f["id"], f["impact"]) for f in theme_check.failing(self.FINDINGS)],
                         [("color-contrast", "serious"), ("image-alt", "critical"), ("color-contrast", "serious")])

    def test_summary_counts_every_violation_by_impact(self):
        self.assertEqual(theme_check.impact_summary(self.FINDINGS),
                         "critical 1 (1 nodes), serious 2 (5 nodes), moderate 1 (5 nodes), minor 1 (1 nodes)")
        self.assertEqual(theme_check.impact_summary([]), "critical 0, serious 0, moderate 0, minor 0")

    def test_a_finding_reads_rule_impact_page_mode_target_and_help(self):
        finding = dict(self.FINDINGS[0], help="Elements must meet minimum color contrast ratio thresholds", target=".page-prev",
                       label="home", site="populated", page="/", width=375, mode="dark")
        self.assertEqual(theme_check.describe(finding), "serious color-contrast on home (populated site /) 375 px dark: "
                         ".page-prev - Elements must meet minimum color contrast ratio thresholds")
        finding["detail"] = "Element has insufficient color contrast of 2.5"
        self.assertEqual(theme_check.describe(finding), "serious color-contrast on home (populated site /) 375 px dark: "
                         ".page-prev - Elements must meet minimum color contrast ratio thresholds "
                         "[Element has insufficient color contrast of 2.5]")


class SiteTests(unittest.TestCase):
    def test_discovers_one_page_of_each_kind_and_none_for_a_missing_kind(self):
        with tempfile.TemporaryDirectory() as public:
            for relative in ("index.html", "articles/b-plain/index.html", "bookmarks/index.html", "sources/index.html",
                             "sources/page/2/index.html", "sources/notes/index.html", "404.html"):
                write(public, relative, "<p>text</p>")
            write(public, "articles/c-pictured/index.html", '<img data-testid="article-image" src="x.png" alt="">')
            self.assertEqual(theme_check.discover_kinds(public), {
                "home": "/", "archive": None, "month page": None, "article": "/articles/c-pictured/", "bookmarks": "/bookmarks/", "sources": "/sources/",
                "source page": "/sources/notes/", "tag page": None, "search": None, "404": "/404.html",
            })

    def test_discovers_the_month_index_and_the_newest_month(self):
        with tempfile.TemporaryDirectory() as public:
            for relative in ("archive/index.html", "archive/2025/12/index.html", "archive/2026/01/index.html", "archive/2026/02/x.txt"):
                write(public, relative, "<p>text</p>")
            kinds = theme_check.discover_kinds(public)
            self.assertEqual((kinds["archive"], kinds["month page"]), ("/archive/", "/archive/2026/01/"))

    def test_home_weight_is_the_html_plus_its_stylesheets(self):
        with tempfile.TemporaryDirectory() as public:
            home = '<link rel="stylesheet" href="assets/style.css"><link rel="alternate" href="feed.xml"><p>hi</p>'
            write(public, "index.html", home)
            write(public, "assets/style.css", "x" * 1000)
            write(public, "feed.xml", "y" * 5000)
            total, parts = theme_check.home_weight(public)
        self.assertEqual(parts, [("index.html", len(home)), ("assets/style.css", 1000)])
        self.assertEqual(total, len(home) + 1000)

    def test_other_origins_come_from_resources_and_console_messages(self):
        origin = "http://127.0.0.1:8000"
        resources = [origin + "/assets/style.css", "data:image/png;base64,AA", "https://fonts.example.com/a.woff2",
                     "http://127.0.0.1:9000/x.js"]
        messages = [origin + "/ - Loading the image 'http://img.example.com/p.png' violates the following Content "
                    "Security Policy directive: \"img-src 'self'\". The action has been blocked.",
                    origin + "/favicon.ico - Failed to load resource: the server responded with a status of 404"]
        self.assertEqual(theme_check.other_origins(origin, resources, messages),
                         ["http://127.0.0.1:9000/x.js", "http://img.example.com/p.png", "https://fonts.example.com/a.woff2"])


class ConsoleTests(unittest.TestCase):
    def test_keeps_csp_refusals_and_script_errors_not_network_errors(self):
        entries = [
            {"level": "SEVERE", "source": "security", "message": "x.js 1 Connecting to 'http://h/i.json' violates ... "},
            {"level": "SEVERE", "source": "javascript", "message": "x.js 2 Uncaught TypeError: a is undefined"},
            {"level": "SEVERE", "source": "network", "message": "http://h/favicon.ico - Failed to load resource: 404"},
            {"level": "WARNING", "source": "javascript", "message": "x.js 3 deprecated"},
        ]
        self.assertEqual(theme_check.console_errors(entries), [
            "x.js 1 Connecting to 'http://h/i.json' violates ...", "x.js 2 Uncaught TypeError: a is undefined"])


def one_pixel_png():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\x80\x80\x80")) + chunk(b"IEND", b""))


def browser_ready():
    if not (os.path.exists("/usr/bin/chromium") and os.path.exists("/usr/bin/chromedriver")):
        return False
    try:
        import selenium  # noqa: F401
        theme_check.axe_source()
    except (ImportError, theme_check.CannotRun):
        return False
    return True


@unittest.skipUnless(browser_ready(), "needs /usr/bin/chromium, chromedriver, selenium and axe-core")
class BrowserTests(unittest.TestCase):
    PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; img-src 'self'; script-src 'self'">
<title>Fixture</title><link rel="stylesheet" href="style.css"></head>
<body><main><h1>Fixture</h1><p>Plain text</p><p class="faint">Barely there</p>
<img src="pixel.png"><img src="http://img.example.com/p.png" alt="remote"><img src="gone.png" alt="gone"></main></body></html>
"""

    def test_axe_runs_under_the_csp_and_finds_serious_and_critical_violations(self):
        temp = tempfile.mkdtemp(prefix="theme-check-test-")
        server = driver = None
        try:
            public = os.path.join(temp, "public")
            write(public, "index.html", self.PAGE)
            write(public, "style.css", ".faint { color: #c8c8c8; background: #ffffff; }")
            with open(os.path.join(public, "pixel.png"), "wb") as file:
                file.write(one_pixel_png())
            server = theme_check.Server(public)
            driver = theme_check.headless.start_chromium("/usr/bin/chromium", "/usr/bin/chromedriver",
                                                         os.path.join(temp, "profile"), window="1280,900")
            driver.get(server.origin + "/")
            foreign, failed, errors = theme_check.page_requests(driver, server.origin)
            self.assertEqual(foreign, ["http://img.example.com/p.png"])
            self.assertEqual(failed, ["/gone.png (404)"])
            # Chromium puts the page's line before the message when it reports the refusal during parsing
            # ("/ 6 Loading…") and "-" when later ("/ - Loading…"): which one is a matter of timing.
            located = [re.sub(r"^/ (?:-|\d+(?::\d+)?) ", "/ - ", error) for error in errors]
            self.assertEqual(located, ["/ - Loading the image 'http://img.example.com/p.png' violates the following Content "
                                       "Security Policy directive: \"img-src 'self'\". The action has been blocked."])
            version, source = theme_check.axe_source()
            self.assertEqual(theme_check.inject_axe(driver, source), version)
            theme_check.emulate(driver, 375, 812, "dark")
            self.assertTrue(driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches"))
            self.assertEqual(driver.execute_script("return innerWidth"), 375)
            found = theme_check.run_axe(driver)
            self.assertEqual(sorted((f["id"], f["impact"]) for f in theme_check.failing(found)),
                             [("color-contrast", "serious"), ("image-alt", "critical")])
            contrast = [f for f in found if f["id"] == "color-contrast"][0]
            self.assertEqual(contrast["target"], ".faint")
            self.assertIn("insufficient color contrast", contrast["detail"])
        finally:
            if driver is not None:
                driver.quit()
            if server is not None:
                server.stop()
            shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
