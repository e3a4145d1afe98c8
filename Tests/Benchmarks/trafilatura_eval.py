"""trafilatura's evaluation set (../shared/corpora/trafilatura-eval) for `make bench-extract`.

newsgen is scored through ONE bulk run, `newsgen extract --list LIST --format text --output DIR`, over
the pages unpacked to a temporary folder (newsgen reads no gzip: zlib is not one of its libraries);
each output file is then scored by the corpus's own score.py, imported from the corpus folder
(`count()`, which normalises with its `norm()`), so the rule a snippet is judged by is the corpus's
and not a copy. trafilatura and readability-lxml are scored by score.py itself
(`score.py --python trafilatura|readability --save FILE`), whose per-page records this module reads.
Every extractor's pages become the same records: {file, tp, fp, tn, fn, status, chars}.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CORPUS = PACKAGE_ROOT.parent / "shared" / "corpora" / "trafilatura-eval"
GNU_TIME = "/usr/bin/time"
# score.py's names for the two anchors, by the names the bench reports them under.
ANCHOR_NAMES = {"trafilatura": "trafilatura", "readability-lxml": "readability"}


class MeasurementFailed(Exception):
    """A tool could not be measured: its reason is the report's."""


def one_core(argv: list[str]) -> list[str]:
    """argv pinned to core 0 with taskset (util-linux); unpinned when taskset is missing."""
    return ["taskset", "-c", "0", *argv] if shutil.which("taskset") else argv


def load_scorer(corpus: Path):
    """The corpus's score.py as a module (it runs nothing when imported)."""
    path = corpus / "score.py"
    if not path.is_file():
        raise MeasurementFailed(f"{path} is missing: the trafilatura-eval corpus lives in ../shared/corpora")
    spec = importlib.util.spec_from_file_location("trafilatura_eval_score", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def expectations(corpus: Path) -> dict:
    with open(corpus / "expectations.json", encoding="utf-8") as handle:
        return json.load(handle)


def present(corpus: Path, scorer, expected: dict) -> list[str]:
    """The pages that have their HTML file, sorted, as score.py scores them (the others are skipped)."""
    return sorted(name for name in expected if scorer.page_path(str(corpus), name))


def unpack(corpus: Path, scorer, names: list[str], folder: Path) -> None:
    """Each page as plain `folder/<name>` (score.py's read_page: gzip or not)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_bytes(scorer.read_page(scorer.page_path(str(corpus), name)))


def list_line(path: Path, url: str) -> str:
    """`PATH<TAB>URL` for `newsgen extract --list`; the URL is left out when it could not stand on the line."""
    if not url or any(character.isspace() for character in url):
        return str(path)
    return f"{path}\t{url}"


def write_list(folder: Path, names: list[str], expected: dict, list_path: Path) -> None:
    """The list of the unpacked pages, each with its URL as its base, as score.py passes `{url}` as `--base`."""
    lines = [list_line(folder / name, expected[name].get("url") or "") for name in names]
    list_path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def output_name(name: str) -> str:
    """The file `newsgen extract --output` writes a page's text to: its name without .html/.htm, then .txt."""
    for suffix in (".html", ".htm"):
        if name.lower().endswith(suffix):
            return name[: -len(suffix)] + ".txt"
    return name + ".txt"


def failure_reasons(stderr: str, folder: Path) -> dict[str, str]:
    """`error: PATH: reason` lines of a bulk run, by the page's file name."""
    reasons = {}
    prefix = f"error: {folder}/"
    for line in stderr.splitlines():
        if line.startswith(prefix) and ": " in line[len(prefix):]:
            name, reason = line[len(prefix):].split(": ", 1)
            reasons[name] = reason
    return reasons


def peak_kb(time_output: str) -> int | None:
    lines = [line for line in time_output.splitlines() if line.strip().isdigit()]
    return int(lines[-1]) if lines else None


def newsgen_bulk(binary: Path, list_path: Path, output: Path, fmt: str = "text") -> dict:
    """One `newsgen extract --list` run on core 0 under GNU time: its wall seconds, peak RSS (KB) and stderr.
    Exit 0 (every page an article) and 1 (some not) are both a measurement; anything else is not."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as times:
        argv = [GNU_TIME, "-f", "%M", "-o", times.name,
                *one_core([str(binary), "extract", "--list", str(list_path), "--format", fmt, "--output", str(output)])]
        started = time.perf_counter()
        process = subprocess.run(argv, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        seconds = time.perf_counter() - started
        if process.returncode not in (0, 1):
            raise MeasurementFailed(f"newsgen extract --list exited {process.returncode}: {process.stderr.strip()[-400:]}")
        peak = peak_kb(Path(times.name).read_text())
    if peak is None:
        raise MeasurementFailed("GNU time gave no peak RSS for newsgen extract --list")
    return {"seconds": seconds, "peakKB": peak, "stderr": process.stderr, "status": process.returncode}


def newsgen_records(scorer, expected: dict, names: list[str], output: Path, reasons: dict[str, str]) -> list[dict]:
    """Each page's counts from its output file (none: an empty extraction, its status the reason newsgen gave)."""
    records = []
    for name in names:
        path = output / output_name(name)
        text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
        tp, fp, tn, fn, _missed, _found = scorer.count(expected[name], text)
        status = "ok" if text.strip() else reasons.get(name, "empty")
        records.append({"file": name, "tp": tp, "fp": fp, "tn": tn, "fn": fn, "status": status, "chars": len(text)})
    return records


def anchor_command(corpus: Path, anchor: str, save: Path) -> list[str]:
    return [sys.executable, str(corpus / "score.py"), "--corpus", str(corpus), "--python", ANCHOR_NAMES[anchor],
            "--save", str(save)]


def anchor_records(corpus: Path, anchors: list[str]) -> dict[str, list[dict]]:
    """score.py --python for each anchor, all at once (quality only: nothing here is timed), and their pages."""
    with tempfile.TemporaryDirectory(prefix="bench-extract-anchors-") as folder:
        running = {}
        for anchor in anchors:
            save = Path(folder) / f"{anchor}.json"
            running[anchor] = (save, subprocess.Popen(anchor_command(corpus, anchor, save), stdin=subprocess.DEVNULL,
                                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                                      env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1")))
        records = {}
        for anchor, (save, process) in running.items():
            _, stderr = process.communicate()
            if process.returncode != 0 or not save.is_file():
                raise MeasurementFailed(f"score.py --python {ANCHOR_NAMES[anchor]} exited {process.returncode}: "
                                        f"{stderr.strip()[-400:]}")
            records[anchor] = json.loads(save.read_text(encoding="utf-8"))["pages"]
    return records


def figures(records: list[dict], expected: dict) -> dict:
    """score.py's summary over the pages (summed counts), and the pages left empty that have `with` snippets."""
    tp, fp, tn, fn = (sum(record[key] for record in records) for key in ("tp", "fp", "tn", "fn"))
    empty = [record["file"] for record in records
             if record["status"] != "ok" and expected.get(record["file"], {}).get("with")]
    return {"pages": len(records), "snippets": tp + fp + tn + fn, "tp": tp, "fp": fp, "tn": tn, "fn": fn,
            "precision": tp / (tp + fp) if tp + fp else 0.0, "recall": tp / (tp + fn) if tp + fn else 0.0,
            "f1": 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 0.0,
            "accuracy": (tp + tn) / (tp + fp + tn + fn) if records else 0.0, "empty": empty}


def empty_where_found(mine: list[dict], theirs: list[dict]) -> list[str]:
    """The pages newsgen left empty or refused where the other extractor found at least one `with` snippet."""
    found = {record["file"] for record in theirs if record["tp"] > 0}
    return [record["file"] for record in mine if record["status"] != "ok" and record["file"] in found]


def worst(records: list[dict], count: int) -> list[dict]:
    """The pages with the most errors (FN + FP), as score.py --list orders them."""
    return sorted(records, key=lambda record: (-(record["fn"] + record["fp"]), -record["fn"], record["file"]))[:count]


def figures_row(name: str, figures_: dict) -> str:
    return (f"| {name} | {figures_['pages']} | {figures_['precision']:.3f} | {figures_['recall']:.3f} | "
            f"**{figures_['f1']:.3f}** | {figures_['accuracy']:.3f} | {len(figures_['empty'])} |")


TABLE_HEAD = ["| extractor | pages | P | R | F1 | accuracy | empty or refused (pages with `with` snippets) |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]


class Prepared:
    """The corpus unpacked once in a temporary folder, with its list for newsgen: what every step reads."""

    def __init__(self, corpus: Path):
        self.corpus = corpus
        self.scorer = load_scorer(corpus)
        self.expected = expectations(corpus)
        self.names = present(corpus, self.scorer, self.expected)
        self.root = Path(tempfile.mkdtemp(prefix="bench-extract-trafilatura-eval-"))
        self.pages = self.root / "pages"
        self.list = self.root / "pages.list"
        unpack(corpus, self.scorer, self.names, self.pages)
        write_list(self.pages, self.names, self.expected, self.list)

    def newsgen(self, binary: Path) -> tuple[list[dict], dict]:
        """newsgen's records from one bulk run, and that run's figures (seconds, peak RSS)."""
        output = self.root / "newsgen-text"
        shutil.rmtree(output, ignore_errors=True)
        run = newsgen_bulk(binary, self.list, output)
        return newsgen_records(self.scorer, self.expected, self.names, output, failure_reasons(run["stderr"], self.pages)), run

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)
