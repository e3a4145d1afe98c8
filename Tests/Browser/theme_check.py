#!/usr/bin/env python3
"""The default theme in headless Chromium: axe-core, screenshots, links, weight (issue 8).

Builds three sites with the real binary into a temporary folder:
  populated  the repository's sample site with one bookmark;
  edge       the sample plus a source whose file is missing, an article with a
             ~200-character title holding a 60-character unbroken word, and an
             article without an image;
  empty      a site.json with no sources and no articles folder.
Each is served by `python3 -m http.server` on 127.0.0.1 (a free port), then:

1. axe-core (the copy bundled by the PyPI package axe-selenium-python-nhsuk,
   injected through WebDriver, which the pages' CSP does not govern) runs on one
   page of each kind found under public/ (home, the month index, the newest
   month page, article, bookmarks, sources, a source page, a tag page, search, 404) and on every page screenshotted, in
   light and dark (prefers-color-scheme emulated through the DevTools protocol)
   at 375 and 1280 px wide. A violation of impact serious or critical fails.
   A kind with no page in the build is reported missing and fails.
2. Full-page screenshots at 375x812 and 1280x900, light and dark, named for
   what they show (home-populated-375-light.png, ...), into --screenshots.
3. Every href, src and srcset of every HTML page that stays on the site is
   requested from the server and must answer 200 (an empty one fails too);
   every page is loaded in Chromium and must request nothing from another
   origin, load no same-origin resource that fails, and log no CSP refusal or
   script error.
4. The populated home page's HTML plus the stylesheets it links must weigh at
   most 30 KB (30,000 bytes).

Exit 0 when all holds, 1 with the findings, 2 when the check cannot run.

Usage: theme_check.py [BINARY] [--screenshots DIR]   (default .build/debug/newsgen)
"""
import base64
import collections
import html.parser
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import headless  # noqa: E402

# The page kinds every build must have, in the order they are reported.
KINDS = ("home", "archive", "month page", "article", "bookmarks", "sources", "source page", "tag page", "search", "404")
WIDTHS = ((375, 812), (1280, 900))
MODES = ("light", "dark")
FAILING_IMPACTS = ("critical", "serious")
IMPACT_ORDER = ("critical", "serious", "moderate", "minor")
WEIGHT_BUDGET = 30000  # bytes: "30 KB" for the home page's HTML plus its CSS
AXE_PACKAGE = "axe-selenium-python-nhsuk==1.0.4"

LONG_WORD = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogocher"
LONG_TITLE = ("Harbour authority publishes its long-awaited review of the winter ferry timetable, the breakwater "
              "repairs and the " + LONG_WORD + " twinning visit after a year of consultation")
NO_IMAGE_TITLE = "Council minutes now published the same week"


class CannotRun(Exception):
    """The check could not run (no browser, no axe-core, no binary): not a finding."""


# ---------------------------------------------------------------- building the sites

class BuildFailed(Exception):
    """newsgen exited non-zero on a fixture site: a finding, reported with its stderr."""


def newsgen(binary, site, *arguments):
    """Runs the binary on `site`; a failure is a finding (the theme or the product is broken)."""
    environment = dict(os.environ, SOURCE_DATE_EPOCH="1795000000", NO_COLOR="1")
    result = subprocess.run([binary, *arguments, "--site", site], capture_output=True, text=True, env=environment)
    if result.returncode != 0:
        raise BuildFailed("newsgen %s exited %d: %s" % (" ".join(arguments), result.returncode, result.stderr.strip()))
    return result.stdout


def copy_sample(target, templates):
    """The repository's sample site without its archive and with no bookmarks, as bookmark_path_check.py does."""
    os.makedirs(target)
    for name in ("site.json", "content", "bookmarks.json"):
        source = os.path.join(ROOT, name)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(target, name))
        elif os.path.exists(source):
            shutil.copy(source, os.path.join(target, name))
    shutil.copytree(templates, os.path.join(target, "templates"))
    shutil.rmtree(os.path.join(target, "content", "archive"), ignore_errors=True)
    with open(os.path.join(target, "bookmarks.json"), "w") as manifest:
        manifest.write('{"version": 1, "bookmarks": []}\n')


def write_markdown(site, name, front_matter, body):
    with open(os.path.join(site, "content", "articles", name), "w") as file:
        file.write("---\n%s---\n%s" % ("".join("%s: %s\n" % pair for pair in front_matter), body))


EXTRACTED_URL = "example.org/bay-weekly/2026/11/breakwater-path-closed"
EXTRACTED_WORD = "Quarrystone"


def write_saved_page(site):
    """The publisher's page of a Bay Weekly teaser, saved where the build reads it instead of fetching
    (`extract.savedPages`): navigation, the story, comments; Bay Weekly set to full text, so one article
    of the edge site is extracted, offline."""
    path = os.path.join(site, "content", "saved-pages", *EXTRACTED_URL.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    story = "".join("<p>%s</p>" % text for text in (
        "The harbour authority has closed the path along the outer breakwater until March after two walkers were caught by waves.",
        "Engineers will reset the %s blocks that the November storms moved, and the lighthouse will be reached by boat only." % EXTRACTED_WORD,
        "The path had been open all year since 2019, when the sea wall was raised by a metre along its whole length.",
        "Walkers are asked to keep to the inner promenade, which stays open, and to watch the harbour's notices for the reopening date."))
    with open(path, "w", encoding="utf-8") as file:
        file.write("<!doctype html><html lang=en><head><meta charset=utf-8><title>Breakwater path closed | Bay Weekly</title></head><body>"
                   "<nav><a href=/>Home</a> <a href=/news/>News</a> <a href=/sport/>Sport</a></nav>"
                   "<article><h1>Storm Season Shuts the Outer Breakwater Path</h1><p class=byline>By Mara Lind</p>%s</article>"
                   "<section class=comments><h2>Comments</h2><p>First!</p></section><footer>© Bay Weekly</footer></body></html>" % story)
    path = os.path.join(site, "site.json")
    with open(path) as file:
        config = json.load(file)
    for source in config["sources"]:
        if source["id"] == "bay-weekly":
            source["fullText"] = "always"
    with open(path, "w") as file:
        json.dump(config, file, indent=2)


SUBPATH_BASE = "https://news.example.org/bay/"


def set_config(site, **values):
    """Sets top-level keys of the site's site.json."""
    path = os.path.join(site, "site.json")
    with open(path) as file:
        config = json.load(file)
    config.update(values)
    with open(path, "w") as file:
        json.dump(config, file, indent=2)


def build_populated(binary, site, templates):
    copy_sample(site, templates)
    # The default page size (20), so the weight is that of a full list page (the sample's 18 articles on one page).
    set_config(site, pageSize=20)
    newsgen(binary, site, "build", "--offline", "--quiet")
    article = discover_kinds(os.path.join(site, "public"))["article"]
    if article is not None:
        newsgen(binary, site, "bookmark", "add", article)
        newsgen(binary, site, "build", "--offline", "--quiet")


def build_edge(binary, site, templates):
    copy_sample(site, templates)
    path = os.path.join(site, "site.json")
    with open(path) as file:
        config = json.load(file)
    config["sources"].append({"id": "missing-feed", "title": "Missing Feed", "path": "content/feeds/missing.xml"})
    with open(path, "w") as file:
        json.dump(config, file, indent=2)
    write_markdown(site, "long-title.md", [("title", json.dumps(LONG_TITLE)), ("date", "2026-11-29T09:00:00Z"),
                                           ("author", "Ines Calloway"), ("summary", "A title that does not fit.")],
                   "A short body under a very long title: the layout must wrap " + LONG_WORD + " without overflowing.\n")
    write_saved_page(site)
    write_markdown(site, "no-image.md", [("title", json.dumps(NO_IMAGE_TITLE)), ("date", "2026-11-29T08:00:00Z"),
                                         ("author", "Tomas Reyne"), ("summary", "No picture, just words.")],
                   "The council's minutes now appear on its website within five working days.\n\n"
                   "There is no image in this article, and none in its front matter.\n")
    newsgen(binary, site, "build", "--offline", "--quiet")


def build_empty(binary, site, templates):
    os.makedirs(site)
    shutil.copytree(templates, os.path.join(site, "templates"))
    with open(os.path.join(site, "site.json"), "w") as file:
        file.write('{"version": 1, "title": "Empty Archive", "baseURL": "https://empty.example.org/", "sources": []}\n')
    newsgen(binary, site, "build", "--offline", "--quiet")


# ---------------------------------------------------------------- what the build holds

def discover_kinds(public):
    """{kind: site path or None}: one page of each kind, chosen from the files under public/."""
    def exists(*parts):
        return os.path.isfile(os.path.join(public, *parts))

    def first_folder(folder, prefer=None):
        base = os.path.join(public, folder)
        names = sorted(name for name in os.listdir(base) if name != "page" and os.path.isfile(os.path.join(base, name, "index.html"))) \
            if os.path.isdir(base) else []
        if prefer is not None:
            preferred = [name for name in names if prefer(os.path.join(base, name, "index.html"))]
            names = preferred or names
        return "/%s/%s/" % (folder, names[0]) if names else None

    def has_image(path):
        with open(path, encoding="utf-8", errors="replace") as file:
            text = file.read()
        return 'data-testid="article-image"' in text or "<img" in text

    def first_month():
        base = os.path.join(public, "archive")
        years = sorted(name for name in os.listdir(base) if name.isdigit()) if os.path.isdir(base) else []
        for year in reversed(years):
            months = sorted(name for name in os.listdir(os.path.join(base, year)) if exists("archive", year, name, "index.html"))
            if months:
                return "/archive/%s/%s/" % (year, months[-1])
        return None

    return {
        "home": "/" if exists("index.html") else None,
        "archive": "/archive/" if exists("archive", "index.html") else None,
        "month page": first_month(),
        "article": first_folder("articles", prefer=has_image),
        "bookmarks": "/bookmarks/" if exists("bookmarks", "index.html") else None,
        "sources": "/sources/" if exists("sources", "index.html") else None,
        "source page": first_folder("sources"),
        "tag page": first_folder("tags"),
        "search": "/search/" if exists("search", "index.html") else None,
        "404": "/404.html" if exists("404.html") else None,
    }


def html_pages(public):
    """Every HTML file under public/ as its site path (`/x/` for x/index.html), sorted."""
    pages = []
    for folder, _, files in os.walk(public):
        for name in files:
            if name.endswith(".html"):
                relative = os.path.relpath(os.path.join(folder, name), public).replace(os.sep, "/")
                pages.append("/" + (relative[:-len("index.html")] if relative.endswith("index.html") else relative))
    return sorted(pages)


def page_file(public, path):
    relative = path.lstrip("/")
    if relative == "" or relative.endswith("/"):
        relative += "index.html"
    return os.path.join(public, *relative.split("/"))


def article_containing(public, text):
    """The site path of the article page whose HTML contains `text`, or None."""
    folder = os.path.join(public, "articles")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        path = os.path.join(folder, name, "index.html")
        if os.path.isfile(path):
            with open(path, encoding="utf-8", errors="replace") as file:
                if text in file.read():
                    return "/articles/%s/" % name
    return None


# ---------------------------------------------------------------- links

class LinkParser(html.parser.HTMLParser):
    """Collects (tag, attribute, value, data-testid or None) for every href, src and each srcset candidate."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links = []

    def handle_starttag(self, tag, attrs):
        testid = dict(attrs).get("data-testid")
        for name, value in attrs:
            if value is None:
                continue
            if name in ("href", "src"):
                self.links.append((tag, name, value.strip(), testid))
            elif name == "srcset":
                for candidate in value.split(","):
                    url = candidate.strip().split(" ")[0] if candidate.strip() else ""
                    if url:
                        self.links.append((tag, name, url, testid))

    handle_startendtag = handle_starttag


def extract_links(text):
    parser = LinkParser()
    parser.feed(text)
    parser.close()
    return parser.links


def resolve_link(value, page_path, base_url=None):
    """The site path (with query, without fragment) that `value` on `page_path` asks for, or None when it leaves the site.

    Skipped: empty values and `#…` (the page itself), other schemes (mailto:, data:, …), and absolute or
    protocol-relative URLs to another origin. An absolute URL under site.json's baseURL is the site itself
    (canonical links) and maps to its path.
    """
    if value == "" or value.startswith("#"):
        return None
    parts = urllib.parse.urlsplit(value)
    if parts.scheme or value.startswith("//"):
        if parts.scheme not in ("http", "https", ""):
            return None
        if base_url and value.startswith(base_url):
            base_path = urllib.parse.urlsplit(base_url).path
            rest = urllib.parse.urlsplit("/" + value[len(base_url):])
            path = base_path.rstrip("/") + rest.path if base_path.rstrip("/") else rest.path
            return urllib.parse.urlunsplit(("", "", path, rest.query, ""))
        return None
    joined = urllib.parse.urljoin("http://site" + page_path, value)
    parts = urllib.parse.urlsplit(joined)
    return urllib.parse.urlunsplit(("", "", parts.path or "/", parts.query, ""))


def fetch_status(port, path):
    """(status, Location) for GET `path`; redirects are not followed: a link must answer 200 itself."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status, response.getheader("Location")
    except OSError as error:
        return 0, str(error)
    finally:
        connection.close()


def check_links(public, port, base_url=None, prefix=""):
    """[(page, link value, resolved path, status text)] for every on-site link that does not answer 200,
    and the number of distinct paths requested. `prefix` is the path the site is served under (`/news`)."""
    cache = {}
    broken = []
    for page in html_pages(public):
        with open(page_file(public, page), encoding="utf-8", errors="replace") as file:
            links = extract_links(file.read())
        for tag, attribute, value, testid in links:
            if value == "":
                element = '<%s%s %s="">' % (tag, ' data-testid="%s"' % testid if testid else "", attribute)
                broken.append((page, element, "", "empty: a value the theme did not get"))
                continue
            path = resolve_link(value, prefix + page, base_url)
            if path is None:
                continue
            if path not in cache:
                cache[path] = fetch_status(port, urllib.parse.quote(path, safe="/%?=&;:@!$'()*+,~-._"))
            status, location = cache[path]
            if status != 200:
                detail = "%d" % status if status else "no answer (%s)" % location
                if location and 300 <= status < 400:
                    detail += " -> " + location
                broken.append((page, value, path, detail))
    return broken, len(cache)


def describe_broken(page, value, path, detail):
    """`page -> link: status`, with the path asked for when it is not the link as written."""
    shown = value if not path or path == value else "%s (%s)" % (value, path)
    return "%s -> %s: %s" % (page, shown, detail)


# ---------------------------------------------------------------- serving

def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`python3 -m http.server` over a folder on 127.0.0.1, a free port."""

    def __init__(self, directory):
        self.process = None
        for _ in range(3):
            self.port = free_port()
            self.process = subprocess.Popen(
                [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "--directory", directory],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and self.process.poll() is None:
                try:
                    with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                        self.origin = "http://127.0.0.1:%d" % self.port
                        return
                except OSError:
                    time.sleep(0.05)
            self.stop()
        raise CannotRun("python3 -m http.server did not start on 127.0.0.1")

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


# ---------------------------------------------------------------- axe-core

def axe_source():
    """axe.min.js as bundled by the PyPI package (never fetched at run time): (version, text)."""
    try:
        import importlib.util
        spec = importlib.util.find_spec("axe_selenium_python")
    except ImportError:
        spec = None
    if spec is None or spec.origin is None:
        raise CannotRun("axe-core is not installed (pip install %s)" % AXE_PACKAGE)
    path = os.path.join(os.path.dirname(spec.origin), "node_modules", "axe-core", "axe.min.js")
    if not os.path.isfile(path):
        raise CannotRun("%s has no axe.min.js (pip install %s)" % (os.path.dirname(spec.origin), AXE_PACKAGE))
    with open(path, encoding="utf-8") as file:
        text = file.read()
    match = re.match(r"/\*! axe v([0-9.]+)", text)
    return (match.group(1) if match else "unknown"), text


AXE_RUN = """
var done = arguments[arguments.length - 1];
if (typeof axe !== 'object') { done({error: 'axe is not defined after injection'}); return; }
axe.run(document, {resultTypes: ['violations']}).then(function (r) {
  done({version: r.testEngine.version, passes: r.passes.length, violations: r.violations.map(function (v) {
    var first = v.nodes[0] || {target: [''], any: [], all: [], none: []};
    var checks = first.any.concat(first.all, first.none).filter(function (c) { return c.message; });
    return {id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length, target: String(first.target[0]),
            detail: checks.length ? checks[0].message : ''};
  })});
}, function (e) { done({error: String(e)}); });
"""


def inject_axe(driver, source):
    """Injects axe-core into the loaded page through WebDriver (the page's CSP does not apply) and proves it is there."""
    driver.execute_script(source)
    version = driver.execute_script("return typeof axe === 'object' && axe.version ? axe.version : null")
    if not version:
        raise CannotRun("axe-core did not load into %s" % driver.current_url)
    return version


def run_axe(driver):
    """The current page's violations as dicts (id, impact, help, nodes, target)."""
    result = driver.execute_async_script(AXE_RUN)
    if not result or result.get("error"):
        raise CannotRun("axe.run failed on %s: %s" % (driver.current_url, (result or {}).get("error", "no result")))
    if result.get("passes", 0) == 0:
        raise CannotRun("axe.run on %s evaluated no rule" % driver.current_url)
    return result["violations"]


def failing(findings):
    """The axe findings that fail the check: impact serious or critical."""
    return [finding for finding in findings if finding["impact"] in FAILING_IMPACTS]


def impact_summary(findings):
    """'critical 0, serious 2 (5 nodes), …' over every finding, in severity order."""
    counts = collections.Counter(finding["impact"] or "none" for finding in findings)
    nodes = collections.Counter()
    for finding in findings:
        nodes[finding["impact"] or "none"] += finding.get("nodes", 0)
    order = list(IMPACT_ORDER) + sorted(set(counts) - set(IMPACT_ORDER))
    return ", ".join("%s %d (%d nodes)" % (impact, counts[impact], nodes[impact]) if counts[impact] else "%s 0" % impact
                     for impact in order)


def describe(finding):
    """One line: impact, rule, page, mode, the first target, axe's help, and what it measured there."""
    line = "%s %s on %s (%s site %s) %d px %s: %s - %s" % (
        finding["impact"], finding["id"], finding["label"], finding["site"], finding["page"], finding["width"], finding["mode"],
        finding["target"] or "(no target)", finding["help"])
    return line + (" [%s]" % finding["detail"] if finding.get("detail") else "")


# ---------------------------------------------------------------- the browser

def emulate(driver, width, height, mode):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": mode}]})


def screenshot(driver, width, path):
    """A full-page PNG (the whole document height) at the emulated width."""
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    height = max(1, int(round(metrics.get("cssContentSize", metrics.get("contentSize", {})).get("height", 1))))
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    with open(path, "wb") as file:
        file.write(base64.b64decode(shot["data"]))


URL_IN_TEXT = re.compile(r"""(?:https?:)?//[^\s'"<>)]+""")


def other_origins(origin, resource_urls, log_messages):
    """The URLs, among the page's resource entries and the URLs its console messages name, not on `origin`."""
    found = []
    candidates = list(resource_urls)
    for message in log_messages:
        candidates.extend(URL_IN_TEXT.findall(message))
    for url in candidates:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            continue
        if url.startswith("//"):
            found.append(url)
            continue
        if parts.scheme in ("http", "https") and "%s://%s" % (parts.scheme, parts.netloc) != origin:
            found.append(url)
    return sorted(set(found))


RESOURCES = "return performance.getEntriesByType('resource').map(function (e) { return [e.name, e.responseStatus || 0]; })"


def console_errors(entries):
    """The console's CSP refusals and script errors (not network 404s: the link check has those)."""
    return [entry.get("message", "").strip() for entry in entries
            if entry.get("level") == "SEVERE" and entry.get("source") in ("security", "javascript")]


def page_requests(driver, origin):
    """(other-origin URLs, same-origin resources answering >= 400, console errors) for the page loaded now.
    Chromium records resource entries even for requests that failed or that the CSP blocked."""
    entries = driver.execute_script(RESOURCES) or []
    log = driver.get_log("browser")
    # Network failures and CSP refusals name the URL asked for; script messages may name any URL.
    messages = [entry.get("message", "") for entry in log if entry.get("source") in ("network", "security")]
    foreign = other_origins(origin, [name for name, _ in entries], messages)
    failed = sorted({"%s (%d)" % (urllib.parse.urlsplit(name).path, status) for name, status in entries
                     if name.startswith(origin + "/") and status >= 400
                     and urllib.parse.urlsplit(name).path != "/favicon.ico"})
    errors = []
    for message in console_errors(log):
        message = message.replace(origin, "")
        if message not in errors:
            errors.append(message)
    return foreign, failed, errors


def load(driver, url):
    from selenium.common.exceptions import WebDriverException
    try:
        driver.get(url)
    except WebDriverException as error:
        return "could not load: %s" % str(error).strip().splitlines()[0]
    return None


# ---------------------------------------------------------------- the check

class Report:
    def __init__(self):
        self.findings = collections.OrderedDict()  # section -> [lines]
        self.axe = []
        self.notes = []  # printed, not failing

    def fail(self, section, line):
        self.findings.setdefault(section, []).append(line)


def visit_with_axe(driver, axe, site_name, server, path, label, shot_name, shots_dir, report, requests):
    """Loads `path` once, runs axe in every width and mode, and takes the screenshots named `shot_name-W-MODE.png`."""
    problem = load(driver, server.origin + path)
    if problem:
        report.fail("pages", "%s %s: %s" % (site_name, path, problem))
        return 0
    if "?q=" in path:
        # search.js shows the results after the index loads: axe and the screenshots look at them.
        deadline = time.monotonic() + 10
        while not driver.execute_script("return document.querySelectorAll('[data-testid=search-result]').length > 0"):
            if time.monotonic() > deadline:
                report.fail("pages", "%s %s: no search result shown" % (site_name, path))
                break
            time.sleep(0.1)
    # What the page itself asks for, read before axe (which fetches stylesheets itself) runs.
    requests[(site_name, path)] = page_requests(driver, server.origin)
    inject_axe(driver, axe)
    shots = 0
    for width, height in WIDTHS:
        for mode in MODES:
            emulate(driver, width, height, mode)
            scroll_width = driver.execute_script("return document.documentElement.scrollWidth")
            if scroll_width > width and mode == MODES[0]:
                report.notes.append("%s site %s at %d px is %d px wide (scrolls sideways)" % (site_name, path, width, scroll_width))
            for violation in run_axe(driver):
                report.axe.append(dict(violation, site=site_name, page=path, label=label, width=width, mode=mode))
            if shot_name:
                screenshot(driver, width, os.path.join(shots_dir, "%s-%d-%s.png" % (shot_name, width, mode)))
                shots += 1
    driver.get_log("browser")  # axe's own console output is not the page's
    return shots


def run(args):
    started = time.monotonic()
    binary = os.path.abspath(args.binary)
    if not os.path.isfile(binary):
        raise CannotRun("%s not found (swift build --product newsgen)" % binary)
    axe_version, axe = axe_source()
    for path in (args.chromium, args.chromedriver):
        if not os.path.exists(path):
            raise CannotRun("%s not found (apt-get install chromium chromium-driver)" % path)
    try:
        import selenium  # noqa: F401
    except ImportError:
        raise CannotRun("selenium is not installed (pip install selenium)")
    templates = os.path.abspath(args.templates)
    shots_dir = os.path.abspath(args.screenshots)
    os.makedirs(shots_dir, exist_ok=True)
    report = Report()
    temp = tempfile.mkdtemp(prefix="newsgen-theme-check-")
    servers, driver = {}, None
    try:
        sites = collections.OrderedDict()
        for name, build in (("populated", build_populated), ("edge", build_edge), ("empty", build_empty)):
            site = os.path.join(temp, name)
            try:
                build(binary, site, templates)
            except BuildFailed as error:
                report.fail("build", "%s site: %s" % (name, error))
                continue
            sites[name] = site
        print("theme check: axe-core %s (%s), sites built: %s" % (axe_version, AXE_PACKAGE, ", ".join(sites) or "none"))

        # 4. Weight of the home page.
        if "populated" in sites:
            weight, parts = home_weight(os.path.join(sites["populated"], "public"))
            print("weight: home page HTML + CSS = %d bytes (%s); budget %d" % (weight, ", ".join("%s %d" % part for part in parts), WEIGHT_BUDGET))
            if weight > WEIGHT_BUDGET:
                report.fail("weight", "home page HTML + CSS is %d bytes, over %d" % (weight, WEIGHT_BUDGET))

        # Which page kinds exist.
        kinds = discover_kinds(os.path.join(sites["populated"], "public")) if "populated" in sites else {kind: None for kind in KINDS}
        print("page kinds: " + ", ".join("%s %s" % (kind, kinds[kind] or "MISSING") for kind in KINDS))
        for kind in KINDS:
            if kinds[kind] is None:
                report.fail("page kinds", "%s: no page of this kind in the built site" % kind)

        for name, site in sites.items():
            servers[name] = Server(os.path.join(site, "public"))

        # 3a. Links, from the files.
        for name, site in sites.items():
            with open(os.path.join(site, "site.json")) as file:
                base_url = json.load(file).get("baseURL")
            broken, requested = check_links(os.path.join(site, "public"), servers[name].port, base_url)
            print("links: %s site: %d pages, %d distinct on-site paths requested, %d broken" % (
                name, len(html_pages(os.path.join(site, "public"))), requested, len(broken)))
            for item in broken:
                report.fail("links", "%s site: %s" % (name, describe_broken(*item)))

        # 5. A baseURL with a sub-path: the sample built for https://news.example.org/bay/, served under /bay/.
        if "populated" in sites:
            sub = os.path.join(temp, "subpath")
            try:
                copy_sample(os.path.join(sub, "site"), templates)
                set_config(os.path.join(sub, "site"), baseURL=SUBPATH_BASE)
                newsgen(binary, os.path.join(sub, "site"), "build", "--offline", "--quiet")
                os.makedirs(os.path.join(sub, "root"))
                os.symlink(os.path.join(sub, "site", "public"), os.path.join(sub, "root", "bay"))
                servers["subpath"] = Server(os.path.join(sub, "root"))
                broken, requested = check_links(os.path.join(sub, "site", "public"), servers["subpath"].port, SUBPATH_BASE, prefix="/bay")
                print("links: sample served under /bay/ (baseURL %s): %d distinct on-site paths requested, %d broken"
                      % (SUBPATH_BASE, requested, len(broken)))
                for item in broken:
                    report.fail("links", "served under /bay/: %s" % describe_broken(*item))
            except BuildFailed as error:
                report.fail("build", "sub-path site: %s" % error)

        # 1 + 2. axe and screenshots, one browser.
        driver = headless.start_chromium(args.chromium, args.chromedriver, os.path.join(temp, "profile"), window="1280,900")
        visits = []  # (site, path, label, screenshot name)
        if "populated" in sites:
            shot_names = {"home": "home-populated", "article": "article-populated", "bookmarks": "bookmarks-populated",
                          "sources": "sources-populated"}
            for kind in KINDS:
                if kinds[kind]:
                    visits.append(("populated", kinds[kind], kind, shot_names.get(kind, kind.replace(" ", "-") + "-populated")))
        if "edge" in sites:
            public = os.path.join(sites["edge"], "public")
            long_title = article_containing(public, LONG_WORD)
            no_image = article_containing(public, NO_IMAGE_TITLE)
            extracted = article_containing(public, EXTRACTED_WORD)
            for path, label, shot in (("/sources/", "sources, a failed source", "sources-failing"),
                                      ("/", "home, a long title first", "home-long-title"),
                                      (long_title, "article, long title", "article-long-title"),
                                      (no_image, "article, no image", "article-no-image"),
                                      (extracted, "article, extracted from its page", "article-extracted"),
                                      ("/search/?q=harbour", "search with a hit", "search-hit")):
                if path is None:
                    report.fail("pages", "edge site: no page for %s" % label)
                else:
                    visits.append(("edge", path, label, shot))
        if "empty" in sites:
            for path, label, shot in (("/", "home, empty", "home-empty"), ("/bookmarks/", "bookmarks, empty", "bookmarks-empty"),
                                      ("/sources/", "sources, empty", "sources-empty")):
                visits.append(("empty", path, label, shot))
        requests, shots = {}, 0
        for site_name, path, label, shot in visits:
            shots += visit_with_axe(driver, axe, site_name, servers[site_name], path, label, shot, shots_dir, report, requests)

        # 3b. Every other page once, for its requests.
        emulate(driver, 1280, 900, "light")
        for name, site in sites.items():
            for path in html_pages(os.path.join(site, "public")):
                if (name, path) in requests:
                    continue
                problem = load(driver, servers[name].origin + path)
                if problem:
                    report.fail("pages", "%s site %s: %s" % (name, path, problem))
                    continue
                requests[(name, path)] = page_requests(driver, servers[name].origin)
        for (name, path), (foreign, failed, errors) in sorted(requests.items()):
            for url in foreign:
                report.fail("other origins", "%s site %s requested %s" % (name, path, url))
            for item in failed:
                report.fail("links", "%s site %s loaded %s in Chromium" % (name, path, item))
            for message in errors:
                report.fail("console errors", "%s site %s: %s" % (name, path, message))
        print("browser: %d pages loaded, %d requested another origin, %d logged a CSP refusal or script error" % (
            len(requests), sum(1 for found in requests.values() if found[0]), sum(1 for found in requests.values() if found[2])))

        # Report axe.
        runs = len(visits) * len(WIDTHS) * len(MODES)
        print("axe: %d runs on %d pages; violations by impact: %s" % (runs, len(visits), impact_summary(report.axe)))
        for finding in report.axe:
            if finding["impact"] not in FAILING_IMPACTS:
                print("  note (not failing): " + describe(finding))
        for finding in failing(report.axe):
            report.fail("axe", describe(finding))
        for note in report.notes:
            print("  note (not failing): " + note)
        print("screenshots: %d in %s" % (shots, shots_dir))
    finally:
        if driver is not None:
            driver.quit()
        for server in servers.values():
            server.stop()
        shutil.rmtree(temp, ignore_errors=True)
    elapsed = time.monotonic() - started
    if report.findings:
        count = sum(len(lines) for lines in report.findings.values())
        for section, lines in report.findings.items():
            print("FAILED %s (%d):" % (section, len(lines)))
            for line in lines:
                print("  " + line)
        print("theme check: FAILED, %d findings in %.1f s" % (count, elapsed))
        return 1
    print("theme check: passed in %.1f s" % elapsed)
    return 0


def stylesheet_links(text):
    """The href of every <link rel="stylesheet">."""
    class Finder(html.parser.HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.found = []

        def handle_starttag(self, tag, attrs):
            values = dict(attrs)
            if tag == "link" and "stylesheet" in (values.get("rel") or "").lower().split() and values.get("href"):
                self.found.append(values["href"])

    finder = Finder()
    finder.feed(text)
    return finder.found


def home_weight(public):
    """(total bytes, [(file, bytes)]) of public/index.html plus each stylesheet it links."""
    home = os.path.join(public, "index.html")
    with open(home, "rb") as file:
        data = file.read()
    parts = [("index.html", len(data))]
    for href in stylesheet_links(data.decode("utf-8", errors="replace")):
        path = resolve_link(href, "/")
        target = page_file(public, urllib.parse.unquote(urllib.parse.urlsplit(path).path)) if path else None
        parts.append((href, os.path.getsize(target) if target and os.path.isfile(target) else 0))
    return sum(size for _, size in parts), parts


def main(argv=None):
    parser = headless.argument_parser(__doc__)
    parser.add_argument("--screenshots", default=os.path.join(ROOT, ".build", "screenshots"),
                        help="folder for the PNGs (default .build/screenshots, git-ignored)")
    parser.add_argument("--templates", default=os.path.join(ROOT, "templates"), help="the theme to check (default: the repository's)")
    args = parser.parse_args(argv)
    try:
        return run(args)
    except (CannotRun, headless.SetupError) as error:
        print("theme check: cannot run: %s" % error)
        return 2


if __name__ == "__main__":
    sys.exit(main())
