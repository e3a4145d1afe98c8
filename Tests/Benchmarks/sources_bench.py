#!/usr/bin/env python3
"""A site at the sources limit (issue 32, ADR 048): what a build of that many sources costs.

Usage: sources_bench.py --binary NEWSGEN [--sources 10000] [--items 3] [--root /dev/shm/newsgen-sources-bench] [--keep]

Writes a site of N path sources (site.json as `source import` writes it, one object a line), each an RSS
file of K items a month apart, into ROOT (tmpfs), then runs `newsgen build --offline` on it twice under
GNU time: cold (no `.newsgen/`, `public/` or archive) and again with nothing changed. Path sources are
read from disk, so the figures are newsgen's own work for that many sources, without the network (an
online build adds the fetches: N requests at `fetch.concurrency` at a time). Prints wall time, CPU time
and peak RSS of each, the pages written and the largest page of `/sources/`. A benchmark, not a test.
"""
import argparse
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "hugo"))
import compare  # noqa: E402  (GNU time, the machine's description)

EPOCH = "1796083200"  # 2026-12-01T00:00:00Z


def rss(index, items):
    entries = "".join(
        "<item><title>Item %d of feed %d</title><link>https://feed%d.example.org/%d</link>"
        "<guid isPermaLink=\"false\">f%d-%d</guid><pubDate>%s</pubDate><description>Short text %d.</description></item>"
        % (item, index, index, item, index, item, "Mon, %02d %s 2026 10:00:00 GMT" % (1 + index % 28, MONTHS[(index + item) % 11]), item)
        for item in range(items))
    return ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Feed %d</title>'
            "<link>https://feed%d.example.org/</link>%s</channel></rss>" % (index, index, entries))


MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov"]


def write_site(site, sources, items):
    shutil.rmtree(site, ignore_errors=True)
    os.makedirs(os.path.join(site, "feeds"))
    lines = []
    for index in range(sources):
        with open(os.path.join(site, "feeds", "%d.xml" % index), "w") as f:
            f.write(rss(index, items))
        lines.append('    { "id": "feed-%d", "title": "Feed %d", "path": "feeds/%d.xml" }' % (index, index, index))
    config = ('{\n  "version": 1,\n  "title": "Sources at the limit",\n  "baseURL": "https://news.example.org/",\n'
              '  "sources": [\n%s\n  ]\n}\n' % ",\n".join(lines))
    with open(os.path.join(site, "site.json"), "w") as f:
        f.write(config)
    json.loads(config)


def sources_pages(public):
    folder = os.path.join(public, "sources")
    pages = [os.path.join(folder, "index.html")]
    numbered = os.path.join(folder, "page")
    if os.path.isdir(numbered):
        pages += [os.path.join(numbered, name, "index.html") for name in os.listdir(numbered)]
    return [page for page in pages if os.path.exists(page)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--sources", type=int, default=10_000)
    parser.add_argument("--items", type=int, default=3)
    parser.add_argument("--root", default="/dev/shm/newsgen-sources-bench")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    site = os.path.join(args.root, "site")
    binary = os.path.abspath(args.binary)
    write_site(site, args.sources, args.items)
    print("%s sources of %d items each (%s articles), %s" % (format(args.sources, ","), args.items,
                                                          format(args.sources * args.items, ","), compare.machine()))
    try:
        for label in ["cold", "no change"]:
            wall, cpu, peak, printed = compare.timed_with_output([binary, "build", "--site", site, "--offline"])
            summary = [line for line in printed.splitlines() if line.startswith("Built ")]
            print("| %s | %.2f s wall | %.2f s CPU | %d MB peak RSS | %s |" % (label, wall, cpu, peak // 1024,
                                                                             summary[-1] if summary else ""))
        pages = sources_pages(os.path.join(site, "public"))
        largest = max(os.path.getsize(page) for page in pages)
        print("/sources/: %d pages, the largest %d KB" % (len(pages), largest // 1024))
    except compare.Failure as failure:
        sys.exit(str(failure))
    finally:
        if not args.keep:
            shutil.rmtree(args.root, ignore_errors=True)


if __name__ == "__main__":
    main()
