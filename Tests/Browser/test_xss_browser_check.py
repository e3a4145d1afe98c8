"""Tests of the XSS browser check itself: the vector list, the feed it writes, and
that it fails against a build that does not sanitize (a stand-in for newsgen that
copies feed HTML into pages as is), so a green run means something."""

import os
import re
import subprocess
import sys
import tempfile
import textwrap
import unittest
import xml.etree.ElementTree as ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import xss_browser_check as check  # noqa: E402
import xss_vectors  # noqa: E402

ORIGIN = "http://127.0.0.1:1"

# A stand-in for `newsgen build --site DIR` that does no sanitizing: every item
# becomes public/articles/<n>/index.html with its HTML copied in raw, under a
# strict CSP meta (so only the CSP-stripped copy can fire).
UNSANITIZING_BUILD = textwrap.dedent('''\
    import json, os, sys, xml.etree.ElementTree as ET
    site = sys.argv[sys.argv.index("--site") + 1]
    config = json.load(open(os.path.join(site, "site.json")))
    feed = ET.parse(os.path.join(site, config["sources"][0]["path"])).getroot()
    names = {"content": "{http://purl.org/rss/1.0/modules/content/}encoded",
             "atomContent": "{http://www.w3.org/2005/Atom}content", "atomSummary": "{http://www.w3.org/2005/Atom}summary"}
    for n, item in enumerate(feed.iter("item")):
        body = ""
        tags = [names["content"], "description", names["atomContent"], names["atomSummary"]]
        for tag in tags[:2] if os.environ.get("FAKE_IGNORES_ATOM") else tags:
            element = item.find(tag)
            if element is not None:
                body = (element.text or "") + "".join(ET.tostring(child, encoding="unicode") for child in element)
                break
        folder = os.path.join(site, "public", "articles", "a%d" % n)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "index.html"), "w") as page:
            page.write("<!doctype html><html><head><meta charset=utf-8>"
                       "<meta http-equiv=\\"Content-Security-Policy\\" content=\\"default-src 'none'; script-src 'self'\\">"
                       "<title>%s</title></head><body><main><div data-testid=\\"article-content\\">%s</div></main></body></html>"
                       % (item.findtext("title").replace("<", "&lt;"), body))
    ''')


def run_check(directory, arguments, environment=None):
    fake = os.path.join(directory, "newsgen")
    with open(fake, "w") as handle:
        handle.write("#!%s\n%s" % (sys.executable, UNSANITIZING_BUILD))
    os.chmod(fake, 0o755)
    return subprocess.run([sys.executable, os.path.join(HERE, "xss_browser_check.py"), fake] + arguments,
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
                          env=dict(os.environ, **(environment or {})))


def browser_available():
    try:
        import selenium  # noqa: F401
    except ImportError:
        return False
    return os.path.exists("/usr/bin/chromium") and os.path.exists("/usr/bin/chromedriver")


class VectorListTests(unittest.TestCase):
    def test_at_least_150_vectors_with_unique_ids(self):
        vectors = xss_vectors.vectors()
        self.assertGreaterEqual(len(vectors), 150)
        self.assertEqual(len({v["id"] for v in vectors}), len(vectors))

    # Legacy vectors with a fixed payload (no browser runs VBScript or HTC behaviors);
    # the DOM checks judge them.
    FIXED_PAYLOAD = {"style-behavior-htc", "a-href-vbscript", "item-link-vbscript"}

    def test_every_vector_is_rendered_for_its_own_id(self):
        for vector in xss_vectors.vectors():
            text = xss_vectors.render(vector["template"], vector["id"], ORIGIN)
            with self.subTest(vector=vector["id"]):
                self.assertNotRegex(text, r"\{(ID|JS|JSURL|SRC|NAV|CSS|O|B64HTML|B64SVG)\}")
                self.assertTrue(check.XML_CHAR.match(text), "holds a character XML cannot carry")
                if vector["id"] not in self.FIXED_PAYLOAD:
                    self.assertNotEqual(text, vector["template"], "uses no placeholder, so it cannot call the probe")
                    self.assertNotEqual(text, xss_vectors.render(vector["template"], "other-id", ORIGIN))

    def test_families_the_issue_names_are_covered(self):
        templates = "\n".join(v["template"].lower() for v in xss_vectors.vectors())
        for needle in ["<svg", "<math", "mglyph", "srcset", "formaction", "http-equiv=\"refresh\"", "<base", "url(",
                       "expression(", "@import", "<!--", "[if", "&#0;", "+adw-", "%c0%bc", "\uff1c", "&#x09;",
                       "data:text/html", "vbscript:", "onanimationstart", "onbegin", "ontoggle", "autofocus",
                       "srcdoc", "<object", "<embed", "<isindex", "<xmp", "<noscript", "<template", "<textarea"]:
            with self.subTest(needle=needle):
                self.assertIn(needle, templates)

    def test_render_keeps_other_braces(self):
        self.assertEqual(xss_vectors.render("{a}{{JS}}{NOPE}{ID}", "v-1", ORIGIN), "{a}{__xss('v-1')}{NOPE}v-1")


class FeedTests(unittest.TestCase):
    def test_feed_is_well_formed_and_carries_every_vector_once(self):
        vectors = xss_vectors.vectors()
        payloads = {v["id"]: xss_vectors.render(v["template"], v["id"], ORIGIN) for v in vectors}
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "feed.xml")
            check.write_feed(path, vectors, payloads, ORIGIN)
            root = ElementTree.parse(path).getroot()
        items = root.findall("./channel/item")
        guids = [item.findtext("guid") for item in items]
        checks = ["xss-carrier-check-%d" % n for n in range(len(check.BODY_CARRIERS))] + ["xss-carrier-check-xhtml"]
        self.assertEqual(guids, ["xss-baseline"] + checks + ["xss-" + v["id"] for v in vectors])
        self.assertEqual({v["carrier_name"] for v in vectors if v["carrier"] == "body"}, set(check.BODY_CARRIERS))

    def test_cdata_end_is_split(self):
        self.assertEqual(check.cdata("a]]>b"), "<![CDATA[a]]]]><![CDATA[>b]]>")

    def test_csp_meta_is_stripped_in_any_spelling(self):
        with tempfile.TemporaryDirectory() as directory:
            os.makedirs(os.path.join(directory, "a"))
            with open(os.path.join(directory, "a", "index.html"), "w") as page:
                page.write("<head><META HTTP-EQUIV=Content-Security-Policy content=\"default-src 'none'\"><title>t</title>")
            target, had_policy = check.strip_csp(directory, "a/index.html")
            self.assertEqual((target, had_policy), ("a/index.nocsp.html", True))
            with open(os.path.join(directory, target)) as page:
                self.assertEqual(page.read(), "<head><title>t</title>")


class VacuousCarrierTests(unittest.TestCase):
    def test_a_carrier_the_build_ignores_stops_the_check(self):
        with tempfile.TemporaryDirectory() as directory:
            result = run_check(directory, ["--only", "script-plain", "--min-vectors", "1"], {"FAKE_IGNORES_ATOM": "1"})
        self.assertEqual(result.returncode, 2, result.stdout + result.stderr)
        self.assertEqual(result.stderr, "xss browser check: could not run: a benign item's atom:content html does not "
                                        "reach its article page, so the vectors in that carrier would test nothing\n")


@unittest.skipUnless(browser_available(), "chromium, chromedriver or selenium is not installed")
class HarnessFailsWithoutSanitizerTests(unittest.TestCase):
    def test_unsanitized_pages_fire_once_the_csp_is_stripped(self):
        ids = ["script-plain", "img-onerror", "a-href-javascript", "details-ontoggle"]
        with tempfile.TemporaryDirectory() as directory:
            result = run_check(directory, ["--min-vectors", "4", "--no-control", "--workers", "1"]
                               + [a for i in ids for a in ("--only", i)])
        output = result.stdout + result.stderr
        self.assertEqual(result.returncode, 1, output)
        self.assertIn("xss browser check: 4 vectors × 2 (CSP on, CSP stripped): 3 fired\n", output)
        self.assertIn("unsafe DOM (on* attribute, javascript:/vbscript:/data: link or frame, active element): 4 vectors\n", output)
        lines = set(re.findall(r"^(FIRED|UNSAFE DOM) (\S+) \[[^\]]*\] \(([^)]*)\)", output, re.MULTILINE))
        self.assertEqual(lines, {
            # The CSP blocks inline script and handlers, so these run only once it is stripped;
            # as built, the handler or script is still there: unsafe DOM.
            ("FIRED", "script-plain", "CSP stripped"), ("UNSAFE DOM", "script-plain", "CSP on"),
            ("FIRED", "img-onerror", "CSP stripped"), ("UNSAFE DOM", "img-onerror", "CSP on"),
            ("FIRED", "details-ontoggle", "CSP stripped"), ("UNSAFE DOM", "details-ontoggle", "CSP on"),
            # A javascript: link runs nothing by itself but is never acceptable.
            ("UNSAFE DOM", "a-href-javascript", "CSP on"), ("UNSAFE DOM", "a-href-javascript", "CSP stripped"),
        }, output)


if __name__ == "__main__":
    unittest.main()
