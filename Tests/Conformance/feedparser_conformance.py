#!/usr/bin/env python3
"""feedparser conformance for newsgen.

Runs `newsgen inspect` on the feedparser test corpus (../shared/corpora/feedparser-tests),
maps its JSON Feed output (with the `_newsgen` extension) onto feedparser's result
structure and evaluates each case's `Expect:` expression against it, the way
feedparser's own test suite does.

    python3 Tests/Conformance/feedparser_conformance.py            # per-folder summary
    ... --list-failures rss                                         # failing cases of one folder
    ... --check                                                     # exit 1 below the baseline
    ... --record                                                    # rewrite baseline + docs list
    ... --json results.json                                         # every case, as JSON

Standard library only. `make conformance` builds the binary and runs this.
"""

from __future__ import annotations

import argparse
import calendar
import concurrent.futures
import datetime
import http.server
import json
import os
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CORPUS = PACKAGE_ROOT.parent / "shared" / "corpora" / "feedparser-tests"
DEFAULT_BINARY = PACKAGE_ROOT / ".build" / "debug" / "newsgen"
BASELINE = Path(__file__).resolve().parent / "baseline.json"
DOCS = PACKAGE_ROOT / "docs" / "conformance.md"

# Folder of the corpus -> the short name printed and recorded.
FOLDERS = [
    ("wellformed/rss", "rss"),
    ("wellformed/atom10", "atom10"),
    ("wellformed/atom", "atom"),
    ("wellformed/rdf", "rdf"),
    ("wellformed/base", "base"),
    ("wellformed/amp", "amp"),
    ("wellformed/lang", "lang"),
    ("wellformed/namespace", "namespace"),
    ("wellformed/media-rss", "media-rss"),
    ("wellformed/itunes", "itunes"),
    ("illformed", "illformed"),
    ("encoding", "encoding"),
]

# Fields newsgen deliberately does not model. A case whose expression needs one of
# them (a KeyError, AttributeError or NameError on it) is "not applicable".
# "name" applies wherever feedparser puts the key; "kind.name" only in that kind of
# object (feed, entry, image, link, result). Keep this short: every entry needs a reason.
NOT_MODELLED = {
    "source": "the feed an entry was copied from (Atom source, RSS source): newsgen attributes an item to the feed it read it in",
    "info": "Atom 0.3 feed `info` (a note on the format for people opening the feed in a browser)",
    "cloud": "RSS `cloud` (rssCloud push registration): newsgen polls",
    "textinput": "RSS `textInput` (a search box for the channel)",
    "ttl": "RSS `ttl` (cache lifetime hint): fetch scheduling is the site's configuration",
    "docs": "RSS `docs` (a link to the RSS specification)",
    "publisher": "`dc:publisher`, `itunes:owner`, `managingEditor`-style publisher records: bylines use authors",
    "license": "`cc:license` / `creativeCommons:license` elements: the feed's `rights` text is modelled, and Atom `link rel=\"license\"` as a link",
    "validity": "`dcterms:valid` start and end dates",
    "expired": "RSS `expirationDate`: the archive keeps items whatever their expiry",
    "wfw": "`wfw:comment` / `wfw:commentRss` (comment API endpoints); `comments` (the page) is modelled",
    "itunes": "iTunes podcast directory flags (`itunes:block`, `explicit`, `duration`, `keywords`): not news data",
    "media": "Media RSS credits, licenses, ratings, restrictions, players and the raw `media:thumbnail` list: only the item's image (from thumbnail or content) is modelled",
    "geo": "GeoRSS / GML locations (`where`)",
    "thr": "Atom threading (`thr:in-reply-to`)",
    "unknown-namespace": "arbitrary elements of other namespaces are not kept",
    "image.details": "RSS `image` title, link, width, height and description: only the image URL is modelled",
    "entry.subtitle": "an item-level subtitle (`itunes:subtitle`): items have a title, summary and content",
    "link.hreflang": "`hreflang` of Atom links",
    "date text": "a date as the feed wrote it (`published`, `updated`, `created` as strings): newsgen keeps the instant (`*_parsed`) and prints it in RFC 3339",
    "feed.created": "a feed's creation date (`dcterms:created` on a channel): feeds have published and updated dates",
    "newlocation": "`itunes:new-feed-url` (a feed announcing its move): sources are configured in site.json",
    "bozo_exception": "feedparser's exception classes: newsgen records that a document was ill-formed and why, as a message",
}

# The keys (as feedparser names them) that map to each NOT_MODELLED entry.
NOT_MODELLED_KEYS = {
    "source": ["source"],
    "info": ["info", "info_detail"],
    "cloud": ["cloud"],
    "textinput": ["textinput", "textInput"],
    "ttl": ["ttl"],
    "docs": ["docs"],
    "publisher": ["publisher", "publisher_detail"],
    "license": ["license"],
    "validity": ["validity_start", "validity_start_parsed", "validity_end", "validity_end_parsed"],
    "expired": ["expired", "expired_parsed"],
    "wfw": ["wfw_comment", "wfw_commentrss"],
    "itunes": ["itunes_block", "itunes_explicit", "itunes_duration", "itunes_keywords"],
    "media": ["media_credit", "media_license", "media_rating", "media_restriction", "media_player",
              "media_thumbnail", "media_content", "media_title", "media_keywords"],
    "geo": ["where"],
    "thr": ["thr_in-reply-to"],
    "unknown-namespace": ["madeup_element"],
    "image.details": ["image.title", "image.link", "image.width", "image.height", "image.description"],
    "entry.subtitle": ["entry.subtitle", "entry.subtitle_detail"],
    "link.hreflang": ["link.hreflang"],
    "date text": ["published", "updated", "created"],
    "feed.created": ["feed.created", "feed.created_parsed"],
    "newlocation": ["newlocation"],
    "bozo_exception": ["bozo_exception"],
}
KEY_TO_FIELD = {key: name for name, keys in NOT_MODELLED_KEYS.items() for key in keys}

# Every key the adapter can produce; a NOT_MODELLED key must never be one of them.
MODELLED_KEYS = {
    "result": {"feed", "entries", "bozo", "encoding", "version"},
    "feed": {"title", "title_detail", "subtitle", "subtitle_detail", "rights", "rights_detail", "link", "links",
             "id", "author", "author_detail", "authors", "contributors", "language",
             "published_parsed", "updated_parsed", "generator", "generator_detail", "image", "logo",
             "icon", "tags", "href"},
    "entry": {"id", "guidislink", "title", "title_detail", "link", "links", "summary", "summary_detail", "content",
              "published_parsed", "updated_parsed", "created_parsed", "author",
              "author_detail", "authors", "contributors", "tags", "enclosures", "image", "comments", "language",
              "rights", "rights_detail"},
    "image": {"href"},
    "link": {"rel", "href", "type", "title", "length"},
}
for _kind, _keys in MODELLED_KEYS.items():
    for _key in _keys:
        assert _key not in KEY_TO_FIELD and f"{_kind}.{_key}" not in KEY_TO_FIELD, f"{_kind}.{_key} is modelled"

DESC_RE = re.compile(r"Description:\s*(.*?)\s*Expect:\s*(.*)\s*-->")
HEADER_RE = re.compile(r"^Header:\s+([^:]+):(.*)$", re.MULTILINE)
FEEDPARSER_HOST = "127.0.0.1:8097"


# --- feedparser's result structure --------------------------------------------------------------


class NotModelled(KeyError):
    """A field newsgen deliberately does not model was asked for."""

    def __init__(self, key: str, field_name: str):
        super().__init__(key)
        self.key = key
        self.field_name = field_name


class Trace:
    """The fields an expression touched, for --list-failures."""

    def __init__(self):
        self.entries: list[tuple[str, object]] = []
        self.missing: list[str] = []


_TRACE = threading.local()


def _trace() -> Trace | None:
    return getattr(_TRACE, "current", None)


class FeedParserDict(dict):
    """feedparser's FeedParserDict: attribute access, its key aliases, `category`,
    `enclosures` and `license` shortcuts, `has_key`. `kind` names what the dict is
    (feed, entry, image, link, …) and `path` where it is, for NOT_MODELLED and traces."""

    keymap = {
        "channel": "feed",
        "items": "entries",
        "guid": "id",
        "date": "updated",
        "date_parsed": "updated_parsed",
        "description": ["summary", "subtitle"],
        "description_detail": ["summary_detail", "subtitle_detail"],
        "url": ["href"],
        "modified": "updated",
        "modified_parsed": "updated_parsed",
        "issued": "published",
        "issued_parsed": "published_parsed",
        "copyright": "rights",
        "copyright_detail": "rights_detail",
        "tagline": "subtitle",
        "tagline_detail": "subtitle_detail",
    }

    def __init__(self, data=None, kind: str = "", path: str = ""):
        super().__init__(data or {})
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "path", path)

    def _lookup(self, key):
        if key == "category":
            tags = dict.get(self, "tags") or []
            if not tags:
                raise KeyError("category")
            return tags[0]["term"]
        if key == "enclosures" and not dict.__contains__(self, "enclosures") and dict.__contains__(self, "links"):
            return [FeedParserDict({k: v for k, v in link.items() if k != "rel"}, "link")
                    for link in dict.__getitem__(self, "links") if link.get("rel") == "enclosure"]
        if key == "license" and dict.__contains__(self, "links"):
            for link in dict.__getitem__(self, "links"):
                if link.get("rel") == "license" and "href" in link:
                    return link["href"]
        real = self.keymap.get(key, key)
        if isinstance(real, list):
            for candidate in real:
                if dict.__contains__(self, candidate):
                    return dict.__getitem__(self, candidate)
        elif dict.__contains__(self, real):
            return dict.__getitem__(self, real)
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        # An alias of one key (copyright -> rights) is not modelled when its key is not;
        # `description` (summary, else subtitle) is about the summary, which is modelled.
        for name in [key] + ([real] if isinstance(real, str) else []):
            field_name = KEY_TO_FIELD.get(f"{self.kind}.{name}") or KEY_TO_FIELD.get(name)
            if field_name:
                raise NotModelled(key, field_name)
        raise KeyError(key)

    def __getitem__(self, key):
        trace = _trace()
        try:
            value = self._lookup(key)
        except KeyError:
            # Names the expression looks up first in the result, then in builtins (len, ord): not a miss.
            if trace is not None and self.kind != "result":
                trace.missing.append(f"{self.path}.{key}".lstrip("."))
            raise
        if trace is not None and not isinstance(value, (dict, list)):
            trace.entries.append((f"{self.path}.{key}".lstrip("."), value))
        return value

    def __contains__(self, key):
        try:
            self._lookup(key)
        except KeyError:
            return False
        return True

    has_key = __contains__

    def get(self, key, default=None):
        try:
            return self[key]
        except NotModelled:
            raise
        except KeyError:
            return default

    def __getattr__(self, key):
        try:
            return self[key]
        except NotModelled:
            raise
        except KeyError:
            raise AttributeError(f"object has no attribute '{key}'") from None

    def __hash__(self):
        return id(self)


class TracedList(list):
    """A list that records out-of-range reads (entries[0] of a feed with no items)."""

    def __init__(self, items, path: str):
        super().__init__(items)
        self.path = path

    def __getitem__(self, index):
        try:
            return super().__getitem__(index)
        except IndexError:
            trace = _trace()
            if trace is not None:
                trace.missing.append(f"{self.path}[{index}]")
            raise


def parsed_time(text: str | None):
    """An RFC 3339 UTC string as feedparser's *_parsed value (time.struct_time in UTC)."""
    if not text:
        return None
    try:
        moment = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return time.gmtime(calendar.timegm(moment.utctimetuple()))


def detail(construct: dict | None, path: str):
    if construct is None:
        return None
    return FeedParserDict({
        "type": construct.get("type", "text/plain"),
        "language": construct.get("language"),
        "base": construct.get("base", ""),
        "value": construct.get("value", ""),
    }, "detail", path)


def person(data: dict, path: str):
    result = FeedParserDict({}, "person", path)
    for source, target in (("name", "name"), ("email", "email"), ("url", "href")):
        if data.get(source) is not None:
            result[target] = data[source]
    return result


def person_string(data: dict) -> str | None:
    name, email = data.get("name"), data.get("email")
    if name and email:
        return f"{name} ({email})"
    return name or email


def link(data: dict, path: str):
    result = FeedParserDict({"rel": data.get("rel", "alternate")}, "link", path)
    for key in ("type", "href", "title"):
        if data.get(key) is not None:
            result[key] = data[key]
    if data.get("length") is not None:
        result["length"] = str(data["length"])
    return result


def tag(data: dict, path: str):
    return FeedParserDict({"term": data.get("term"), "scheme": data.get("scheme"), "label": data.get("label")},
                          "tag", path)


def set_text(target: FeedParserDict, key: str, construct: dict | None):
    if construct is not None:
        target[key] = construct.get("value", "")
        target[f"{key}_detail"] = detail(construct, f"{target.path}.{key}_detail")


def set_people(target: FeedParserDict, ext: dict):
    authors = ext.get("authors") or []
    if authors:
        target["authors"] = TracedList([person(a, f"{target.path}.authors[{i}]") for i, a in enumerate(authors)],
                                       f"{target.path}.authors")
        target["author_detail"] = person(authors[0], f"{target.path}.author_detail")
        text = person_string(authors[0])
        if text:
            target["author"] = text
    contributors = ext.get("contributors") or []
    if contributors:
        target["contributors"] = TracedList(
            [person(c, f"{target.path}.contributors[{i}]") for i, c in enumerate(contributors)],
            f"{target.path}.contributors")


def set_common(target: FeedParserDict, ext: dict, links_key: str = "links"):
    links = ext.get(links_key) or []
    if links:
        target["links"] = TracedList([link(l, f"{target.path}.links[{i}]") for i, l in enumerate(links)],
                                     f"{target.path}.links")
    categories = ext.get("categories") or []
    if categories:
        target["tags"] = TracedList([tag(c, f"{target.path}.tags[{i}]") for i, c in enumerate(categories)],
                                    f"{target.path}.tags")
    # Only the instant: the date's original text is not modelled (see NOT_MODELLED).
    for key in ("published", "updated", "created"):
        if ext.get(key):
            target[f"{key}_parsed"] = parsed_time(ext[key])


def map_feed(doc: dict) -> FeedParserDict:
    ext = doc.get("_newsgen", {})
    feed = FeedParserDict({}, "feed", "feed")
    set_text(feed, "title", ext.get("title"))
    set_text(feed, "subtitle", ext.get("subtitle"))
    set_text(feed, "rights", ext.get("rights"))
    if doc.get("home_page_url"):
        feed["link"] = doc["home_page_url"]
    if ext.get("id") is not None:
        feed["id"] = ext["id"]
    set_people(feed, ext)
    set_common(feed, ext)
    if ext.get("language"):
        feed["language"] = ext["language"]
    generator = ext.get("generator")
    if generator:
        gen = FeedParserDict({}, "generator", "feed.generator_detail")
        for source, target in (("name", "name"), ("version", "version"), ("url", "href")):
            if generator.get(source) is not None:
                gen[target] = generator[source]
        feed["generator_detail"] = gen
        feed["generator"] = generator.get("name", "")
    if doc.get("icon"):
        feed["image"] = FeedParserDict({"href": doc["icon"]}, "image", "feed.image")
        feed["logo"] = doc["icon"]
    if doc.get("favicon"):
        feed["icon"] = doc["favicon"]
    return feed


def map_entry(item: dict, index: int) -> FeedParserDict:
    ext = item.get("_newsgen", {})
    path = f"entries[{index}]"
    entry = FeedParserDict({}, "entry", path)
    if not ext.get("synthesizedID") and "id" in item:
        entry["id"] = item["id"]
    entry["guidislink"] = bool(ext.get("guidIsLink", False))
    set_text(entry, "title", ext.get("title"))
    if item.get("url"):
        entry["link"] = item["url"]
    # feedparser copies text, HTML and XHTML content into `summary` when an entry has none.
    summary = ext.get("summary")
    if summary is None and (ext.get("content") or [{}])[0].get("type") in ("text/plain", "text/html",
                                                                            "application/xhtml+xml"):
        summary = ext["content"][0]
    set_text(entry, "summary", summary)
    set_text(entry, "rights", ext.get("rights"))
    content = ext.get("content") or []
    if content:
        entry["content"] = TracedList([detail(c, f"{path}.content[{i}]") for i, c in enumerate(content)],
                                      f"{path}.content")
    set_people(entry, ext)
    set_common(entry, {**ext, "published": item.get("date_published"), "updated": item.get("date_modified")})
    attachments = item.get("attachments") or []
    if attachments:
        enclosures = []
        for i, attachment in enumerate(attachments):
            enclosure = FeedParserDict({"href": attachment["url"]}, "link", f"{path}.enclosures[{i}]")
            if attachment.get("mime_type") is not None:
                enclosure["type"] = attachment["mime_type"]
            if attachment.get("size_in_bytes") is not None:
                enclosure["length"] = str(attachment["size_in_bytes"])
            enclosures.append(enclosure)
        entry["enclosures"] = TracedList(enclosures, f"{path}.enclosures")
    if item.get("image"):
        entry["image"] = FeedParserDict({"href": item["image"]}, "image", f"{path}.image")
    if ext.get("comments"):
        entry["comments"] = ext["comments"]
    if ext.get("language"):
        entry["language"] = ext["language"]
    return entry


def map_result(doc: dict) -> FeedParserDict:
    ext = doc.get("_newsgen", {})
    result = FeedParserDict({}, "result", "")
    result["bozo"] = bool(ext.get("illFormed", False))
    if ext.get("illFormedReason"):
        result["bozo_message"] = ext["illFormedReason"]
    if ext.get("encoding"):
        result["encoding"] = ext["encoding"]
    result["version"] = ext.get("format", "")
    result["feed"] = map_feed(doc)
    result["entries"] = TracedList([map_entry(item, i) for i, item in enumerate(doc.get("items", []))], "entries")
    return result


def failed_result(message: str) -> FeedParserDict:
    """What feedparser returns for a document it cannot read: bozo and nothing else."""
    result = FeedParserDict({}, "result", "")
    result["bozo"] = True
    result["bozo_message"] = message
    result["feed"] = FeedParserDict({}, "feed", "feed")
    result["entries"] = TracedList([], "entries")
    return result


# --- the corpus -------------------------------------------------------------------------------


@dataclass
class Case:
    folder: str  # short name
    relative: str  # path relative to the corpus root
    path: Path
    description: str
    expect: str
    headers: dict[str, str] = field(default_factory=dict)
    over_http: bool = False
    outcome: str = ""  # passed, failed, n.a.
    reason: str = ""
    produced: str = ""  # the fields the expression touched, as newsgen gave them
    stderr: str = ""


def decode(data: bytes) -> str:
    """The test file as text, by its byte order mark (feedparser's tests/helpers.py)."""
    for prefix, codec, skip in ((b"\x00\x00\xfe\xff", "utf-32be", 0), (b"\xff\xfe\x00\x00", "utf-32le", 0),
                                (b"\x00\x00\x00\x3c", "utf-32be", 0), (b"\x3c\x00\x00\x00", "utf-32le", 0),
                                (b"\x00\x3c\x00\x3f", "utf-16be", 0), (b"\x3c\x00\x3f\x00", "utf-16le", 0)):
        if data.startswith(prefix):
            return data.decode(codec, errors="ignore")
    if data[:2] == b"\xfe\xff" and data[2:4] != b"\x00\x00":
        return data[2:].decode("utf-16be", errors="ignore")
    if data[:2] == b"\xff\xfe" and data[2:4] != b"\x00\x00":
        return data[2:].decode("utf-16le", errors="ignore")
    if data[:3] == b"\xef\xbb\xbf":
        return data[3:].decode("utf-8", errors="ignore")
    return data.decode("utf-8", errors="ignore")


def discover(corpus: Path, only: set[str] | None) -> list[Case]:
    cases = []
    for folder, name in FOLDERS:
        if only and name not in only:
            continue
        root = corpus / folder
        for path in sorted(root.rglob("*.xml")):
            relative = path.relative_to(corpus).as_posix()
            text = decode(path.read_bytes())
            match = DESC_RE.search(text)
            if not match:
                continue
            description, expect = (part.strip() for part in match.groups())
            headers = {key.strip(): value.strip() for key, value in HEADER_RE.findall(text)}
            cases.append(Case(name, relative, path, description, expect, headers, over_http="http" in relative))
    return cases


class CorpusServer:
    """Serves the corpus's http_* cases the way feedparser's tests do: at
    /tests/RELATIVE, with the headers from the file's `Header:` lines and
    `text/xml` when it gives no Content-type."""

    def __init__(self, cases: list[Case]):
        routes = {f"/tests/{case.relative}": case for case in cases if case.over_http}

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):  # noqa: N802 (http.server's name)
                case = routes.get(self.path)
                if case is None:
                    self.send_error(404)
                    return
                body = case.path.read_bytes()
                headers = dict(case.headers)
                content_type = next((v for k, v in headers.items() if k.lower() == "content-type"), "text/xml")
                self.send_response(200)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                for key, value in headers.items():
                    if key.lower() not in ("content-type", "content-length"):
                        self.send_header(key, value)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.host = f"127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def url(self, case: Case) -> str:
        return f"http://{self.host}/tests/{case.relative}"


# --- running and judging ----------------------------------------------------------------------


def run_inspect(binary: Path, target: str) -> tuple[dict | None, str]:
    try:
        process = subprocess.run([str(binary), "inspect", target], capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None, "newsgen inspect did not finish within 60 seconds"
    stderr = process.stderr.decode("utf-8", errors="replace").strip()
    if process.returncode != 0:
        return None, stderr or f"newsgen inspect exited {process.returncode}"
    try:
        return json.loads(process.stdout), stderr
    except json.JSONDecodeError as error:
        return None, f"newsgen inspect printed invalid JSON ({error})"


class FeedParserModule:
    """Stands in for the `feedparser` name some expressions use (exception classes)."""

    class ThingsNobodyCaresAboutButMe(Exception):
        pass

    class CharacterEncodingOverride(ThingsNobodyCaresAboutButMe):
        pass

    class CharacterEncodingUnknown(ThingsNobodyCaresAboutButMe):
        pass

    class NonXMLContentType(ThingsNobodyCaresAboutButMe):
        pass

    class UndeclaredNamespace(Exception):
        pass


def evaluate(case: Case, result: FeedParserDict, inspect_error: str | None, host: str | None):
    expect = case.expect
    if host:
        expect = expect.replace(FEEDPARSER_HOST, host)
    trace = Trace()
    _TRACE.current = trace
    try:
        value = eval(expect, {"datetime": datetime, "feedparser": FeedParserModule}, result)  # noqa: S307 (the corpus's own expressions)
        error = None
    except NotModelled as exc:
        value, error = None, exc
    except NameError as exc:
        value, error = None, exc
    except Exception as exc:  # noqa: BLE001 (any exception of the expression is a failure)
        value, error = None, exc
    finally:
        _TRACE.current = None
    produced = "; ".join(f"{path} = {shown!r}" for path, shown in _dedupe(trace.entries))
    if trace.missing:
        produced += ("; " if produced else "") + "missing: " + ", ".join(dict.fromkeys(trace.missing))
    case.produced = produced
    if isinstance(error, NameError) and getattr(error, "name", None) in KEY_TO_FIELD:
        error = NotModelled(error.name, KEY_TO_FIELD[error.name])
    if isinstance(error, NotModelled):
        case.outcome, case.reason = "n.a.", f"needs {error.key!r} ({error.field_name})"
        return
    if error is not None:
        case.outcome = "failed"
        case.reason = f"{type(error).__name__}: {error}"
        if inspect_error:
            case.reason = f"newsgen inspect failed: {inspect_error}"
        return
    if not value:
        case.outcome = "failed"
        case.reason = f"newsgen inspect failed: {inspect_error}" if inspect_error else "the expression is false"
        return
    # feedparser's own suite also asserts bozo: never for well-formed cases, always for ill-formed http ones.
    bozo = bool(dict.get(result, "bozo"))
    if case.relative.startswith("wellformed/") and bozo:
        case.outcome = "failed"
        case.reason = "reported ill-formed: " + str(dict.get(result, "bozo_message", ""))
        return
    if case.relative.startswith("illformed/") and case.over_http and not bozo:
        case.outcome, case.reason = "failed", "not reported ill-formed"
        return
    case.outcome = "passed"


def _dedupe(entries):
    seen = {}
    for path, value in entries:
        seen[path] = value
    return list(seen.items())


def run_cases(cases: list[Case], binary: Path, workers: int) -> None:
    needs_http = any(case.over_http for case in cases)
    server = CorpusServer(cases) if needs_http else None
    if server:
        server.__enter__()
    try:
        def one(case: Case):
            target = server.url(case) if case.over_http and server else str(case.path)
            return run_inspect(binary, target)

        with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
            outputs = list(pool.map(one, cases))
    finally:
        if server:
            server.__exit__(None, None, None)
    host = server.host if server else None
    for case, (doc, stderr) in zip(cases, outputs):
        case.stderr = stderr
        if doc is None:
            evaluate(case, failed_result(stderr), stderr, host)
        else:
            try:
                result = map_result(doc)
            except Exception as exc:  # noqa: BLE001 (a malformed JSON shape is a failure of this case)
                case.outcome, case.reason = "failed", f"unexpected inspect JSON: {type(exc).__name__}: {exc}"
                continue
            evaluate(case, result, None, host)


# --- reporting --------------------------------------------------------------------------------


def summarize(cases: list[Case]) -> dict[str, dict]:
    summary: dict[str, dict] = {}
    for _, name in FOLDERS:
        chosen = [case for case in cases if case.folder == name]
        if not chosen:
            continue
        passed = sum(case.outcome == "passed" for case in chosen)
        failed = sum(case.outcome == "failed" for case in chosen)
        na = sum(case.outcome == "n.a." for case in chosen)
        applicable = passed + failed
        rate = round(100.0 * passed / applicable, 1) if applicable else None
        summary[name] = {"passed": passed, "failed": failed, "na": na, "rate": rate}
    return summary


def summary_line(name: str, counts: dict) -> str:
    # Worded so that CI, which reads "N passed, N failed" lines as test counts, never mistakes it for one.
    applicable = counts["passed"] + counts["failed"]
    rate = f"{counts['rate']:.1f}%" if counts["rate"] is not None else "no applicable cases"
    return f"{name}: {counts['passed']} of {applicable} applicable cases pass ({rate}), {counts['na']} n.a."


def print_failures(cases: list[Case], folder: str, outcome: str = "failed") -> None:
    chosen = [case for case in cases if case.folder == folder and case.outcome == outcome]
    for case in chosen:
        print(f"{case.relative}: {case.description}")
        print(f"  expect:  {case.expect}")
        if case.headers:
            print(f"  headers: " + "; ".join(f"{k}: {v}" for k, v in case.headers.items()))
        print(f"  newsgen: {case.produced or '(nothing touched)'}")
        print(f"  reason:  {case.reason}")
    print(f"{len(chosen)} {outcome} in {folder}")


def check_baseline(summary: dict[str, dict], baseline: Path) -> list[str]:
    """Every folder whose pass rate is below the recorded one, as a sentence."""
    if not baseline.exists():
        return []
    recorded = json.loads(baseline.read_text()).get("folders", {})
    drops = []
    for name, counts in summary.items():
        before = recorded.get(name, {}).get("rate")
        if before is not None and counts["rate"] is not None and counts["rate"] < before:
            drops.append(f"{name}: {counts['rate']:.1f}% is below the recorded {before:.1f}%")
        elif before is not None and counts["rate"] is None:
            drops.append(f"{name}: no applicable case left (recorded {before:.1f}%)")
    return drops


def record_baseline(summary: dict[str, dict], baseline: Path) -> None:
    baseline.write_text(json.dumps({"corpus": "feedparser-tests (feedparser a22c5521)", "folders": summary},
                                   indent=2, sort_keys=True) + "\n")


GENERATED_BEGIN = "<!-- BEGIN GENERATED by feedparser_conformance.py --record; reasons are kept -->"
GENERATED_END = "<!-- END GENERATED -->"
REASON_RE = re.compile(r"^- `([^`]+)`.*?\n  - Reason: (.*)$", re.MULTILINE)


def record_docs(cases: list[Case], summary: dict[str, dict], corpus: Path) -> None:
    """Rewrites the generated part of docs/conformance.md: the NOT_MODELLED table, the
    rates and every failing case. Reasons already written there (by hand) are kept."""
    existing = DOCS.read_text() if DOCS.exists() else ""
    reasons = {path: reason for path, reason in REASON_RE.findall(existing)}
    lines = [GENERATED_BEGIN, "", "### Pass rates", "",
             "| folder | passed | failed | n.a. | pass rate (of applicable) |", "| --- | ---: | ---: | ---: | ---: |"]
    for name, counts in summary.items():
        rate = f"{counts['rate']:.1f}%" if counts["rate"] is not None else "—"
        lines.append(f"| {name} | {counts['passed']} | {counts['failed']} | {counts['na']} | {rate} |")
    total = {key: sum(c[key] for c in summary.values()) for key in ("passed", "failed", "na")}
    lines += ["", f"Total: {total['passed']} passed, {total['failed']} failed, {total['na']} n.a.", "",
              "### Fields newsgen does not model (cases needing them are n.a.)", "",
              "| field | feedparser keys | cases | why |", "| --- | --- | ---: | --- |"]
    for name, reason in NOT_MODELLED.items():
        count = sum(case.outcome == "n.a." and f"({name})" in case.reason for case in cases)
        keys = ", ".join(f"`{key}`" for key in NOT_MODELLED_KEYS[name])
        lines.append(f"| {name} | {keys} | {count} | {reason} |")
    lines += ["", "### Failing cases", ""]
    for _, name in FOLDERS:
        failing = [case for case in cases if case.folder == name and case.outcome == "failed"]
        if name not in summary:
            continue
        lines.append(f"#### {name} ({len(failing)} failing)")
        lines.append("")
        if not failing:
            lines.append("None.")
        for case in failing:
            expect = case.expect.replace("`", "'")
            # The corpus's file: URLs differ between machines; the page shows them relative to it.
            produced = (case.produced or case.reason).replace(corpus.resolve().as_uri() + "/", "file:///…/feedparser-tests/")
            produced = produced.replace(str(corpus.resolve()) + "/", "…/feedparser-tests/").replace("`", "'")
            if len(produced) > 300:
                produced = produced[:297] + "..."
            lines.append(f"- `{case.relative}`: `{expect}` — newsgen: `{produced}`")
            lines.append(f"  - Reason: {reasons.get(case.relative, 'TODO')}")
        lines.append("")
    lines.append(GENERATED_END)
    block = "\n".join(lines)
    if GENERATED_BEGIN in existing and GENERATED_END in existing:
        head = existing.split(GENERATED_BEGIN)[0]
        tail = existing.split(GENERATED_END, 1)[1]
        text = head + block + tail
    else:
        text = (existing.rstrip() + "\n\n" if existing else "# Conformance\n\n") + block + "\n"
    DOCS.write_text(text)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Evaluate feedparser's test expectations against newsgen inspect.")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="the feedparser-tests folder")
    parser.add_argument("--binary", type=Path, default=Path(os.environ.get("NEWSGEN_BIN", DEFAULT_BINARY)),
                        help="the newsgen binary (default: .build/debug/newsgen or $NEWSGEN_BIN)")
    parser.add_argument("--folder", action="append", metavar="NAME",
                        help="run only this folder (rss, atom10, …); repeatable")
    parser.add_argument("--list-failures", metavar="FOLDER", help="print every failing case of FOLDER")
    parser.add_argument("--list-na", metavar="FOLDER", help="print every n.a. case of FOLDER")
    parser.add_argument("--case", metavar="PATH", help="run one case (path relative to the corpus) and show it")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every case's result to FILE")
    parser.add_argument("--check", action="store_true", help="exit 1 when a folder's pass rate is below baseline.json")
    parser.add_argument("--record", action="store_true", help="rewrite baseline.json and docs/conformance.md's list")
    parser.add_argument("--baseline", type=Path, default=BASELINE, help="the baseline file (default: %(default)s)")
    parser.add_argument("--workers", type=int, default=2, help="parallel newsgen processes (default 2)")
    args = parser.parse_args(argv)

    names = {name for _, name in FOLDERS}
    for chosen in (args.folder or []) + ([args.list_failures] if args.list_failures else []) + (
            [args.list_na] if args.list_na else []):
        if chosen not in names:
            parser.error(f"unknown folder '{chosen}' (one of: {', '.join(name for _, name in FOLDERS)})")
    if not args.corpus.is_dir():
        print(f"conformance: skipped, the feedparser corpus is not at {args.corpus} (it lives in ../shared/corpora)")
        return 0
    if not args.binary.is_file():
        print(f"conformance: {args.binary} does not exist; build it first (make conformance does)", file=sys.stderr)
        return 2
    if args.record and (args.folder or args.case):
        parser.error("--record needs the whole corpus (no --folder or --case)")

    only = set(args.folder or [])
    if args.list_failures and not args.folder:
        only = {args.list_failures}
    if args.list_na and not args.folder:
        only |= {args.list_na}
    cases = discover(args.corpus, only or None)
    if args.case:
        cases = [case for case in cases if case.relative == args.case]
        if not cases:
            parser.error(f"no case {args.case} in the chosen folders")
    started = time.monotonic()
    run_cases(cases, args.binary, args.workers)
    elapsed = time.monotonic() - started

    if args.case:
        print_failures(cases, cases[0].folder, cases[0].outcome)
        return 0 if cases[0].outcome != "failed" else 1
    summary = summarize(cases)
    if args.list_failures:
        print_failures(cases, args.list_failures)
    if args.list_na:
        print_failures(cases, args.list_na, "n.a.")
    for name, counts in summary.items():
        print(summary_line(name, counts))
    total = {key: sum(c[key] for c in summary.values()) for key in ("passed", "failed", "na")}
    print(f"({len(cases)} cases in {elapsed:.1f} s)")
    print(f"conformance total: {total['passed']} of {total['passed'] + total['failed']} applicable cases pass, {total['na']} n.a.")

    if args.json:
        args.json.write_text(json.dumps({
            "summary": summary,
            "cases": [{"folder": c.folder, "case": c.relative, "description": c.description, "expect": c.expect,
                       "outcome": c.outcome, "reason": c.reason, "newsgen": c.produced} for c in cases],
        }, indent=2, ensure_ascii=False) + "\n")
    if args.record:
        record_baseline(summary, args.baseline)
        record_docs(cases, summary, args.corpus)
        print(f"recorded {args.baseline} and {DOCS}")
    if args.check:
        drops = check_baseline(summary, args.baseline)
        if drops:
            for drop in drops:
                print(f"conformance dropped: {drop}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
