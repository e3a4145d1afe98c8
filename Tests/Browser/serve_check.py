#!/usr/bin/env python3
"""`newsgen serve` in headless Chromium, on a copy of the sample site.

Opens an article served by `newsgen serve`, edits its Markdown file, and waits for the page to
reload by itself with the change (at most 20 s; the save-to-reload latency is printed, a benchmark
figure); clicks the page's bookmark button and checks that bookmarks.json has the article and
/bookmarks/ lists it; then, from a page on another 127.0.0.1 port, tries to change the manifest
(a simple POST, a POST with a guessed token, a read of the token) and checks that all are refused,
and frames the preview beside one of its own pages: its own renders, the preview's must not
(ADR 049: a click through a nearly transparent frame toggled a bookmark). The overlay (a failed
rebuild's error, a bad front matter's warning, the empty-archive notice) is checked by axe-core's color-contrast rule
in light and dark mode and screenshotted (ADR 058: white on the theme's light `pre` background
once made it unreadable).
Ctrl-C's signal (SIGTERM) must then stop the server with exit 0.

Exit 0 when every step holds, 1 with the failing step otherwise, 2 when the check cannot run.

Usage: serve_check.py [BINARY] [--screenshots DIR]   (default .build/debug/newsgen)
"""
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import headless  # noqa: E402
import theme_check  # noqa: E402
from bookmark_path_check import by_testid, copy_sample_site, one, serve  # noqa: E402

StepFailed = headless.StepFailed
ARTICLE = ("67f6cbd5df0b7529", "/articles/ferry-timetable-changes-explained/", "ferry-timetable-changes-explained.md")
RELOAD_BOUND = 20.0


class Serving:
    """`newsgen serve --port 0` on the site, its output gathered line by line; `shutdown` sends
    SIGTERM and insists on exit 0. A foreign http.server, when started, is stopped with it."""

    def __init__(self, binary, site):
        environment = dict(os.environ, SOURCE_DATE_EPOCH="1795000000", NO_COLOR="1")
        self.process = subprocess.Popen([binary, "serve", "--port", "0", "--site", site], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, env=environment)
        self.lines = []
        self.foreign = None
        threading.Thread(target=self._read, daemon=True).start()
        line = self.wait_for("Serving http://", 120)
        self.origin = re.search(r"Serving (http://127\.0\.0\.1:\d+)/", line).group(1)

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, marker, seconds, after=0):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for line in self.lines[after:]:
                if marker in line:
                    return line
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise StepFailed("newsgen serve never printed %r; its output:\n%s" % (marker, "\n".join(self.lines)))

    def shutdown(self):
        if self.foreign is not None:
            self.foreign.shutdown()
            self.foreign = None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise StepFailed("SIGTERM: newsgen serve did not stop within 20 s")
        if self.process.returncode != 0:
            raise StepFailed("SIGTERM: newsgen serve exited %d, not 0" % self.process.returncode)


def manifest_ids(site):
    with open(os.path.join(site, "bookmarks.json")) as manifest:
        return [bookmark["id"] for bookmark in json.load(manifest)["bookmarks"]]


def wait_for_reload(driver, seconds, condition, what):
    """Waits until the page is a new document (the marker set on the old one is gone) and `condition` holds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if driver.execute_script("return window.__serveCheckOld === undefined && document.readyState === 'complete'") and condition():
                return
        except Exception:  # the page is between two documents
            pass
        time.sleep(0.05)
    raise StepFailed("%s: the page did not reload with the change within %.0f s" % (what, seconds))


def live_reload(driver, serving, site):
    step = "live reload"
    driver.get(serving.origin + ARTICLE[1])
    one(driver, "article-title", "article before the edit")
    if driver.execute_script("return document.querySelector('script[src=\"/__newsgen/reload.js\"]') === null"):
        raise StepFailed("%s: the served page has no reload script" % step)
    time.sleep(0.5)  # the event stream connects
    driver.execute_script("window.__serveCheckOld = true")
    marker = "Edited while serving, at %d." % time.time()
    path = os.path.join(site, "content", "articles", ARTICLE[2])
    with open(path) as source:
        text = source.read()
    saved = time.time()
    with open(path, "w") as source:
        source.write(text + "\n" + marker + "\n")
    wait_for_reload(driver, RELOAD_BOUND, lambda: marker in one(driver, "article-content", step).text, step)
    loaded = driver.execute_script("return performance.timeOrigin") / 1000.0
    refused = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
    if refused:
        raise StepFailed("%s: the page's CSP refused something: %s" % (step, refused[0]))
    print("  save -> reload: %.2f s (the new page's navigation started %.2f s after the save)" % (time.time() - saved, loaded - saved))


AXE_CONTRAST = """
var done = arguments[arguments.length - 1];
function luminance(colour) {
  var c = colour.match(/[0-9.]+/g).slice(0, 3).map(function (v) { v = v / 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}
function opaque(colour) { var parts = colour.match(/[0-9.]+/g); return parts && (parts.length < 4 || Number(parts[3]) === 1); }
// axe leaves text that wraps over the page's own elements "incomplete" (elmPartiallyObscuring): for those
// the ratio is measured here from the computed colours, the text's and its nearest opaque background's.
function measured(node) {
  var element = document.querySelector(String(node.target[0]));
  var fg = getComputedStyle(element).color, bg = null;
  for (var e = element; e && !bg; e = e.parentElement) { var b = getComputedStyle(e).backgroundColor; if (opaque(b)) bg = b; }
  if (!bg) return {target: String(node.target[0]), ratio: 0};
  var a = luminance(fg), b2 = luminance(bg);
  return {target: String(node.target[0]), ratio: (Math.max(a, b2) + 0.05) / (Math.min(a, b2) + 0.05), fg: fg, bg: bg};
}
axe.run({include: [['[data-testid="newsgen-' + arguments[0] + '"]']]}, {runOnly: ['color-contrast']}).then(function (r) {
  var partial = [], other = [];
  r.incomplete.forEach(function (rule) { rule.nodes.forEach(function (node) {
    var keys = node.any.map(function (check) { return check.data && check.data.messageKey; });
    if (keys.indexOf('elmPartiallyObscuring') >= 0) partial.push(measured(node)); else other.push(String(node.target[0]) + ': ' + node.failureSummary);
  }); });
  done({passes: r.passes.reduce(function (n, rule) { return n + rule.nodes.length; }, 0), measured: partial, incomplete: other,
        violations: r.violations.map(function (v) { return v.id + ' ' + v.nodes.map(function (n) { return n.target + ': ' + n.failureSummary; }).join('; '); })});
}, function (e) { done({error: String(e)}); });
"""


def overlay_readable(driver, kind, shots, name):
    """The overlay's `kind` panel is shown; axe's color-contrast passes on it in light and dark mode."""
    step = "overlay (%s)" % kind
    deadline = time.monotonic() + RELOAD_BOUND
    while not driver.execute_script("return document.querySelector('[data-testid=\"newsgen-%s\"]') !== null" % kind):
        if time.monotonic() > deadline:
            raise StepFailed("%s: no overlay within %.0f s" % (step, RELOAD_BOUND))
        time.sleep(0.1)
    try:
        theme_check.inject_axe(driver, theme_check.axe_source()[1])
    except theme_check.CannotRun as error:
        raise headless.SetupError(str(error))
    for mode in theme_check.MODES:
        theme_check.emulate(driver, 1280, 900, mode)
        result = driver.execute_async_script(AXE_CONTRAST, kind)
        if not result or result.get("error") or result["passes"] + len(result["measured"]) == 0:
            raise StepFailed("%s, %s: axe's color-contrast did not run on the overlay: %r" % (step, mode, result))
        low = [node for node in result["measured"] if node["ratio"] < 4.5]
        if result["violations"] or result["incomplete"] or low:
            raise StepFailed("%s, %s: %s" % (step, mode, result["violations"] + result["incomplete"] + low))
        if shots:
            driver.save_screenshot(os.path.join(shots, "serve-overlay-%s-%s.png" % (name, mode)))
        print("  overlay %s, %s: color-contrast passes on %d nodes%s" % (
            kind, mode, result["passes"], "".join("; %s measured %.1f:1" % (node["target"], node["ratio"]) for node in result["measured"])))


def overlay(driver, serving, site, shots):
    """A template that does not parse: the error panel; put right, and a front matter that does not
    parse: the warning panel; a url source with nothing archived: the notice panel. Each readable
    in light and dark mode."""
    driver.get(serving.origin + "/")
    time.sleep(0.5)  # the event stream connects
    driver.execute_script("window.__serveCheckOld = true")
    template = os.path.join(site, "templates", "home.mustache")
    with open(template, "w") as broken:
        broken.write("{{#broken}}")
    overlay_readable(driver, "error", shots, "error")
    os.remove(template)
    with open(os.path.join(site, "content", "articles", "broken-front-matter.md"), "w") as article:
        article.write("---\ntitle: [unclosed\n---\nBody.\n")
    deadline = time.monotonic() + RELOAD_BOUND
    # The page reloads by itself after each build; the last one's tag carries the warning.
    wait_for_reload(driver, RELOAD_BOUND, lambda: driver.execute_script("return document.querySelector('script[data-warnings]') !== null"),
                    "overlay (warning)")
    overlay_readable(driver, "warning", shots, "warning")
    driver.execute_script("window.__serveCheckOld = true")
    os.remove(os.path.join(site, "content", "articles", "broken-front-matter.md"))
    wait_for_reload(driver, RELOAD_BOUND, lambda: driver.execute_script("return document.querySelector('script[data-warnings]') === null"),
                    "overlay (warning gone)")
    # A url source nothing was fetched from (never asked: serve does not fetch): the notice panel.
    config_path = os.path.join(site, "site.json")
    with open(config_path) as file:
        config_text = file.read()
    config = json.loads(config_text)
    config["sources"].append({"id": "wire", "url": "http://127.0.0.1:9/feed.xml"})
    driver.execute_script("window.__serveCheckOld = true")
    with open(config_path, "w") as file:
        json.dump(config, file)
    wait_for_reload(driver, RELOAD_BOUND, lambda: driver.execute_script("return document.querySelector('script[data-notice]') !== null"),
                    "overlay (notice)")
    overlay_readable(driver, "notice", shots, "notice")
    driver.execute_script("window.__serveCheckOld = true")
    with open(config_path, "w") as file:
        file.write(config_text)
    wait_for_reload(driver, RELOAD_BOUND, lambda: driver.execute_script("return document.querySelector('script[data-notice]') === null"),
                    "overlay (notice gone)")
    theme_check.emulate(driver, 1280, 900, "light")
    # Back where the next step starts: the article, opened after the last rebuild.
    driver.get(serving.origin + ARTICLE[1])
    one(driver, "article-title", "article after the overlay")


def bookmark_button(driver, serving, site):
    step = "bookmark button"
    if ARTICLE[0] in manifest_ids(site):
        raise StepFailed("%s: the article was bookmarked before the click" % step)
    article = driver.find_element("css selector", '[data-article-id="%s"]' % ARTICLE[0])
    button = one(article, "bookmark-toggle", step)
    if button.get_attribute("aria-pressed") != "false":
        raise StepFailed("%s: the button says the article is bookmarked" % step)
    # A compact icon button (issue 34): its name is for screen readers, not a solid block of text on every row.
    size = driver.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.width, r.height];", button)
    if button.get_attribute("aria-label") != "Bookmark" or button.text.strip() or max(size) > 44 or min(size) < 24:
        raise StepFailed("%s: the toggle is not a compact icon button named 'Bookmark' (label %r, text %r, %r px)"
                         % (step, button.get_attribute("aria-label"), button.text, size))
    driver.execute_script("window.__serveCheckOld = true")
    button.click()
    wait_for_reload(driver, RELOAD_BOUND, lambda: len(by_testid(driver, "bookmark-mark")) == 1, step)
    if ARTICLE[0] not in manifest_ids(site):
        raise StepFailed("%s: bookmarks.json does not have %s" % (step, ARTICLE[0]))
    pressed = one(driver.find_element("css selector", '[data-article-id="%s"]' % ARTICLE[0]), "bookmark-toggle", step)
    if pressed.get_attribute("aria-pressed") != "true":
        raise StepFailed("%s: after the rebuild the button does not say 'bookmarked'" % step)
    driver.get(serving.origin + "/bookmarks/")
    listed = one(driver, "bookmarks-list", "bookmarks page")
    rows = [row.get_attribute("data-article-id") for row in by_testid(listed, "article-row")]
    if rows != [ARTICLE[0]]:
        raise StepFailed("bookmarks page: rows %r, expected [%r]" % (rows, ARTICLE[0]))
    print("  " + serving.wait_for("Bookmarked", 5).strip())

    step = "row button"
    row = one(listed, "article-row", step)
    driver.execute_script("window.__serveCheckOld = true")
    one(row, "bookmark-toggle", step).click()
    wait_for_reload(driver, RELOAD_BOUND, lambda: not by_testid(driver, "article-row"), step)
    if urllib.parse.urlparse(driver.current_url).path != "/bookmarks/":
        raise StepFailed("%s: the click opened %s, not the bookmark toggle" % (step, driver.current_url))
    if manifest_ids(site):
        raise StepFailed("%s: bookmarks.json still has %r" % (step, manifest_ids(site)))
    print("  " + serving.wait_for("Removed", 5).strip())


FOREIGN_ATTEMPTS = """
const [target, id, done] = arguments;
const outcome = {};
try {
  await fetch(target + "/__newsgen/bookmark", {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body: id});
  outcome.simple = "sent";
} catch (error) { outcome.simple = "blocked: " + error; }
try {
  const response = await fetch(target + "/__newsgen/bookmark", {method: "POST", headers: {"X-Newsgen-Token": "0".repeat(64)}, body: id});
  outcome.token = "status " + response.status;
} catch (error) { outcome.token = "blocked: " + error; }
try {
  const page = await (await fetch(target + "/")).text();
  outcome.read = page.includes("data-token") ? "read the token" : "read the page";
} catch (error) { outcome.read = "blocked: " + error; }
done(outcome);
"""


def foreign_folder(site):
    """What the page on another 127.0.0.1 port serves."""
    return os.path.join(os.path.dirname(site), "foreign")


def foreign_origin(driver, serving, site):
    step = "foreign origin"
    before = manifest_ids(site)
    folder = foreign_folder(site)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "index.html"), "w") as page:
        page.write("<!doctype html><title>another site</title><p>another site on 127.0.0.1</p>\n")
    serving.foreign = serve(folder)
    driver.get("http://127.0.0.1:%d/" % serving.foreign.server_address[1])
    driver.set_script_timeout(15)
    outcome = driver.execute_async_script("(async () => {" + FOREIGN_ATTEMPTS + "})()", serving.origin, ARTICLE[0])
    print("  from another origin: %s" % outcome)
    if manifest_ids(site) != before:
        raise StepFailed("%s: the manifest changed: %r -> %r" % (step, before, manifest_ids(site)))
    if not outcome["token"].startswith("blocked") or not outcome["read"].startswith("blocked"):
        raise StepFailed("%s: a cross-origin request got through: %r" % (step, outcome))
    serving.wait_for("refused POST /__newsgen/bookmark", 5)


FRAMES_PAGE = """<!doctype html><title>framing</title>
<iframe id="own" src="/index.html" onload="window.__loaded = (window.__loaded || 0) + 1"></iframe>
<iframe id="preview" src="%s/" style="opacity: 0.05" width="800" height="600"
  onload="window.__loaded = (window.__loaded || 0) + 1"></iframe>
"""

FRAME_CONTENT = "return {url: location.href, text: document.body ? document.body.innerText.slice(0, 80) : '', " \
    "preview: document.querySelectorAll('[data-article-id], script[data-newsgen-preview]').length}"


def framing(driver, serving, site):
    """The foreign page (served since `foreign_origin`) frames one of its own pages and the preview's home page."""
    step = "framing"
    with open(os.path.join(foreign_folder(site), "frames.html"), "w") as page:
        page.write(FRAMES_PAGE % serving.origin)
    driver.get("http://127.0.0.1:%d/frames.html" % serving.foreign.server_address[1])
    deadline = time.monotonic() + 15
    while driver.execute_script("return window.__loaded || 0") < 2:
        if time.monotonic() > deadline:
            raise StepFailed("%s: the frames did not load within 15 s" % step)
        time.sleep(0.1)
    time.sleep(0.5)  # the preview's script would add its buttons now
    seen = {}
    for name in ("own", "preview"):
        driver.switch_to.frame(driver.find_element("id", name))
        try:
            seen[name] = driver.execute_script(FRAME_CONTENT)
        except Exception as error:  # the browser's error page may not take scripts
            seen[name] = {"url": "?", "text": "", "preview": 0, "error": str(error).splitlines()[0]}
        driver.switch_to.default_content()
    print("  framed: its own page %r; the preview %r" % (seen["own"]["text"][:40], seen["preview"]))
    if "another site" not in seen["own"]["text"]:
        raise StepFailed("%s: the control frame (the foreign page's own) rendered nothing: %r" % (step, seen["own"]))
    if seen["preview"]["preview"] or serving.origin in seen["preview"]["url"]:
        raise StepFailed("%s: the preview rendered inside another site's frame: %r" % (step, seen["preview"]))


def main():
    parser = headless.argument_parser(__doc__)
    parser.add_argument("--screenshots", default=None, help="a folder for the overlay's screenshots (light and dark)")
    args = parser.parse_args()
    shots = os.path.abspath(args.screenshots) if args.screenshots else None
    if shots:
        os.makedirs(shots, exist_ok=True)
    binary = os.path.abspath(args.binary)

    def check(session):
        site = os.path.join(session.temp, "site")
        os.mkdir(site)
        copy_sample_site(site, os.path.join(ROOT, "templates"))
        session.server = Serving(binary, site)
        session.driver = headless.start_chromium(args.chromium, args.chromedriver, os.path.join(session.temp, "profile"))
        print("serve check: %s -> edit the Markdown -> reload; the overlay readable; bookmark button; another origin refused, its frame empty"
              % session.server.origin)
        live_reload(session.driver, session.server, site)
        overlay(session.driver, session.server, site, shots)
        bookmark_button(session.driver, session.server, site)
        foreign_origin(session.driver, session.server, site)
        framing(session.driver, session.server, site)
        session.driver.quit()
        session.driver = None
        serving, session.server = session.server, None
        serving.shutdown()
        print("serve check: passed (SIGTERM: exit 0)")

    return headless.run_check("serve check", "newsgen-serve-", check)


if __name__ == "__main__":
    sys.exit(main())
