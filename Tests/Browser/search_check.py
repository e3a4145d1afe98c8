#!/usr/bin/env python3
"""Full-text search in headless Chromium, on a real build of a 1,000-article site (issue 18).

Generates the seeded synthetic site (Tests/Benchmarks/hugo/generate.py 1000 --seed 1), puts
a made-up word, "Zwölfquokka", into the last paragraph of one article's body only (not its
title or summary), builds it with the real binary and serves public/ on 127.0.0.1. Then:

1. search.js's tokenizer gives, on every case of Tests/Fixtures/search/tokenizer-cases.json,
   the words SearchTokenizer.swift gives (SearchIndexTests checks the Swift side);
2. typing "zwolfquokka" (no umlaut) finds that one article;
3. a prefix ("laborat") finds articles, and the same letters followed by a space
   (a whole word, no longer a prefix) find none;
4. a common word shows 10 results and "More results" shows 10 more;
4b. that word's postings are split into blocks (ADR 036), and the 20 results shown are the first
   20 of BM25 over all its postings, every block read here in Python;
5. the source filter keeps only that source's articles (checked after 6);
6. the word searched for is in <mark> wherever a snippet shows it, and nothing else is;
7. the page logs no error or CSP refusal;
8. the same site in Polish: search.js's messages are the page's (data-msg-*, issue 19), in the plural
   form CLDR gives each count ("wyników" for 1,000, "wyniki" for 2–4).

Exit 0 when all holds, 1 with the failing step, 2 when the check cannot run.

Usage: search_check.py [BINARY]   (default .build/debug/newsgen)
"""
import glob
import html
import math
import json
import os
import re
import subprocess
import sys
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import headless  # noqa: E402
from bookmark_path_check import StepFailed, by_testid, newsgen, serve  # noqa: E402

WORD = "Zwölfquokka"
TYPED = "zwolfquokka"
PREFIX = "laborat"
COMMON = "people"


def plant_word(feeds):
    """Puts WORD into the last paragraph of the body of one item; returns that item's title."""
    path = os.path.join(feeds, sorted(os.listdir(feeds))[2])
    with open(path, encoding="utf-8") as file:
        text = file.read()
    items = text.split("<item>")
    item = items[5]
    title = html.unescape(re.search(r"<title>(.*?)</title>", item).group(1))
    end = item.rindex("</p>]]></content:encoded>")
    items[5] = item[:end] + " The " + WORD + " was seen." + item[end:]
    if WORD in re.search(r"<description>(.*?)</description>", items[5], re.S).group(1):
        raise StepFailed("setup: the word landed in the summary")
    with open(path, "w", encoding="utf-8") as file:
        file.write("<item>".join(items))
    return title


def wait_for(driver, condition, what, timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise StepFailed("%s: timed out" % what)


def search(driver, query):
    """Types `query` into the box (as a user would, one input event) and waits until search.js has shown it."""
    driver.execute_script(
        "var box = document.getElementById('search-input'); box.value = arguments[0];"
        "box.dispatchEvent(new Event('input', {bubbles: true}));", query)
    wait_for(driver, lambda: driver.execute_script(
        "return document.getElementById('search-results').getAttribute('data-query') === arguments[0]", query),
        "search %r" % query)
    return by_testid(driver, "search-result")


def status(driver):
    return by_testid(driver, "search-status")[0].text.strip()


def best_by_bm25(public, prefix, count):
    """The links of the `count` best docs for `prefix` (as search.js ranks a prefix: the counts of every word it
    begins summed) over every posting, blocks included; and whether any of those words is split in blocks."""
    search = os.path.join(public, "search")
    with open(os.path.join(search, "index.json"), encoding="utf-8") as file:
        manifest = json.load(file)
    found = {}
    split = False
    for path in glob.glob(os.path.join(search, "t", "*.json")):
        with open(path, encoding="utf-8") as file:
            shard = json.load(file)
        for word, entry in shard.items():
            if not word.startswith(prefix):
                continue
            lists = [entry]
            if isinstance(entry, dict):
                split = True
                lists = [entry["p"]]
                for block in range(1, len(entry["b"]) + 1):
                    with open(os.path.join(search, "p", "%s.%d.json" % (entry["f"], block)), encoding="utf-8") as file:
                        lists.append(json.load(file))
            for postings in lists:
                doc = 0
                for i in range(0, len(postings), 3):
                    doc += postings[i]
                    seen = found.setdefault(doc, [0, postings[i + 2]])
                    seen[0] += postings[i + 1]
    average = manifest["averageLength"]
    def score(value):
        tf, code = value
        length = math.pow(2, code / 8) - 1
        return tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / average))
    ranked = sorted(found.items(), key=lambda item: (-score(item[1]), -item[0]))[:count]
    links = []
    for doc, _ in ranked:
        with open(os.path.join(search, "m", "%d.json" % (doc // manifest["chunkSize"])), encoding="utf-8") as file:
            links.append(json.load(file)[doc % manifest["chunkSize"]][1])
    return links, split


def check(driver, origin, title, public):
    step = "page"
    driver.get(origin + "/search/")
    wait_for(driver, lambda: status(driver).startswith("Type words"), "%s: the index did not load (%s)" % (step, status(driver)))

    step = "tokenizer"
    with open(os.path.join(ROOT, "Tests", "Fixtures", "search", "tokenizer-cases.json"), encoding="utf-8") as file:
        cases = json.load(file)
    for case in cases:
        words = driver.execute_script("return window.newsgenSearchTokenize(arguments[0])", case["text"])
        if words != case["words"]:
            raise StepFailed("%s: %r gave %r, expected %r" % (step, case["text"], words, case["words"]))
    print("  tokenizer: %d cases as in Swift" % len(cases))

    step = "a word of one article's body"
    found = search(driver, TYPED)
    titles = [row.find_element("css selector", "[data-testid=search-result-link]").text for row in found]
    if titles != [title]:
        raise StepFailed("%s: %r found %r, expected [%r]" % (step, TYPED, titles, title))
    print("  %r found the one article with %r in its body: %r" % (TYPED, WORD, title))

    step = "prefix"
    found = search(driver, PREFIX)
    if not found:
        raise StepFailed("%s: %r found nothing (%s)" % (step, PREFIX, status(driver)))
    shown = status(driver)
    whole = search(driver, PREFIX + " ")
    if whole or not status(driver).startswith("No results"):
        raise StepFailed("%s: %r (a whole word) found %d" % (step, PREFIX + " ", len(whole)))
    print("  prefix %r: %s; as a whole word: none" % (PREFIX, shown))

    step = "paging"
    found = search(driver, COMMON)
    before = status(driver)
    if len(found) != 10 or "10 shown" not in before:
        raise StepFailed("%s: %r shows %d rows (%s), expected 10" % (step, COMMON, len(found), before))
    by_testid(driver, "search-more")[0].click()
    wait_for(driver, lambda: len(by_testid(driver, "search-result")) == 20, "%s: More results" % step)
    print("  %r: %s, then 20 after More results" % (COMMON, before))

    step = "blocks"
    expected, split = best_by_bm25(public, COMMON, 20)
    if not split:
        raise StepFailed("%s: %r is not split into blocks: the check no longer covers them" % (step, COMMON))
    shown = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('[data-testid=search-result-link]'), function (a) { return a.href; })")
    wanted = [urllib.parse.urljoin(origin + "/search/", link) for link in expected]
    if shown != wanted:
        raise StepFailed("%s: %r shows %r, BM25 over every block gives %r" % (step, COMMON, shown, wanted))
    print("  %r: the 20 shown are BM25's first 20 over every block" % COMMON)

    step = "marks"
    # The query's words are marked in the snippet and in the title, nothing else.
    rows = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('[data-testid=search-result]'), function (row) {"
        " return ['.search-snippet', '.row-title'].map(function (selector) { var p = row.querySelector(selector);"
        " return [p ? p.textContent : '', Array.prototype.map.call(p ? p.querySelectorAll('mark') : [], function (m) { return m.textContent; })]; }); })")
    marked = {"snippet": 0, "title": 0}
    for parts in rows:
        for (text, marks), part in zip(parts, ("snippet", "title")):
            expected = re.findall(r"\b%s\b" % COMMON, text, re.IGNORECASE)
            if [mark.lower() for mark in marks] != [word.lower() for word in expected]:
                raise StepFailed("%s: a %s with %d %r marks %r: %r" % (step, part, len(expected), COMMON, marks, text))
            marked[part] += 1 if marks else 0
    if not marked["snippet"]:
        raise StepFailed("%s: none of %d snippets shows %r" % (step, len(rows), COMMON))
    print("  %r marked in %d of %d snippets and %d titles, nothing else marked" % (COMMON, marked["snippet"], len(rows), marked["title"]))

    step = "source filter"
    from selenium.webdriver.support.ui import Select
    select = Select(by_testid(driver, "search-source")[0])
    option = select.options[1]
    source = option.text.rsplit(" (", 1)[0]
    select.select_by_index(1)
    wait_for(driver, lambda: status(driver) != before, "%s: the results did not change" % step)
    found = search(driver, COMMON + " ")
    sources = {row.find_element("css selector", ".meta-source").text for row in found}
    if not found or sources != {source}:
        raise StepFailed("%s: %r in %r shows sources %r" % (step, COMMON, source, sorted(sources)))
    print("  %r filtered to %r: %s" % (COMMON, source, status(driver)))

    step = "meta"
    # A result's source and date read as a row's do: CSS puts " ·" after the source, the markup the space after it.
    meta = found[0].find_element("css selector", ".meta")
    source_text = meta.find_element("css selector", ".meta-source").get_attribute("textContent")
    date_text = meta.find_element("css selector", ".meta-date").get_attribute("textContent")
    if meta.get_attribute("textContent") != source_text + " " + date_text:
        raise StepFailed("%s: %r runs the source into the date" % (step, meta.get_attribute("textContent")))

    step = "title marks"
    Select(by_testid(driver, "search-source")[0]).select_by_index(0)
    titled = search(driver, "council ")
    title_marks = [mark.text for row in titled[:3] for mark in row.find_elements("css selector", ".row-title mark")]
    if not title_marks or any(mark.lower() != "council" for mark in title_marks):
        raise StepFailed("%s: the first results for 'council' mark %r in their titles" % (step, title_marks))
    print("  'council' marked in result titles: %r" % title_marks[:3])

    step = "console"
    # The site has no favicon; Chromium asks for one anyway.
    problems = [entry["message"] for entry in driver.get_log("browser")
                if entry.get("level") == "SEVERE" and "/favicon.ico" not in entry["message"]]
    if problems:
        raise StepFailed("%s: %s" % (step, problems[0]))


def check_language(driver, origin, site, binary):
    """Step 8: the site rebuilt with site.language "pl"; the status line speaks Polish."""
    step = "Polish"
    config_path = os.path.join(site, "site.json")
    with open(config_path, encoding="utf-8") as file:
        config = json.load(file)
    config["language"] = "pl"
    with open(config_path, "w", encoding="utf-8") as file:
        json.dump(config, file)
    newsgen(binary, site, "build", "--offline", "--quiet")
    driver.get(origin + "/search/?rebuilt")  # another URL than step 1's, so no cached English page is shown
    wait_for(driver, lambda: status(driver).startswith("Wpisz słowa, aby przeszukać 1000 artykułów"),
             "%s: the index did not load (%s)" % (step, status(driver)))
    search(driver, COMMON)
    common = status(driver)
    if not re.fullmatch(r"1\s?000 wyników, pokazano 10\.", common):
        raise StepFailed("%s: %r says %r" % (step, COMMON, common))
    search(driver, TYPED)
    if status(driver) != "1 wynik":
        raise StepFailed("%s: %r says %r" % (step, TYPED, status(driver)))
    search(driver, PREFIX + " ")
    if status(driver) != "Brak wyników dla „%s”." % PREFIX:
        raise StepFailed("%s: a word with no results says %r" % (step, status(driver)))
    print("  in Polish: %r; %r; no results: %r" % (common, "1 wynik", status(driver)))


def main():
    parser = headless.argument_parser(__doc__)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    def run(session):
        out = os.path.join(session.temp, "generated")
        subprocess.run([sys.executable, os.path.join(ROOT, "Tests", "Benchmarks", "hugo", "generate.py"), "1000", out,
                        "--seed", "1"], check=True, capture_output=True)
        site = os.path.join(out, "newsgen")
        title = plant_word(os.path.join(site, "feeds"))
        newsgen(binary, site, "build", "--offline", "--quiet")
        session.server = serve(os.path.join(site, "public"))
        session.driver = headless.start_chromium(args.chromium, args.chromedriver, os.path.join(session.temp, "profile"))
        print("search check: 1,000 articles; tokenizer, a body-only word, a prefix, paging, a filter")
        origin = "http://127.0.0.1:%d" % session.server.server_address[1]
        check(session.driver, origin, title, os.path.join(site, "public"))
        check_language(session.driver, origin, site, binary)
        print("search check: passed")

    return headless.run_check("search check", "newsgen-search-check-", run)

if __name__ == "__main__":
    sys.exit(main())
