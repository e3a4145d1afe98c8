#!/usr/bin/env python3
"""Readability conformance for `newsgen extract` (full-text extraction, issue 17).

Runs an extractor on every page of Mozilla Readability's test corpus
(../shared/corpora/readability-test-pages/<name>/{source.html, expected.html,
expected-metadata.json}), as if each page had been fetched from
http://fakehost/test/page.html, and scores what it extracted against
expected.html by words: 4-token shingles of the visible text, precision,
recall and F1 (docs/conformance.md, "Full-text extraction").

    python3 Tests/Conformance/readability_conformance.py                 # newsgen, a table
    ... --extractor newsgen,trafilatura,readability-lxml                  # side by side
    ... --worst 10                                                        # the ten worst pages
    ... --list-page ars-1                                                 # one page's diff summary
    ... --check                                                           # exit 1 below the baseline
    ... --record                                                          # rewrite the baseline

The newsgen path needs only the standard library (`make test` needs no pip);
trafilatura and readability-lxml come from `make extract-anchors`.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import difflib
import html.parser
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CORPUS = PACKAGE_ROOT.parent / "shared" / "corpora" / "readability-test-pages"
DEFAULT_BINARY = PACKAGE_ROOT / ".build" / "debug" / "newsgen"
BASELINE = Path(__file__).resolve().parent / "readability_baseline.json"
CORPUS_NAME = "readability-test-pages (mozilla/readability ab4027a)"
# Where the corpus's pages were fetched from: relative URLs resolve against it.
PAGE_URL = "http://fakehost/test/page.html"
EXTRACTORS = ("newsgen", "trafilatura", "readability-lxml")
METADATA_FIELDS = ("title", "byline", "excerpt", "publishedTime")
SHINGLE_SIZE = 4
# One page's extraction may take this long before it counts as nothing extracted.
PAGE_TIMEOUT_SECONDS = 60

# --- the metric ----------------------------------------------------------------------------------

# Elements whose content is not text a reader sees.
HIDDEN_ELEMENTS = {"script", "style", "template", "noscript"}
# Elements that end a run of text: words on either side of them are different words.
BLOCK_ELEMENTS = {
    "address", "article", "aside", "blockquote", "body", "br", "caption", "dd", "details", "dialog", "div",
    "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
    "header", "hgroup", "hr", "html", "img", "li", "main", "nav", "ol", "option", "p", "pre", "section",
    "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
}


class _VisibleText(html.parser.HTMLParser):
    """Collects the text of an HTML fragment or document, hidden elements left out."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in HIDDEN_ELEMENTS:
            self.hidden += 1
        elif tag in BLOCK_ELEMENTS and not self.hidden:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in HIDDEN_ELEMENTS:
            self.hidden = max(0, self.hidden - 1)
        elif tag in BLOCK_ELEMENTS and not self.hidden:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.hidden:
            # A newline in the source is a space; only block elements end a line.
            self.parts.append(data.replace("\n", " "))


def visible_text(markup: str | None) -> str:
    """The text a reader sees in `markup`: one line per block, runs of whitespace collapsed.
    The one function that turns both the extractor's HTML and expected.html into text."""
    if not markup:
        return ""
    parser = _VisibleText()
    parser.feed(markup)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.parts).split("\n"))
    return "\n".join(line for line in lines if line)


def tokens(text: str) -> list[str]:
    """Words of `text` (Unicode \\w runs), case kept."""
    return re.findall(r"\w+", text)


def shingles(words: list[str], size: int = SHINGLE_SIZE) -> collections.Counter:
    """Every run of `size` consecutive words, counted. A text shorter than `size` words
    (but not empty) is one shingle of all its words, so that it still counts."""
    if not words:
        return collections.Counter()
    if len(words) < size:
        return collections.Counter([tuple(words)])
    return collections.Counter(tuple(words[i:i + size]) for i in range(len(words) - size + 1))


def precision_recall(actual: collections.Counter, expected: collections.Counter) -> tuple[float, float]:
    """Per page: precision |A∩E|/|A| and recall |A∩E|/|E| over shingle multisets.
    Both empty: (1, 1), nothing was wanted and nothing came. Nothing extracted from a page
    with text: (0, 0), a miss must not look precise. Text extracted from a page whose
    expected article is empty: (0, 1), all of it is noise (such pages are not scored,
    see `scored_pages`, but the rule is defined)."""
    size_a, size_e = sum(actual.values()), sum(expected.values())
    if size_a == 0 and size_e == 0:
        return 1.0, 1.0
    if size_a == 0:
        return 0.0, 0.0
    if size_e == 0:
        return 0.0, 1.0
    common = sum((actual & expected).values())
    return common / size_a, common / size_e


def f1(precision: float, recall: float) -> float:
    """The harmonic mean; 0 when both are 0."""
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def normalise(value) -> str | None:
    """A metadata value for comparison: runs of Unicode whitespace collapsed to one space,
    ends stripped; None and non-strings (and empty strings) as None."""
    if not isinstance(value, str):
        return None
    collapsed = " ".join(value.split())
    return collapsed or None


# --- the corpus ----------------------------------------------------------------------------------


@dataclass
class Page:
    """One page of the corpus with what it should extract to."""

    name: str
    folder: Path
    metadata: dict
    expected_text: str = ""

    @property
    def source(self) -> Path:
        return self.folder / "source.html"

    @property
    def readerable(self) -> bool:
        return bool(self.metadata.get("readerable"))


def read_text(path: Path) -> str:
    return path.read_bytes().decode("utf-8", errors="replace")


def discover(corpus: Path, only: set[str] | None = None) -> list[Page]:
    """Every page folder of the corpus (sorted by name), with its expected text."""
    pages = []
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir()):
        if only is not None and folder.name not in only:
            continue
        if not (folder / "source.html").is_file():
            continue
        metadata_file = folder / "expected-metadata.json"
        metadata = json.loads(read_text(metadata_file)) if metadata_file.is_file() else {}
        expected = folder / "expected.html"
        page = Page(folder.name, folder, metadata, visible_text(read_text(expected)) if expected.is_file() else "")
        pages.append(page)
    return pages


# --- extractors ----------------------------------------------------------------------------------


@dataclass
class Extraction:
    """What one extractor made of one page. `html` is scored when present, else `text`."""

    html: str | None = None
    text: str | None = None
    metadata: dict = field(default_factory=dict)
    readerable: bool | None = None
    error: str | None = None
    ms: float = 0.0

    def visible(self) -> str:
        if self.html is not None:
            return visible_text(self.html)
        return " ".join((self.text or "").split())


def newsgen_extraction(document: dict | None, returncode: int, stderr: str) -> Extraction:
    """An Extraction from `newsgen extract --format json`'s object (exit 0, or 1 when nothing
    was found); anything else is an error with newsgen's own words."""
    if document is None or not isinstance(document, dict):
        reason = stderr.strip().splitlines()[-1] if stderr.strip() else f"exit {returncode}, no JSON"
        return Extraction(error=reason)
    readerable = document.get("readerable")
    extraction = Extraction(html=document.get("html"), text=document.get("text"),
                            metadata={key: document.get(key) for key in METADATA_FIELDS},
                            readerable=readerable if isinstance(readerable, bool) else None)
    if not document.get("found"):
        extraction.error = document.get("reason") or "nothing found"
        extraction.html = extraction.text = None
    elif returncode not in (0,):
        extraction.error = f"found, but exit {returncode}"
    return extraction


def run_newsgen(binary: Path, page: Page) -> Extraction:
    """`newsgen extract SOURCE --base PAGE_URL --format json`, timed (wall, process start included)."""
    started = time.perf_counter()
    try:
        process = subprocess.run([str(binary), "extract", str(page.source), "--base", PAGE_URL, "--format", "json"],
                                 capture_output=True, timeout=PAGE_TIMEOUT_SECONDS, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return Extraction(error=f"timed out after {PAGE_TIMEOUT_SECONDS} s", ms=PAGE_TIMEOUT_SECONDS * 1000.0)
    elapsed = (time.perf_counter() - started) * 1000.0
    stderr = process.stderr.decode("utf-8", errors="replace")
    document = None
    if process.returncode in (0, 1):
        try:
            document = json.loads(process.stdout.decode("utf-8", errors="replace"))
        except json.JSONDecodeError as error:
            stderr += f"\nprinted invalid JSON ({error})"
    else:
        stderr += f"\nexit {process.returncode}"
    extraction = newsgen_extraction(document, process.returncode, stderr)
    extraction.ms = elapsed
    return extraction


class MissingPackage(RuntimeError):
    """A Python anchor's package is not installed."""


def trafilatura_extractor(output_format: str = "html"):
    """trafilatura 2.3.1 as an extractor of one page's HTML text. Settings: `include_comments=False`
    (a reader view leaves comments out, and so does expected.html), `include_tables=True`
    (articles' tables are content), `include_images=True` and `include_formatting=True` (only
    matter for the html output, which keeps figures' captions and headings as blocks),
    `include_links=False`, no precision/recall bias, the page's URL for relative links.
    Metadata from `extract_metadata` (title, author, description, date), outside the timing."""
    try:
        import trafilatura  # noqa: PLC0415 (optional: only this extractor needs it)
    except ImportError as error:
        raise MissingPackage(f"trafilatura is not installed ({error}); make extract-anchors installs it") from None

    def extract(markup: str) -> Extraction:
        started = time.perf_counter()
        result = trafilatura.extract(markup, url=PAGE_URL, output_format=output_format, include_comments=False,
                                     include_tables=True, include_images=True, include_formatting=True,
                                     include_links=False)
        elapsed = (time.perf_counter() - started) * 1000.0
        meta = trafilatura.extract_metadata(markup, default_url=PAGE_URL)
        metadata = {"title": meta.title, "byline": meta.author, "excerpt": meta.description,
                    "publishedTime": meta.date} if meta is not None else {}
        extraction = Extraction(metadata=metadata, ms=elapsed)
        if result is None:
            extraction.error = "trafilatura extracted nothing"
        elif output_format == "html":
            extraction.html = result
        else:
            extraction.text = result
        return extraction

    return extract


def readability_lxml_extractor():
    """readability-lxml 0.9 as an extractor: `Document(html, url=PAGE_URL).summary(html_partial=True)`,
    title from `.short_title()` (cut at " | ", " - " and the like, as Readability.js does: it
    matches 95 of the 130 expected titles, `.title()` 60). No byline, excerpt or date."""
    try:
        from readability import Document  # noqa: PLC0415 (optional: only this extractor needs it)
    except ImportError as error:
        raise MissingPackage(f"readability-lxml is not installed ({error}); make extract-anchors installs it") from None

    def extract(markup: str) -> Extraction:
        started = time.perf_counter()
        try:
            document = Document(markup, url=PAGE_URL)
            summary = document.summary(html_partial=True)
            title = document.short_title()
        except Exception as error:  # noqa: BLE001 (any failure of the library is this page's miss)
            return Extraction(error=f"readability-lxml failed: {type(error).__name__}: {error}",
                              ms=(time.perf_counter() - started) * 1000.0)
        return Extraction(html=summary, metadata={"title": title}, ms=(time.perf_counter() - started) * 1000.0)

    return extract


def python_extractor(name: str, trafilatura_format: str = "html"):
    """The in-process extract(markup) -> Extraction of a Python anchor, by name."""
    if name == "trafilatura":
        return trafilatura_extractor(trafilatura_format)
    if name == "readability-lxml":
        return readability_lxml_extractor()
    raise ValueError(f"not a Python extractor: {name}")


def run_extractor(name: str, pages: list[Page], binary: Path, workers: int,
                  trafilatura_format: str = "html") -> list[Extraction]:
    """One Extraction per page, in page order. newsgen runs `workers` processes at a time;
    the Python anchors run in this process, one page after another (their timings are theirs)."""
    if name == "newsgen":
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            return list(pool.map(lambda page: run_newsgen(binary, page), pages))
    extract = python_extractor(name, trafilatura_format)
    return [extract(read_text(page.source)) for page in pages]


# --- scoring -------------------------------------------------------------------------------------


@dataclass
class PageScore:
    """One page's precision and recall for one extractor, with what they came from."""

    name: str
    precision: float
    recall: float
    readerable: bool
    error: str | None = None

    @property
    def f1(self) -> float:
        return f1(self.precision, self.recall)


def scored_pages(pages: list[Page]) -> list[Page]:
    """The pages that count for text: those whose expected article has text. Pages whose
    expected.html has no words would only reward extracting nothing; they are left out."""
    return [page for page in pages if tokens(page.expected_text)]


def score_page(page: Page, extraction: Extraction) -> PageScore:
    expected = shingles(tokens(page.expected_text))
    actual = shingles(tokens(extraction.visible()))
    precision, recall = precision_recall(actual, expected)
    return PageScore(page.name, precision, recall, page.readerable, extraction.error)


def text_figures(scores: list[PageScore]) -> dict:
    """Precision and recall averaged over the pages, F1 of the two averages."""
    if not scores:
        return {"pages": 0, "precision": None, "recall": None, "f1": None}
    precision = sum(s.precision for s in scores) / len(scores)
    recall = sum(s.recall for s in scores) / len(scores)
    return {"pages": len(scores), "precision": precision, "recall": recall, "f1": f1(precision, recall)}


def metadata_figures(pages: list[Page], extractions: list[Extraction]) -> dict:
    """Per field: exact matches (after `normalise`) over the pages whose expected value is not
    null (`rate`), and how often a null expected came back null (`nullRate`); `overall` is
    every match over every non-null expected value of the four fields."""
    figures, matched_all, wanted_all = {}, 0, 0
    for name in METADATA_FIELDS:
        matched = wanted = null_kept = nulls = 0
        for page, extraction in zip(pages, extractions):
            expected, actual = normalise(page.metadata.get(name)), normalise(extraction.metadata.get(name))
            if expected is None:
                nulls += 1
                null_kept += actual is None
            else:
                wanted += 1
                matched += actual == expected
        figures[name] = {"matched": matched, "of": wanted, "rate": matched / wanted if wanted else None,
                         "nullKept": null_kept, "nulls": nulls, "nullRate": null_kept / nulls if nulls else None}
        matched_all, wanted_all = matched_all + matched, wanted_all + wanted
    figures["overall"] = {"matched": matched_all, "of": wanted_all,
                          "rate": matched_all / wanted_all if wanted_all else None}
    return figures


def readerable_agreement(pages: list[Page], extractions: list[Extraction]) -> dict:
    """How often the extractor's `readerable` equals the page's flag (a missing answer disagrees)."""
    answered = [(page, e) for page, e in zip(pages, extractions) if e.readerable is not None]
    if not answered:
        return {"agree": 0, "of": len(pages), "rate": None}
    agree = sum(page.readerable == e.readerable for page, e in zip(pages, extractions))
    return {"agree": agree, "of": len(pages), "rate": agree / len(pages) if pages else None}


def evaluate(pages: list[Page], extractions: list[Extraction]) -> dict:
    """Every figure of one extractor over `pages`: text on all scored pages and on the readerable
    ones, metadata, readerable agreement, time per page; and the per-page scores."""
    chosen = [(page, e) for page, e in zip(pages, extractions) if tokens(page.expected_text)]
    scores = [score_page(page, e) for page, e in chosen]
    readerable = [(page, e) for page, e in zip(pages, extractions) if page.readerable]
    times = sorted(e.ms for e in extractions)
    return {
        "all": text_figures(scores) | {"metadata": metadata_figures(pages, extractions)},
        "readerable": text_figures([s for s in scores if s.readerable])
        | {"metadata": metadata_figures([p for p, _ in readerable], [e for _, e in readerable])},
        "readerableAgreement": readerable_agreement(pages, extractions),
        "msPerPage": sum(times) / len(times) if times else None,
        "msPerPageMedian": times[len(times) // 2] if times else None,
        "failures": sum(e.error is not None for e in extractions),
        "scores": scores,
    }


# --- the baseline --------------------------------------------------------------------------------


def baseline_figures(result: dict) -> dict[str, float]:
    """newsgen's figures that --check guards, by dotted name, rounded to 4 decimals (deterministic)."""
    figures = {}
    for subset in ("all", "readerable"):
        for key in ("precision", "recall", "f1"):
            if result[subset][key] is not None:
                figures[f"{subset}.{key}"] = round(result[subset][key], 4)
    for name in METADATA_FIELDS + ("overall",):
        if result["all"]["metadata"][name]["rate"] is not None:
            figures[f"metadata.{name}"] = round(result["all"]["metadata"][name]["rate"], 4)
    if result["readerableAgreement"]["rate"] is not None:
        figures["readerableAgreement"] = round(result["readerableAgreement"]["rate"], 4)
    return figures


def check_baseline(figures: dict[str, float], baseline: Path) -> list[str]:
    """Every recorded figure that is now lower, or missing, as a sentence (empty: all held)."""
    recorded = json.loads(baseline.read_text()).get("figures", {})
    drops = []
    for name, before in sorted(recorded.items()):
        now = figures.get(name)
        if now is None:
            drops.append(f"{name}: missing now (recorded {before:.4f})")
        elif round(now, 4) < round(before, 4):
            drops.append(f"{name}: {now:.4f} is below the recorded {before:.4f}")
    return drops


def record_baseline(figures: dict[str, float], baseline: Path) -> None:
    baseline.write_text(json.dumps({"corpus": CORPUS_NAME, "extractor": "newsgen", "pageURL": PAGE_URL,
                                    "figures": figures}, indent=2, sort_keys=True) + "\n")


# --- reporting -----------------------------------------------------------------------------------


def percent(value) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def decimal(value) -> str:
    return "—" if value is None else f"{value:.3f}"


def report_table(results: dict[str, dict]) -> list[str]:
    """A Markdown table: one row per extractor and page set."""
    lines = ["| extractor | pages | F1 | P | R | metadata | title | byline | excerpt | published | readerable | ms/page |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for name, result in results.items():
        ms = "—" if result["msPerPage"] is None else f"{result['msPerPage']:.1f}"
        for subset, label in (("all", "all"), ("readerable", "readerable")):
            text = result[subset]
            meta = text["metadata"]
            lines.append(
                f"| {name} | {label} ({text['pages']}) | {decimal(text['f1'])} | {decimal(text['precision'])} | "
                f"{decimal(text['recall'])} | {percent(meta['overall']['rate'])} | {percent(meta['title']['rate'])} | "
                f"{percent(meta['byline']['rate'])} | {percent(meta['excerpt']['rate'])} | "
                f"{percent(meta['publishedTime']['rate'])} | {percent(result['readerableAgreement']['rate'])} | {ms} |")
    return lines


def report_nulls(results: dict[str, dict]) -> list[str]:
    lines = []
    for name, result in results.items():
        parts = [f"{field_name} {m['nullKept']}/{m['nulls']}" for field_name, m in result["all"]["metadata"].items()
                 if field_name != "overall" and m["nulls"]]
        lines.append(f"{name}: null expected came back null: " + ", ".join(parts))
    return lines


def worst_pages(scores: list[PageScore], count: int) -> list[PageScore]:
    """The `count` pages of lowest F1 (then lowest recall, then name: a stable order)."""
    return sorted(scores, key=lambda s: (s.f1, s.recall, s.name))[:count]


def report_worst(name: str, scores: list[PageScore], count: int) -> list[str]:
    lines = [f"{name}: the {min(count, len(scores))} worst pages"]
    for s in worst_pages(scores, count):
        note = f"  ({s.error})" if s.error else ""
        lines.append(f"  {s.name:<40} F1 {s.f1:.3f}  P {s.precision:.3f}  R {s.recall:.3f}{note}")
    return lines


def passages(words: list[str], opcodes, tag_wanted: str, side: str, limit: int = 5, width: int = 160) -> list[str]:
    shown = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag in (tag_wanted, "replace"):
            chunk = words[i1:i2] if side == "a" else words[j1:j2]
            if chunk:
                text = " ".join(chunk)
                shown.append(f"{len(chunk)} words: " + (text if len(text) <= width else text[:width - 1] + "…"))
    shown.sort(key=lambda line: -int(line.split(" ", 1)[0]))
    return shown[:limit]


def page_diff(page: Page, extraction: Extraction) -> list[str]:
    """One page against its expected article: scores, metadata side by side, and the longest
    passages missing from the extraction and extracted beyond it (by words)."""
    score = score_page(page, extraction)
    expected, actual = tokens(page.expected_text), tokens(extraction.visible())
    lines = [f"P {score.precision:.3f}  R {score.recall:.3f}  F1 {score.f1:.3f}  "
             f"({len(actual)} words extracted, {len(expected)} expected)"]
    if extraction.error:
        lines.append(f"error: {extraction.error}")
    if extraction.readerable is not None:
        lines.append(f"readerable: {extraction.readerable} (expected {page.readerable})")
    for name in METADATA_FIELDS:
        want, got = normalise(page.metadata.get(name)), normalise(extraction.metadata.get(name))
        lines.append(f"{name}: {'same' if want == got else 'DIFFERS'}: expected {want!r}, got {got!r}")
    opcodes = difflib.SequenceMatcher(None, expected, actual, autojunk=False).get_opcodes()
    lines.append("missing (expected, not extracted):")
    lines += ["  " + line for line in passages(expected, opcodes, "delete", "a")] or ["  nothing"]
    lines.append("extra (extracted, not expected):")
    lines += ["  " + line for line in passages(actual, opcodes, "insert", "b")] or ["  nothing"]
    return lines


def serialisable(results: dict[str, dict]) -> dict:
    out = {}
    for name, result in results.items():
        copy = {key: value for key, value in result.items() if key != "scores"}
        copy["pages"] = [{"name": s.name, "precision": s.precision, "recall": s.recall, "f1": s.f1,
                          "readerable": s.readerable, "error": s.error} for s in result["scores"]]
        out[name] = copy
    return out


# --- the command ---------------------------------------------------------------------------------


def parse_extractors(text: str) -> list[str]:
    """`newsgen,trafilatura` as a list, each known, none twice."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in EXTRACTORS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown extractor {', '.join(unknown) or '(none)'} "
                                         f"(one or more of: {', '.join(EXTRACTORS)}, comma-separated)")
    return list(dict.fromkeys(names))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Score full-text extractors on Readability's test pages.")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="the readability-test-pages folder")
    parser.add_argument("--extractor", type=parse_extractors, default=["newsgen"],
                        help="comma-separated: newsgen (default), trafilatura, readability-lxml")
    parser.add_argument("--binary", type=Path, default=Path(os.environ.get("NEWSGEN_BIN", DEFAULT_BINARY)),
                        help="the newsgen binary (default: .build/debug/newsgen or $NEWSGEN_BIN)")
    parser.add_argument("--trafilatura-format", choices=("html", "txt"), default="html",
                        help="score trafilatura's html output (default) or its txt output")
    parser.add_argument("--worst", type=int, default=0, metavar="N", help="list each extractor's N worst pages")
    parser.add_argument("--list-page", metavar="NAME", help="run one page and show its diff summary")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every figure and page score to FILE")
    parser.add_argument("--check", action="store_true", help="exit 1 when a newsgen figure is below the baseline")
    parser.add_argument("--record", action="store_true", help="rewrite the baseline with newsgen's figures")
    parser.add_argument("--baseline", type=Path, default=BASELINE, help="the baseline file (default: %(default)s)")
    parser.add_argument("--workers", type=int, default=2, help="parallel newsgen processes (default 2)")
    args = parser.parse_args(argv)

    if (args.check or args.record) and "newsgen" not in args.extractor:
        parser.error("--check and --record are about newsgen: include it in --extractor")
    if args.record and args.list_page:
        parser.error("--record needs the whole corpus (no --list-page)")
    if not args.corpus.is_dir():
        message = f"readability conformance: skipped, the corpus is not at {args.corpus} (it lives in ../shared/corpora)"
        if os.environ.get("CI") == "true":
            print(message.replace("skipped", "FAILED") + "; under CI=true it must be there", file=sys.stderr)
            return 1
        print(message)
        return 0
    if "newsgen" in args.extractor and not args.binary.is_file():
        print(f"readability conformance: {args.binary} does not exist; build it first", file=sys.stderr)
        return 2
    pages = discover(args.corpus, {args.list_page} if args.list_page else None)
    if args.list_page and not pages:
        parser.error(f"no page {args.list_page} in {args.corpus}")

    results, extractions = {}, {}
    started = time.monotonic()
    for name in args.extractor:
        try:
            extractions[name] = run_extractor(name, pages, args.binary, args.workers, args.trafilatura_format)
        except MissingPackage as error:
            print(f"readability conformance: {error}", file=sys.stderr)
            return 2
        results[name] = evaluate(pages, extractions[name])
    elapsed = time.monotonic() - started

    if args.list_page:
        for name in args.extractor:
            print(f"== {args.list_page}: {name}")
            for line in page_diff(pages[0], extractions[name][0]):
                print(line)
        return 0
    print(f"Readability test pages: {len(pages)} ({sum(p.readerable for p in pages)} readerable), "
          f"{len(scored_pages(pages))} with expected text; 4-word shingles; {elapsed:.1f} s")
    for line in report_table(results) + [""] + report_nulls(results):
        print(line)
    if args.worst:
        for name, result in results.items():
            print()
            for line in report_worst(name, result["scores"], args.worst):
                print(line)
    if args.json:
        args.json.write_text(json.dumps(serialisable(results), indent=2, ensure_ascii=False) + "\n")
    if "newsgen" in results:
        failures = results["newsgen"]["failures"]
        if failures:
            print(f"newsgen extracted nothing from {failures} of {len(pages)} pages")
        figures = baseline_figures(results["newsgen"])
        if args.record:
            record_baseline(figures, args.baseline)
            print(f"recorded {args.baseline}")
        if args.check:
            if not args.baseline.exists():
                print(f"readability conformance: no baseline at {args.baseline} yet (--record writes it)")
                return 0
            drops = check_baseline(figures, args.baseline)
            if drops:
                for drop in drops:
                    print(f"readability conformance dropped: {drop}", file=sys.stderr)
                return 1
            print("readability conformance: every figure at or above the baseline")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
