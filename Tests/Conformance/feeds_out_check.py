#!/usr/bin/env python3
"""The site's feeds out, read by parsers newsgen does not share, on a real build.

Copies the sample site, gives it a baseURL under a sub-path and one url source
(never fetched: the build is `--offline`), runs `newsgen build --offline`, then:
- public/feed.xml through Python's feedparser: bozo 0, Atom 1.0, and as
  entries the newest listed articles (the ones the home pages list, in that
  order, at most 50) with the same titles and page URLs;
- public/feed.json through Python's json and the JSON Feed 1.1 rules checked
  here (no released feedparser, 6.0.14 included, reads JSON Feed): the version,
  required members and their types, unique item ids, content on every item,
  RFC 3339 dates, absolute URLs (the content's too), the same items as feed.xml;
- public/sitemap.xml through xml.etree: every page of the built site
  (each `index.html`) once, absolute on the baseURL, with a W3C date-time;
  a feed entry's page dated by the entry's `updated`;
- public/sources.opml through xml.etree: OPML 2.0 with exactly one
  `outline type="rss"` per source in site.json order, each with its page on
  the site as `htmlUrl` and a url source's address as `xmlUrl`.
Exit 0 when all of that holds, 1 with every problem found, 2 when the check
cannot run (feedparser missing, the binary missing or failing).

Usage: feeds_out_check.py [BINARY]   (default .build/debug/newsgen)
"""
import argparse
import calendar
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BASE_URL = "https://feeds-check.example/bay/"
URL_SOURCE = {"id": "wire", "title": "The Wire <&> Co", "url": "https://wire.example/feed.xml?a=1&b=2"}
FEED_LENGTH = 50
SITEMAP_NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
W3C_DATE_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")


class CannotRun(Exception):
    pass


def copy_sample_site(target):
    """The repository's sample site with BASE_URL and URL_SOURCE, a fresh archive and no bookmarks."""
    for name in ("content", "templates"):
        shutil.copytree(os.path.join(ROOT, name), os.path.join(target, name))
    shutil.rmtree(os.path.join(target, "content", "archive"), ignore_errors=True)
    with open(os.path.join(ROOT, "site.json"), encoding="utf-8") as file:
        site = json.load(file)
    site["baseURL"] = BASE_URL
    site["sources"] = [source for source in site["sources"] if "url" not in source] + [URL_SOURCE]
    with open(os.path.join(target, "site.json"), "w", encoding="utf-8") as file:
        json.dump(site, file, indent=2)
    with open(os.path.join(target, "bookmarks.json"), "w", encoding="utf-8") as file:
        file.write('{"version": 1, "bookmarks": []}\n')
    return site


def build(binary, site):
    if not os.access(binary, os.X_OK):
        raise CannotRun("no newsgen binary at %s (build it first)" % binary)
    environment = dict(os.environ, SOURCE_DATE_EPOCH="1795000000", NO_COLOR="1")
    result = subprocess.run([binary, "build", "--offline", "--quiet", "--site", site],
                            capture_output=True, text=True, env=environment)
    if result.returncode != 0:
        raise CannotRun("newsgen build exited %d: %s%s" % (result.returncode, result.stderr.strip(), crash_summary(result.stderr)))


def crash_summary(stderr, frames=12):
    """A crash's reason and the crashed thread's first frames, repeated at the end of the
    message: CI logs are read from their tail, and a Swift backtrace ends with pages of
    registers and images."""
    lines = stderr.splitlines()
    reason = [line for line in lines if line.startswith("*** Program crashed")]
    start = next((i for i, line in enumerate(lines) if line.endswith(" crashed:")), None)
    if not reason and start is None:
        return ""
    stack = []
    if start is not None:
        stack.append(lines[start])
        for line in lines[start + 1:]:
            if stack[1:] and not line.strip():
                break  # the blank line after the frames, before "Registers:"
            if line.strip():
                stack.append(line)
    return "\n--- the crash, again ---\n" + "\n".join(reason + stack[:frames + 1])


class ArticleLinks(html.parser.HTMLParser):
    """The `data-testid="article-link"` (or `testid`) anchors of a page: (text, href), in order."""

    def __init__(self, testid="article-link"):
        super().__init__()
        self.links = []
        self._open = None
        self._testid = testid

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "a" and attributes.get("data-testid") == self._testid:
            self._open = [attributes.get("href", ""), ""]

    def handle_data(self, data):
        if self._open is not None:
            self._open[1] += data

    def handle_endtag(self, tag):
        if tag == "a" and self._open is not None:
            self.links.append((normalized(self._open[1]), self._open[0]))
            self._open = None


def normalized(text):
    return " ".join(text.split())


def listed_articles(public):
    """(title, absolute page URL) of every article the home list holds, newest first: its month pages
    (ADR 028), in the order /archive/ links them."""
    def links(path, testid):
        reader = ArticleLinks(testid)
        with open(os.path.join(public, path, "index.html"), encoding="utf-8") as file:
            reader.feed(file.read())
        return [(title, urllib.parse.urljoin(BASE_URL + path, href)) for title, href in reader.links]

    months = [url[len(BASE_URL):] for _, url in links("archive/", "month-link")]
    return [article for month in months for article in links(month, "article-link")]


def site_pages(public):
    """The absolute URL of every page of the built site (each folder's index.html) but the redirects
    of old numbered list pages (ADR 028), which a sitemap leaves out."""
    pages = set()
    for folder, _, files in os.walk(public):
        if "index.html" in files:
            with open(os.path.join(folder, "index.html"), encoding="utf-8") as file:
                if '<meta http-equiv="refresh"' in file.read():
                    continue
            relative = os.path.relpath(folder, public).replace(os.sep, "/")
            pages.add(BASE_URL if relative == "." else BASE_URL + relative + "/")
    return pages


def compare_entries(name, titles, links, expected, problems):
    if titles != [title for title, _ in expected]:
        problems.append("%s: entry titles %r, expected %r" % (name, titles, [title for title, _ in expected]))
    if links != [link for _, link in expected]:
        problems.append("%s: entry links %r, expected %r" % (name, links, [link for _, link in expected]))


def check_atom(feedparser, path, expected, problems):
    """feed.xml read by feedparser; returns {page URL: updated seconds}."""
    if not os.path.exists(path):
        problems.append("feed.xml was not written")
        return {}
    parsed = feedparser.parse(path)
    if parsed.bozo:
        problems.append("feed.xml: feedparser says bozo: %s" % parsed.get("bozo_exception"))
    if parsed.version != "atom10":
        problems.append("feed.xml: feedparser read it as %r, expected 'atom10'" % parsed.version)
    if parsed.feed.get("link") != BASE_URL:
        problems.append("feed.xml: feed link %r, expected %s" % (parsed.feed.get("link"), BASE_URL))
    compare_entries("feed.xml", [normalized(entry.get("title", "")) for entry in parsed.entries],
                    [entry.get("link") for entry in parsed.entries], expected, problems)
    updated = {}
    for entry in parsed.entries:
        stamp = entry.get("updated_parsed") or entry.get("published_parsed")
        if stamp is None:
            problems.append("%s: entry %r has no date" % (name, entry.get("title")))
        elif entry.get("link"):
            updated[entry["link"]] = calendar.timegm(stamp)
    return updated


RFC_3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")
JSON_FEED_MEMBERS = {"version", "title", "home_page_url", "feed_url", "description", "user_comment", "next_url",
                     "icon", "favicon", "authors", "author", "language", "expired", "hubs", "items"}
JSON_ITEM_MEMBERS = {"id", "url", "external_url", "title", "content_html", "content_text", "summary", "image",
                     "banner_image", "date_published", "date_modified", "authors", "author", "tags", "language",
                     "attachments"}


class URLAttributes(html.parser.HTMLParser):
    """Every URL in `href`, `src`, `poster` and `srcset` attributes of an HTML fragment."""

    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name in ("href", "src", "poster"):
                self.urls.append(value.strip())
            elif name == "srcset":
                self.urls += [candidate.split()[0] for candidate in value.split(",") if candidate.strip()]


def is_absolute(url):
    return isinstance(url, str) and urllib.parse.urlsplit(url).scheme in ("http", "https") and bool(urllib.parse.urlsplit(url).netloc)


def check_json_feed(path, expected, problems):
    """feed.json against the JSON Feed 1.1 rules, with absolute URLs since the site has a baseURL."""
    if not os.path.exists(path):
        problems.append("feed.json was not written")
        return
    try:
        with open(path, encoding="utf-8") as file:
            feed = json.load(file)
    except ValueError as error:
        problems.append("feed.json is not JSON: %s" % error)
        return
    def problem(text):
        problems.append("feed.json: " + text)
    if not isinstance(feed, dict):
        return problem("not an object")
    if feed.get("version") != "https://jsonfeed.org/version/1.1":
        problem("version %r" % feed.get("version"))
    if not isinstance(feed.get("title"), str):
        problem("no title string")
    if feed.get("home_page_url") != BASE_URL or feed.get("feed_url") != BASE_URL + "feed.json":
        problem("home_page_url %r / feed_url %r, expected %s and %sfeed.json"
                % (feed.get("home_page_url"), feed.get("feed_url"), BASE_URL, BASE_URL))
    unknown = [key for key in feed if key not in JSON_FEED_MEMBERS and not key.startswith("_")]
    if unknown:
        problem("members JSON Feed 1.1 does not define: %r" % unknown)
    items = feed.get("items")
    if not isinstance(items, list):
        return problem("items is not a list")
    ids = [item.get("id") for item in items if isinstance(item, dict)]
    if len(ids) != len(items) or not all(isinstance(i, str) and i for i in ids) or len(set(ids)) != len(ids):
        problem("every item needs its own non-empty string id: %r" % ids)
    for item in items:
        if not isinstance(item, dict):
            continue
        where = "item %r" % item.get("id")
        unknown = [key for key in item if key not in JSON_ITEM_MEMBERS and not key.startswith("_")]
        if unknown:
            problem("%s: members JSON Feed 1.1 does not define: %r" % (where, unknown))
        if not isinstance(item.get("content_html"), str) and not isinstance(item.get("content_text"), str):
            problem("%s has neither content_html nor content_text" % where)
        for key in ("date_published", "date_modified"):
            if key in item and not (isinstance(item[key], str) and RFC_3339.match(item[key])):
                problem("%s: %s %r is not RFC 3339" % (where, key, item[key]))
        for key in ("url", "external_url", "image", "banner_image"):
            if key in item and not is_absolute(item[key]):
                problem("%s: %s %r is not absolute" % (where, key, item[key]))
        if "image" in item and not item["image"].startswith(BASE_URL + "media/"):
            problem("%s: image %r is not the site's own copy" % (where, item["image"]))
        tags = item.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
            problem("%s: tags must be a list of strings" % where)
        for author in item.get("authors", []):
            if not isinstance(author, dict) or not any(isinstance(author.get(k), str) for k in ("name", "url", "avatar")):
                problem("%s: author %r has no name, url or avatar" % (where, author))
        if isinstance(item.get("content_html"), str):
            urls = URLAttributes()
            urls.feed(item["content_html"])
            relative = [url for url in urls.urls if not urllib.parse.urlsplit(url).scheme and not url.startswith("#")]
            if relative:
                problem("%s: content_html has relative URLs %r" % (where, relative[:3]))
    compare_entries("feed.json", [normalized(item.get("title", "")) for item in items if isinstance(item, dict)],
                    [item.get("url") for item in items if isinstance(item, dict)], expected, problems)


def check_sitemap(path, pages, dated, problems):
    if not os.path.exists(path):
        problems.append("sitemap.xml was not written (the site has a baseURL)")
        return 0
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        problems.append("sitemap.xml is not well-formed: %s" % error)
        return 0
    if root.tag != SITEMAP_NS + "urlset":
        problems.append("sitemap.xml: root element %s, expected %surlset" % (root.tag, SITEMAP_NS))
    locs = []
    for url in root.findall(SITEMAP_NS + "url"):
        loc = (url.findtext(SITEMAP_NS + "loc") or "").strip()
        lastmod = url.findtext(SITEMAP_NS + "lastmod")
        locs.append(loc)
        if not loc.startswith(BASE_URL):
            problems.append("sitemap.xml: %r is not on the baseURL %s" % (loc, BASE_URL))
        if lastmod is None or not W3C_DATE_TIME.match(lastmod):
            problems.append("sitemap.xml: %s has lastmod %r, not a W3C date-time in UTC" % (loc, lastmod))
        elif loc in dated and calendar.timegm(_utc(lastmod)) != dated[loc]:
            problems.append("sitemap.xml: %s has lastmod %s, its feed entry says otherwise" % (loc, lastmod))
    if len(locs) != len(set(locs)):
        problems.append("sitemap.xml lists some pages more than once")
    if set(locs) != pages:
        missing, extra = sorted(pages - set(locs)), sorted(set(locs) - pages)
        problems.append("sitemap.xml: missing pages %r, pages the site lacks %r" % (missing[:5], extra[:5]))
    return len(locs)


def _utc(text):
    return time.strptime(text[:19], "%Y-%m-%dT%H:%M:%S")


def check_opml(path, site, problems):
    if not os.path.exists(path):
        problems.append("sources.opml was not written")
        return 0
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        problems.append("sources.opml is not well-formed: %s" % error)
        return 0
    if root.tag != "opml" or root.get("version") != "2.0":
        problems.append("sources.opml: root %s version %r, expected opml 2.0" % (root.tag, root.get("version")))
    if not (root.findtext("head/title") or "").strip():
        problems.append("sources.opml has no head/title")
    outlines = [outline for outline in root.find("body").iter("outline") if outline.get("type") == "rss"] if root.find("body") is not None else []
    sources = site["sources"]
    if len(outlines) != len(sources):
        problems.append("sources.opml: %d outlines for %d sources" % (len(outlines), len(sources)))
    # Sources with a category sit in folder outlines, after those without: match by their page.
    by_page = {(outline.get("htmlUrl") or "").rstrip("/").rsplit("/", 1)[-1]: outline for outline in outlines}
    for source in sources:
        outline = by_page.get(source["id"])
        if outline is None:
            problems.append("sources.opml: no outline links the page of %r" % source["id"])
            continue
        if outline.get("type") != "rss" or not outline.get("text") or outline.get("title") != outline.get("text"):
            problems.append("sources.opml: outline %r lacks type=\"rss\" or a title" % outline.attrib)
        if source.get("title") and outline.get("text") != source["title"]:
            problems.append("sources.opml: outline %r, expected the title %r" % (outline.get("text"), source["title"]))
        if "url" in source and outline.get("xmlUrl") != source["url"]:
            problems.append("sources.opml: xmlUrl %r, expected %r" % (outline.get("xmlUrl"), source["url"]))
        if not (outline.get("htmlUrl") or "").endswith("sources/%s/" % source["id"]):
            problems.append("sources.opml: htmlUrl %r is not the page of %r" % (outline.get("htmlUrl"), source["id"]))
    return len(outlines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build", "debug", "newsgen"))
    args = parser.parse_args()
    temp = tempfile.mkdtemp(prefix="newsgen-feeds-out-")
    try:
        try:
            import feedparser
        except ImportError:
            raise CannotRun("Python's feedparser is not installed (make python-deps)")
        site_folder = os.path.join(temp, "site")
        os.mkdir(site_folder)
        site = copy_sample_site(site_folder)
        build(os.path.abspath(args.binary), site_folder)
        public = os.path.join(site_folder, "public")

        problems = []
        expected = listed_articles(public)[:FEED_LENGTH]
        if not expected:
            problems.append("the home pages list no articles: nothing to compare the feeds with")
        dated = check_atom(feedparser, os.path.join(public, "feed.xml"), expected, problems)
        check_json_feed(os.path.join(public, "feed.json"), expected, problems)
        pages = check_sitemap(os.path.join(public, "sitemap.xml"), site_pages(public), dated, problems)
        outlines = check_opml(os.path.join(public, "sources.opml"), site, problems)
        if problems:
            for problem in problems:
                print("feeds out check: FAILED: %s" % problem)
            return 1
        print("feeds out check: passed (feed.xml: %d entries, feedparser bozo 0; feed.json: the same, JSON Feed 1.1 rules; "
              "sitemap.xml: %d pages; sources.opml: %d outline%s)" % (len(expected), pages, outlines, "" if outlines == 1 else "s"))
        return 0
    except CannotRun as error:
        print("feeds out check: cannot run: %s" % error)
        return 2
    finally:
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
