#!/usr/bin/env python3
"""How ADR 064's thresholds were chosen: on Readability's test pages, each page's `excerpt`
(its og:description or first paragraph, what a feed's summary usually is) is compared with the
page's own article text (expected.html: a page that is right) and with 12 other pages' texts (a
page whose extractor took another block). Prints, for each rule, how many right pages it would
call "different" (the feed kept over a right page) and how many wrong ones it would miss.

Words as `TextOverlap.words` makes them: runs of letters and digits, lowercased; each Han or
kana character a word. Usage: feed_page_overlap.py ../shared/corpora/readability-test-pages
"""
import html, json, os, random, re, sys


def text(markup):
    markup = re.sub(r"(?is)<(script|style)[^>]*>.*?</\1>", " ", markup)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def spaceless(c):
    o = ord(c)
    return 0x3040 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF


def words(s):
    out, cur = [], []
    for c in s:
        if spaceless(c):
            if cur: out.append("".join(cur).lower()); cur = []
            out.append(c)
        elif c.isalnum():
            cur.append(c)
        elif cur:
            out.append("".join(cur).lower()); cur = []
    if cur: out.append("".join(cur).lower())
    return out


def shared(first, second, n):
    if not first: return 1.0
    n = min(n, len(first))
    runs = lambda w: {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}
    a = runs(first)
    return len(a & runs(second)) / len(a)


def main(root):
    pages = []
    for name in sorted(os.listdir(root)):
        meta = os.path.join(root, name, "expected-metadata.json")
        if not os.path.exists(meta): continue
        excerpt = json.load(open(meta)).get("excerpt") or ""
        pages.append((name, words(excerpt), words(text(open(os.path.join(root, name, "expected.html")).read()))))
    rules = {
        "pairs < 0.2": lambda f, p: shared(f, p, 2) < 0.2,
        "words < 0.3": lambda f, p: shared(f, p, 1) < 0.3,
        "pairs < 0.2 and words < 0.5 (ADR 064)": lambda f, p: shared(f, p, 2) < 0.2 and shared(f, p, 1) < 0.5,
    }
    for least in (12, 20):
        chosen = [page for page in pages if len(page[1]) >= least]
        rnd = random.Random(1)
        wrong = []
        for i, (_, feed, _) in enumerate(chosen):
            for j in rnd.sample(range(len(chosen)), 12):
                other = chosen[j][2]
                # Pages that are versions of one article are no wrong pair.
                overlap = len(set(chosen[i][2]) & set(other)) / max(1, len(set(chosen[i][2]) | set(other)))
                if j != i and overlap < 0.3: wrong.append((feed, other))
        print(f"feed texts of {least} words or more: {len(chosen)} right pages, {len(wrong)} wrong pairs")
        for label, different in rules.items():
            flagged = [name for name, feed, page in chosen if different(feed, page)]
            missed = sum(not different(feed, page) for feed, page in wrong)
            print(f"  {label}: {len(flagged)} right pages called different {flagged}; {missed} wrong pairs missed")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/corpora/readability-test-pages")
