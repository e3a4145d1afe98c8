#!/usr/bin/env python3
"""XSS vectors through the real build, loaded in headless Chromium (issue 4, test b).

Writes a temporary site whose one RSS 2.0 feed carries every vector of
xss_vectors.py (one item each, in varied carriers), runs the real
`newsgen build --site TMP`, serves public/ from 127.0.0.1 and loads every
article page in headless Chromium twice: as built (with the page's
Content-Security-Policy) and from a copy with the CSP meta stripped, so the
sanitizer alone is proven. A probe defined before any page script
(Page.addScriptToEvaluateOnNewDocument) records calls to `__xss(id)`,
alert/confirm/prompt/print and window.open; the harness also watches for
navigation, popup windows, requests to its probe URLs (scripts, stylesheets,
frames, beacons) and, after hovering and focusing every element, checks the
DOM: no on* attribute, no javascript:/vbscript:/data: link or frame, no
active element (script, iframe, object, embed, form, base, meta refresh, ...)
that a benign article page does not have.

As a positive control every vector is also loaded raw (unsanitized, no CSP)
in a plain page; the sentinel vectors must fire there, or the probe is broken.

Exit status: 0 when nothing fired, 1 when a vector fired, left unsafe DOM, a
sentinel did not fire raw, or fewer than --min-vectors ran; 2 when the check
could not run (build failed, no browser).
"""

from __future__ import annotations

import collections
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import headless  # noqa: E402
import xss_vectors  # noqa: E402

MODES = ("csp", "nocsp")
MODE_NAMES = {"csp": "CSP on", "nocsp": "CSP stripped", "raw": "raw control", "?": "page unknown"}
BODY_CARRIERS = ("content:encoded CDATA", "content:encoded escaped", "description CDATA", "description escaped",
                 "atom:content html", "atom:summary html CDATA")
BASELINE_ID = "baseline"
CARRIER_CHECK_ID = "carrier-check"
CARRIER_MARKER = "carrier-marker"
ID_PATTERN = re.compile(r"Vector ([a-z0-9][a-z0-9-]*):")
CSP_META = re.compile(r"<meta\b[^>]*http-equiv\s*=\s*[\"']?content-security-policy[\"']?[^>]*>", re.IGNORECASE)
XML_CHAR = re.compile("^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]*$")


SetupError = headless.SetupError
# Active elements the theme adds to some pages on purpose (prefixes of their signatures): a same-origin
# feed link, and the search page's form and its one script. The search page is still checked for
# everything else (it lists every tag, so hostile tag names reach it).
THEME_ELEMENTS = ("page: link rel=alternate same-origin", 'page: <form class="search-form" id="search-form"',
                  "page: script src=search.js")


# --- the feed ---------------------------------------------------------------------------

def xml_text(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_attr(text):
    return xml_text(text).replace('"', "&quot;")


def cdata(text):
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def item_xml(vector, payload, index, body_index, origin):
    vid, carrier = vector["id"], vector["carrier"]
    prefix = "Vector %s: " % vid
    lines = ["<item>"]
    if carrier == "title":
        lines.append("<title>%s</title>" % xml_text(prefix + payload))
    elif carrier == "title-cdata":
        lines.append("<title>%s</title>" % cdata(prefix + payload))
    elif carrier == "atom-title":
        lines.append('<atom:title type="html">%s</atom:title>' % xml_text(prefix + payload))
    else:
        lines.append("<title>%s</title>" % xml_text(prefix + vector["family"] + " vector"))
    link = payload if carrier == "link" else "%s/item/%s" % (origin, vid)
    lines.append("<link>%s</link>" % xml_text(link))
    lines.append('<guid isPermaLink="false">xss-%s</guid>' % vid)
    minutes = 10000 - index
    lines.append("<pubDate>%s</pubDate>" % time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(1_800_000_000 + minutes * 60)))
    if carrier == "author":
        lines.append("<dc:creator>%s</dc:creator>" % xml_text(payload))
    if carrier == "category":
        lines.append("<category>%s</category>" % xml_text(payload))
    if carrier == "enclosure":
        lines.append('<enclosure url="%s" type="image/jpeg" length="1"/>' % xml_attr(payload))
        lines.append('<media:thumbnail url="%s"/>' % xml_attr(payload))
    elif carrier == "xhtml":
        lines.append('<atom:content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">%s</div></atom:content>' % payload)
    elif carrier == "body":
        kind = body_index % len(BODY_CARRIERS)
        lines.append([
            lambda: "<content:encoded>%s</content:encoded>" % cdata(payload),
            lambda: "<content:encoded>%s</content:encoded>" % xml_text(payload),
            lambda: "<description>%s</description>" % cdata(payload),
            lambda: "<description>%s</description>" % xml_text(payload),
            lambda: '<atom:content type="html">%s</atom:content>' % xml_text(payload),
            lambda: '<atom:summary type="html">%s</atom:summary>' % cdata(payload),
        ][kind]())
    else:
        lines.append("<content:encoded>%s</content:encoded>" % cdata("<p>This vector rides in the item's %s.</p>" % carrier))
    lines.append("</item>")
    return "\n".join(lines)


def carrier_name(vector, body_index):
    return BODY_CARRIERS[body_index % len(BODY_CARRIERS)] if vector["carrier"] == "body" else vector["carrier"]


def write_feed(path, vectors, payloads, origin):
    items = []
    baseline = {"id": BASELINE_ID, "family": "benign", "carrier": "body"}
    items.append(item_xml(baseline, "<p>A <a href=\"https://example.test/\">benign</a> article with an "
                          "<img src=\"ok.png\" alt=\"image\"> and <em>markup</em>.</p>", 0, 0, origin))
    # One benign item per HTML carrier: its marker must reach its page, or that
    # carrier would test nothing.
    for kind in range(len(BODY_CARRIERS)):
        marker = {"id": "%s-%d" % (CARRIER_CHECK_ID, kind), "family": "benign", "carrier": "body"}
        items.append(item_xml(marker, "<p>%s-%d</p>" % (CARRIER_MARKER, kind), 0, kind, origin))
    xhtml = {"id": "%s-xhtml" % CARRIER_CHECK_ID, "family": "benign", "carrier": "xhtml"}
    items.append(item_xml(xhtml, "<p>%s-xhtml</p>" % CARRIER_MARKER, 0, 0, origin))
    body_index = 0
    for index, vector in enumerate(vectors, start=1):
        payload = payloads[vector["id"]]
        if not XML_CHAR.match(payload):
            raise SetupError("vector %s holds a character XML 1.0 cannot carry; write it as a character reference" % vector["id"])
        items.append(item_xml(vector, payload, index, body_index, origin))
        vector["carrier_name"] = carrier_name(vector, body_index)
        if vector["carrier"] == "body":
            body_index += 1
    feed = "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" '
        'xmlns:media="http://search.yahoo.com/mrss/">',
        "<channel>",
        "<title>Hostile Feed</title>",
        "<link>%s/</link>" % origin,
        "<description>Every item is an XSS vector.</description>",
        *items,
        "</channel>",
        "</rss>",
        "",
    ])
    try:
        ElementTree.fromstring(feed.encode("utf-8"))
    except ElementTree.ParseError as error:
        line = feed.splitlines()[error.position[0] - 1] if error.position[0] <= len(feed.splitlines()) else ""
        raise SetupError("the generated feed is not well-formed XML (%s): %s" % (error, line[:200]))
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(feed)


def write_site(directory, origin, vectors, payloads):
    os.makedirs(os.path.join(directory, "feeds"))
    config = {
        "version": 1,
        "title": "XSS Browser Check",
        "language": "en",
        "pageSize": 1000,
        "sources": [{"id": "hostile", "title": "Hostile Feed", "path": "feeds/hostile.xml"}],
    }
    with open(os.path.join(directory, "site.json"), "w", encoding="utf-8") as handle:
        json.dump(config, handle, indent=2)
    templates = os.path.join(ROOT, "templates")
    if os.path.isdir(templates):
        shutil.copytree(templates, os.path.join(directory, "templates"))
    write_feed(os.path.join(directory, "feeds", "hostile.xml"), vectors, payloads, origin)


# --- the server ---------------------------------------------------------------------------

class Recorder:
    """Requests to /__xss/...: scripts, stylesheets, frames, navigations and beacons."""

    def __init__(self):
        self.lock = threading.Lock()
        self.hits = []

    def add(self, kind, vid, page):
        with self.lock:
            self.hits.append({"kind": kind, "id": vid, "page": page})


def make_handler(public, recorder):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=public, **kwargs)

        def probe(self):
            url = urllib.parse.urlsplit(self.path)
            if not url.path.startswith("/__xss/"):
                return False
            parts = url.path.split("/")
            kind = parts[2] if len(parts) > 2 else ""
            query = urllib.parse.parse_qs(url.query)
            raw_id = (query.get("id") or [parts[3] if kind == "base" and len(parts) > 3 else ""])[0]
            vid = (re.match(r"[a-z0-9-]*", raw_id) or re.match("", "")).group(0)
            page = (query.get("page") or [self.headers.get("Referer", "")])[0]
            recorder.add(kind, vid, page)
            if kind == "js":
                body, kind_type = ("__xss('%s');" % vid).encode(), "text/javascript"
            elif kind == "css":
                body, kind_type = b"/* probe */", "text/css"
            else:
                body, kind_type = b"<!doctype html><title>probe</title><p>navigated</p>", "text/html"
            self.send_response(200)
            self.send_header("Content-Type", kind_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)
            return True

        def do_GET(self):
            if not self.probe():
                super().do_GET()

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            if length:
                self.rfile.read(length)
            if not self.probe():
                self.send_error(405)

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

        def log_message(self, *args):
            pass

    return Handler


# --- the browser ----------------------------------------------------------------------------

PROBE_JS = r"""
(function () {
  var w = window, ORIGIN = %(origin)s;
  function report(kind, id) {
    try { id = String(id); } catch (e) { id = '?'; }
    try { (w.__xssHits = w.__xssHits || []).push(kind + ':' + id); } catch (e) {}
    try { if (w.top !== w) { (w.top.__xssHits = w.top.__xssHits || []).push(kind + ':' + id); } } catch (e) {}
    try { console.log('__XSS_HIT__ ' + kind + ' ' + id); } catch (e) {}
    var page = '';
    try { page = w.top.location.href; } catch (e) { try { page = document.referrer; } catch (e2) {} }
    try {
      navigator.sendBeacon(ORIGIN + '/__xss/beacon?kind=' + kind + '&id=' + encodeURIComponent(id) + '&page=' + encodeURIComponent(page));
    } catch (e) {}
  }
  w.__xss = function (id) { report('probe', id); };
  ['alert', 'confirm', 'prompt', 'print'].forEach(function (name) {
    w[name] = function (message) { report(name, message); return name === 'confirm' ? false : null; };
  });
  w.open = function (url) { report('open', url); return null; };
})();
"""

# Hover, press and focus every element without clicking: handlers that a sanitizer
# left behind run here even when no vector triggers itself.
POKE_JS = r"""
function poke() {
var types = ['mouseover', 'mouseenter', 'mousemove', 'mousedown', 'mouseup', 'pointerover', 'pointerenter', 'pointermove'];
var all = [document.documentElement, document.body].concat(Array.prototype.slice.call(document.querySelectorAll('body *')));
for (var i = 0; i < all.length; i++) {
  var el = all[i];
  if (!el) continue;
  for (var j = 0; j < types.length; j++) {
    try {
      var Ctor = types[j].indexOf('pointer') === 0 && window.PointerEvent ? PointerEvent : MouseEvent;
      el.dispatchEvent(new Ctor(types[j], {bubbles: types[j].indexOf('enter') < 0, cancelable: true, view: window}));
    } catch (e) {}
  }
  try { if (el.focus) el.focus({preventScroll: true}); } catch (e) {}
  try { el.dispatchEvent(new FocusEvent('focusin', {bubbles: true})); } catch (e) {}
}
}
"""

DOM_CHECK_JS = r"""
function domCheck() {
var out = [], active = [];
var URL_ATTRS = {href: 1, src: 1, action: 1, formaction: 1, data: 1, poster: 1, background: 1, cite: 1, longdesc: 1,
  lowsrc: 1, dynsrc: 1, codebase: 1, srcset: 1, ping: 1, manifest: 1, icon: 1, profile: 1, classid: 1, archive: 1, code: 1};
var MEDIA = {img: 1, video: 1, audio: 1, source: 1, picture: 1, input: 1, track: 1, image: 1};
var IN_CONTENT = 'script,iframe,frame,frameset,object,embed,applet,base,portal,form,meta,link,style,noscript,template,' +
  'svg,math,isindex,button,select,textarea,keygen,xml,layer,bgsound';
var ANYWHERE = 'script,iframe,frame,frameset,object,embed,applet,base,portal,form,meta[http-equiv],link,isindex';
var content = document.querySelector('[data-testid="article-content"]');
function proto(value) {
  try { return new URL(value, document.baseURI).protocol.toLowerCase(); }
  catch (e) { var m = /^[\s\x00-\x20]*([a-z][a-z0-9+.\-]*):/i.exec(value.replace(/[\t\n\r]/g, '')); return m ? m[1].toLowerCase() + ':' : ''; }
}
// CSS as a browser reads it: comments gone, escapes decoded.
function cssText(value) {
  return value.replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, function (m, hex) { try { return String.fromCodePoint(parseInt(hex, 16)); } catch (e) { return ''; } })
    .replace(/\\(.)/g, '$1');
}
function tagText(el) { var s = el.outerHTML || ''; var i = s.indexOf('>'); return (i > 0 ? s.slice(0, i + 1) : s).slice(0, 160); }
function signature(el) {
  var tag = el.localName.toLowerCase();
  if (tag === 'link') {
    var target = '';
    try { target = new URL(el.getAttribute('href') || '', document.baseURI).origin === location.origin ? ' same-origin' : ' elsewhere'; } catch (e) { target = ' unparsable'; }
    return 'link rel=' + (el.getAttribute('rel') || '').toLowerCase() + target;
  }
  if (tag === 'meta') return 'meta http-equiv=' + (el.getAttribute('http-equiv') || '').toLowerCase();
  if (tag === 'script') return 'script ' + (el.getAttribute('src') ? 'src=' + new URL(el.getAttribute('src'), document.baseURI).pathname.split('/').pop() : 'inline=' + el.textContent.slice(0, 60));
  return tagText(el);
}
function walk(root, inShadow) {
  var all = root.querySelectorAll('*');
  for (var i = 0; i < all.length; i++) {
    var el = all[i], tag = el.localName.toLowerCase();
    for (var j = 0; j < el.attributes.length; j++) {
      var name = el.attributes[j].name.toLowerCase(), value = el.attributes[j].value;
      if (name.slice(0, 2) === 'on') out.push('event handler ' + name + ': ' + tagText(el));
      if (URL_ATTRS[name] || /:href$/.test(name)) {
        var values = name === 'srcset' ? value.split(',').map(function (c) { return c.trim().split(/\s+/)[0]; })
                   : name === 'ping' || name === 'archive' ? value.split(/\s+/) : [value];
        for (var k = 0; k < values.length; k++) {
          if (!values[k]) continue;
          var p = proto(values[k]);
          if (p === 'javascript:' || p === 'vbscript:' ||
              (p === 'data:' && !(MEDIA[tag] && (name === 'src' || name === 'srcset' || name === 'poster'))))
            out.push(p + ' URL in ' + name + ': ' + tagText(el));
        }
      }
      if (name === 'style' && /expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:/i.test(cssText(value)))
        out.push('script in style attribute: ' + tagText(el));
      if ((tag === 'animate' || tag === 'set') && /^(to|from|values|by)$/.test(name) && /javascript:|vbscript:|data:/i.test(value))
        out.push('animated URL: ' + tagText(el));
    }
    if (inShadow || (content && content.contains(el))) {
      if (el.matches(IN_CONTENT)) active.push('content: ' + signature(el));
    } else if (el.matches(ANYWHERE)) {
      active.push('page: ' + signature(el));
    }
    if (el.shadowRoot) walk(el.shadowRoot, true);
    if (tag === 'template' && el.content) walk(el.content, true);
  }
}
walk(document, false);
if (document.baseURI !== location.href) out.push('base URL changed to ' + document.baseURI);
return {violations: out, active: active};
}
"""

# One round trip per page: wait for two animation frames and a moment, hover and
# focus everything, wait a moment again, then report the probe's hits and the DOM check.
VISIT_JS = POKE_JS + DOM_CHECK_JS + r"""
var done = arguments[arguments.length - 1], settle = arguments[0];
function frames(n, next) { if (n <= 0) { next(); } else { requestAnimationFrame(function () { frames(n - 1, next); }); } }
frames(2, function () { setTimeout(function () {
  try { poke(); } catch (e) {}
  // Handlers run inside dispatchEvent and focus(); the pause lets what they start settle.
  setTimeout(function () {
    var result;
    try { result = domCheck(); } catch (e) { result = {violations: [], active: [], error: String(e)}; }
    result.hits = window.__xssHits || [];
    result.url = location.href;
    done(result);
  }, settle);
}, settle); });
"""

HIT_LOG = re.compile(r"__XSS_HIT__ (\w+) ([^\"\\\s]*)")


def start_browser(args, profile):
    return headless.start_chromium(args.chromium, args.chromedriver, profile)


class Visit:
    def __init__(self, vid, mode, url):
        self.vid, self.mode, self.url = vid, mode, url
        self.hits = []          # (kind, id, channel)
        self.navigated = None
        self.popups = 0
        self.violations = []
        self.active = []
        self.csp_refusals = 0
        self.errors = []


def visit(driver, vid, mode, url, settle_ms):
    from selenium.common.exceptions import (NoAlertPresentException, TimeoutException, UnexpectedAlertPresentException,
                                            WebDriverException)
    result = Visit(vid, mode, url)
    main_handle = driver.current_window_handle

    def dialogs():
        for _ in range(20):
            try:
                alert = driver.switch_to.alert
                text = alert.text
                alert.dismiss()
                result.hits.append(("dialog", text, "native dialog"))
            except (NoAlertPresentException, WebDriverException):
                return

    try:
        driver.get(url)
    except UnexpectedAlertPresentException:
        dialogs()
    except TimeoutException:
        result.errors.append("page load timed out")
    except WebDriverException as error:
        result.errors.append("load: " + str(error).strip().splitlines()[0])
    state = None
    for _ in range(2):
        try:
            state = driver.execute_async_script(VISIT_JS, settle_ms)
            break
        except UnexpectedAlertPresentException:
            dialogs()
        except WebDriverException as error:
            # "document unloaded while waiting for result": the page navigated away.
            if "unloaded" not in str(error):
                result.errors.append("visit: " + str(error).strip().splitlines()[0])
            break
    if state:
        for hit in state.get("hits") or []:
            kind, _, hid = hit.partition(":")
            result.hits.append((kind, hid, "page"))
        result.violations = state.get("violations") or []
        result.active = state.get("active") or []
        if state.get("error"):
            result.errors.append("dom check: " + state["error"])
    try:
        current = driver.current_url
    except WebDriverException:
        dialogs()
        current = driver.current_url
    if current != url:
        result.navigated = current
        result.violations, result.active = [], []
    try:
        for entry in driver.get_log("browser"):
            message = entry.get("message", "")
            for kind, hid in HIT_LOG.findall(message):
                result.hits.append((kind, hid, "console"))
            if "Content Security Policy" in message and "Refused" in message:
                result.csp_refusals += 1
    except WebDriverException:
        pass
    handles = driver.window_handles
    if len(handles) > 1:
        result.popups = len(handles) - 1
        for handle in handles:
            if handle != main_handle:
                driver.switch_to.window(handle)
                driver.close()
        driver.switch_to.window(main_handle)
    return result


def browse(args, temp, origin, targets):
    """Loads every target in --workers browsers side by side; returns the visits in target order."""
    import queue
    work = queue.Queue()
    for index, target in enumerate(targets):
        work.put((index, target))
    results = [None] * len(targets)
    failures = []

    def worker(number):
        try:
            driver = start_browser(args, os.path.join(temp, "profile-%d" % number))
        except SetupError as error:
            failures.append(error)
            return
        try:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE_JS % {"origin": json.dumps(origin)}})
            while True:
                try:
                    index, (vid, mode, relative) = work.get_nowait()
                except queue.Empty:
                    return
                url = "%s/%s" % (origin, urllib.parse.quote(relative))
                results[index] = visit(driver, vid, mode, url, args.settle_ms)
        except Exception as error:  # a crashed browser: report, let the others finish
            failures.append(SetupError("browser %d stopped: %s" % (number, str(error).strip().splitlines()[0])))
        finally:
            try:
                driver.quit()
            except Exception:
                pass

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(max(1, args.workers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures and any(r is None for r in results):
        raise failures[0]
    return results


# --- pages -----------------------------------------------------------------------------------

def control_page(vector, payload):
    carrier = vector["carrier"]
    if carrier in ("title", "title-cdata", "atom-title"):
        head = "<title>Vector %s: %s</title>" % (vector["id"], payload)
        body = '<h1>%s</h1><p title="%s">title</p>' % (payload, payload)
    elif carrier == "link":
        head, body = "<title>control</title>", '<a href="%s">Read the original</a>' % payload
    elif carrier == "enclosure":
        head, body = "<title>control</title>", '<img src="%s" alt="">' % payload
    else:
        head, body = "<title>control</title>", payload
    return ('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n%s\n</head>\n<body>\n'
            '<main id="main">\n<div class="prose" data-testid="article-content">\n%s\n</div>\n</main>\n<footer>after</footer>\n</body>\n</html>\n' % (head, body))


def find_pages(public):
    """Article pages by vector id, plus the other HTML pages (home, lists)."""
    articles, others = {}, []
    for folder, _, files in os.walk(public):
        for name in files:
            if name != "index.html":
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, public).replace(os.sep, "/")
            with open(path, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
            if relative.startswith("articles/"):
                match = ID_PATTERN.search(text)
                if match:
                    articles.setdefault(match.group(1), relative)
            else:
                others.append(relative)
    return articles, sorted(others)


def strip_csp(public, relative):
    """Writes index.nocsp.html beside the page, without its CSP meta; returns (relative, has a non-empty policy)."""
    path = os.path.join(public, relative)
    with open(path, encoding="utf-8", errors="surrogateescape") as handle:
        text = handle.read()
    metas = CSP_META.findall(text)
    policy = any(re.search(r"content\s*=\s*[\"'][^\"']*\S", meta, re.IGNORECASE) for meta in metas)
    stripped = CSP_META.sub("", text)
    target = relative[: -len("index.html")] + "index.nocsp.html"
    with open(os.path.join(public, target), "w", encoding="utf-8", errors="surrogateescape") as handle:
        handle.write(stripped)
    return target, policy


# --- main ----------------------------------------------------------------------------------------

def parse_arguments():
    parser = headless.argument_parser(__doc__)
    parser.add_argument("--min-vectors", type=int, default=150, help="fail when fewer vectors reach a page (150)")
    parser.add_argument("--settle-ms", type=int, default=25, help="pause after the page's first two animation frames and again after hovering (25)")
    parser.add_argument("--workers", type=int, default=3, help="browsers loading pages side by side (3)")
    parser.add_argument("--no-control", action="store_true", help="skip the raw positive control")
    parser.add_argument("--only", action="append", default=[], help="run only this vector id (repeatable)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary site and print its path")
    parser.add_argument("--verbose", action="store_true", help="list every vector's control result and carrier")
    return parser.parse_args()


def main():
    args = parse_arguments()
    started = time.monotonic()
    vectors = xss_vectors.vectors()
    if args.only:
        vectors = [v for v in vectors if v["id"] in set(args.only)]
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        raise SetupError("%s is not an executable newsgen binary (build it first: swift build)" % binary)

    temp = tempfile.mkdtemp(prefix="newsgen-xss-")
    site = os.path.join(temp, "site")
    public = os.path.join(site, "public")
    os.makedirs(public)
    recorder = Recorder()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), make_handler(public, recorder))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    origin = "http://127.0.0.1:%d" % server.server_address[1]
    try:
        payloads = {v["id"]: xss_vectors.render(v["template"], v["id"], origin) for v in vectors}
        write_site(site, origin, vectors, payloads)
        build = subprocess.run([binary, "build", "--offline", "--site", site], capture_output=True, text=True, timeout=600,
                               stdin=subprocess.DEVNULL)
        if build.returncode != 0:
            raise SetupError("newsgen build failed (exit %d):\n%s%s" % (build.returncode, build.stdout, build.stderr))
        build_seconds = time.monotonic() - started

        articles, others = find_pages(public)
        if BASELINE_ID not in articles:
            raise SetupError("the benign baseline item did not become an article page; see %s" % site)
        for suffix, name in [(str(k), c) for k, c in enumerate(BODY_CARRIERS)] + [("xhtml", "atom:content xhtml")]:
            relative = articles.get("%s-%s" % (CARRIER_CHECK_ID, suffix))
            text = ""
            if relative:
                with open(os.path.join(public, relative), encoding="utf-8", errors="replace") as page:
                    text = page.read()
            if "%s-%s" % (CARRIER_MARKER, suffix) not in text:
                raise SetupError("a benign item's %s does not reach its article page, so the vectors in that carrier "
                                 "would test nothing" % name)
        ran = [v for v in vectors if v["id"] in articles]
        missing = [v["id"] for v in vectors if v["id"] not in articles]
        pages = [(BASELINE_ID, articles[BASELINE_ID])] + [(v["id"], articles[v["id"]]) for v in ran]
        pages += [("page:" + relative, relative) for relative in others]
        with_csp = 0
        targets = []  # (vid, mode, relative)
        for vid, relative in pages:
            stripped, had_csp = strip_csp(public, relative)
            with_csp += had_csp
            targets.append((vid, "csp", relative))
            targets.append((vid, "nocsp", stripped))
        if not args.no_control:
            os.makedirs(os.path.join(public, "__control"))
            for vector in vectors:
                name = "__control/%s.html" % vector["id"]
                with open(os.path.join(public, name), "w", encoding="utf-8") as handle:
                    handle.write(control_page(vector, payloads[vector["id"]]))
                targets.append((vector["id"], "raw", name))

        browse_started = time.monotonic()
        visits = browse(args, temp, origin, targets)
        time.sleep(0.3)  # late beacons
        browse_seconds = time.monotonic() - browse_started
    except BaseException:
        if not args.keep:
            shutil.rmtree(temp, ignore_errors=True)
        raise
    finally:
        server.shutdown()
        server.server_close()

    # --- judge ------------------------------------------------------------------------------
    # What the baseline article page carries is the theme's; THEME_ELEMENTS covers what only some pages carry.
    baseline_active = set()
    for result in visits:
        if result.vid == BASELINE_ID:
            baseline_active.update(result.active)
    by_url = {"%s/%s" % (origin, urllib.parse.quote(rel)): (vid, mode) for vid, mode, rel in targets}
    findings = {}  # (vid, mode) -> list of reasons

    def note(key, reason):
        findings.setdefault(key, [])
        if reason not in findings[key]:
            findings[key].append(reason)

    for result in visits:
        key = (result.vid, result.mode)
        for kind, hid, channel in result.hits:
            note(key, "%s(%s) via %s" % ("__xss" if kind == "probe" else kind, hid, channel))
        if result.navigated:
            note(key, "navigated to " + result.navigated)
        if result.popups:
            note(key, "%d popup window(s)" % result.popups)
        for violation in result.violations:
            note(key, "unsafe DOM: " + violation)
        for element in result.active:
            if element not in baseline_active and not element.startswith(THEME_ELEMENTS):
                note(key, "unsafe DOM: unexpected element " + element)
    for hit in recorder.hits:
        page = hit["page"].split("#")[0]
        key = by_url.get(page) or (hit["id"], "?")
        what = {"js": "loaded probe script", "css": "loaded probe stylesheet", "nav": "loaded probe page",
                "base": "followed a hijacked base URL", "beacon": None}.get(hit["kind"], "requested probe (%s)" % hit["kind"])
        if what:
            note(key, "%s for %s" % (what, hit["id"]))
        elif key not in findings:
            note(key, "probe beacon for %s" % hit["id"])

    raw_live = sorted({vid for vid, mode in findings if mode == "raw"})
    # A probe request whose page is unknown (an opaque frame sends no referrer) counts
    # against the built pages unless the vector's raw control page explains it.
    built = {k: v for k, v in findings.items() if k[1] in MODES or (k[1] == "?" and k[0] not in raw_live)}
    fired_vectors = sorted({vid for vid, _ in built})
    sentinels = [] if args.no_control else [s for s in xss_vectors.SENTINELS if s in {v["id"] for v in vectors}]
    sentinel_dead = [s for s in sentinels if s not in raw_live]
    csp_refusals = sum(r.csp_refusals for r in visits if r.mode == "csp" and r.vid != BASELINE_ID)
    errors = [(r.vid, r.mode, e) for r in visits for e in r.errors]

    def executed(reasons):
        return any(not reason.startswith("unsafe DOM") for reason in reasons)

    fired = {k: v for k, v in built.items() if executed(v)}
    unsafe = {k: v for k, v in built.items() if not executed(v)}
    total = time.monotonic() - started
    article_count = len([p for p in pages if not p[0].startswith("page:")])
    print("xss browser check: %d vectors × 2 (CSP on, CSP stripped): %d fired" % (len(ran), len({vid for vid, _ in fired})))
    print("  unsafe DOM (on* attribute, javascript:/vbscript:/data: link or frame, active element): %d vectors"
          % len({vid for vid, _ in unsafe}))
    print("  pages: %d article pages and %d other pages, each as built and with its CSP meta stripped "
          "(a non-empty CSP meta on %d of %d built pages)" % (article_count, len(others), with_csp, len(pages)))
    if not args.no_control:
        print("  control: %d of %d vectors fire or leave unsafe DOM when put raw into a page without CSP; "
              "sentinels %d/%d" % (len(raw_live), len(vectors), len(sentinels) - len(sentinel_dead), len(sentinels)))
    print("  carriers: " + ", ".join("%s %d" % (c, n) for c, n in sorted(
        collections.Counter(v.get("carrier_name", v["carrier"]) for v in ran).items())))
    if csp_refusals:
        print("  note: the CSP refused %d resource(s) or inline script(s) on built pages" % csp_refusals)
    print("  time: %.1f s (build %.1f s, %d page loads in %.1f s)" % (total, build_seconds, len(visits), browse_seconds))
    carriers = {v["id"]: v.get("carrier_name", v["carrier"]) for v in vectors}
    for (vid, mode), reasons in sorted(built.items()):
        label = vid if vid.startswith("page:") else "%s [%s]" % (vid, carriers.get(vid, "?"))
        print("%s %s (%s): %s" % ("FIRED" if executed(reasons) else "UNSAFE DOM", label, MODE_NAMES[mode],
                                   "; ".join(reasons)[:600]))
    for vid in missing:
        print("NOT RUN %s: the item did not become an article page" % vid)
    for vid in sentinel_dead:
        print("PROBE BROKEN: sentinel %s did not fire raw" % vid)
    for vid, mode, error in errors[:30]:
        print("%s: %s (%s): %s" % ("ERROR" if mode in MODES else "warning", vid, MODE_NAMES.get(mode, mode), error))
    if args.verbose and not args.no_control:
        for vector in vectors:
            raw = findings.get((vector["id"], "raw"))
            print("  %-40s %-24s raw: %s" % (vector["id"], vector.get("carrier_name", vector["carrier"]),
                                            "; ".join(raw)[:150] if raw else "inert"))
    if args.keep:
        print("kept: " + temp)
    else:
        shutil.rmtree(temp, ignore_errors=True)

    unchecked = [e for e in errors if e[1] in MODES]
    failed = bool(built) or bool(sentinel_dead) or bool(unchecked) or len(ran) < args.min_vectors
    if len(ran) < args.min_vectors:
        print("FAILED: only %d vectors reached an article page (at least %d needed)" % (len(ran), args.min_vectors))
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except SetupError as error:
        print("xss browser check: could not run: %s" % error, file=sys.stderr)
        sys.exit(2)
