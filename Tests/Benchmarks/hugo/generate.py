#!/usr/bin/env python3
"""A seeded synthetic news archive, written twice: as a newsgen site and as a Hugo site.

Usage: generate.py N OUT [--seed S] [--templates DIR]
       generate.py N OUT --years [--sources 50] [--months 60] [--feed-items 50] [--next-hour 50] --newsgen BINARY

The second form writes the site as it looks after years of hourly builds (issue 18): N articles over
`--sources` feeds and `--months` months ending with November 2026, each feed holding only its newest
`--feed-items` items, and the archive (content/archive/<source>/<YYYY-MM>.jsonl) written by newsgen
itself: BINARY builds the site offline from feeds that hold the items in order, oldest first, 500 a
source at a time, and the feeds are then cut to their newest items (so the archive is exactly what
years of builds would have kept).
`--next-hour K` also writes OUT/next-hour/: K new articles, one per source in turn, dated after the
newest, as the newsgen site's feeds after that hour (next-hour/newsgen/feeds/) and as Hugo posts
(next-hour/hugo/content/posts/): copy either over its site to make "the next hour".

N articles over 20 sources, spread over two years (2024 and 2025, UTC). Sources
s01–s10 are RSS 2.0 files (HTML in content:encoded), s11–s20 Atom 1.0 files
(content type="html"). Every article has a unique title (so newsgen's slug is
exactly the one written into Hugo's front matter), an author, 1–3 tags, a
one-sentence summary and an HTML body of 600–1,500 words in <p>, with some <h2>,
<ul>, <a>, <blockquote> and <img> (https://example.org URLs that need not exist).

Writes
  OUT/newsgen/  site.json (pageSize 20), feeds/sNN.xml, templates/ (a copy of the repository's)
  OUT/hugo/     config.toml (paginate 20, the same title), content/posts/<slug>.md
                (front matter: title, slug, date, author, tags, sources, summary; the same
                HTML body), themes/minimal/ (a copy of this folder's theme/), static/assets/style.css

The same N and seed give the same bytes: no clock, no environment, one random.Random(seed).
"""
import argparse
import datetime
import html
import json
import os
import random
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
SITE_TITLE = "Synthetic Bay News"
BASE_URL = "https://news.example.org/"
PAGE_SIZE = 20
SOURCE_COUNT = 20
START = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
SPAN_SECONDS = 2 * 365 * 24 * 3600
# The long-running site (--years) ends where the sample site's news is: the end of November 2026.
YEARS_END = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)
# Items a source's feed holds in one of the builds that write the long-running site's archive.
SEED_ITEMS = 500

SOURCE_NAMES = [
    "Harbor Gazette", "Valley Science Desk", "Northside Courier", "Metro Transit Watch", "Riverside Chronicle",
    "The Civic Ledger", "Coastal Weather Log", "Market Street Journal", "Hillcrest Herald", "Open Data Bulletin",
    "Eastbank Review", "The Lantern Weekly", "Campus Notes", "Greenway Reporter", "Port Authority News",
    "The Evening Dispatch", "Southfield Tribune", "Library Quarterly", "Harvest Times", "The Morning Signal",
]
FIRST = ["Ada", "Bruno", "Chen", "Dara", "Elif", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kemi", "Lena",
         "Mateo", "Nadia", "Omar", "Priya", "Quinn", "Rosa", "Sami", "Tove", "Uma", "Viktor", "Wen", "Yara", "Zoe"]
LAST = ["Abbott", "Becker", "Costa", "Duarte", "Eriksen", "Fischer", "Garcia", "Haddad", "Ito", "Jensen",
        "Kowalski", "Laurent", "Moreau", "Nakamura", "Okafor", "Petrov", "Quintero", "Rossi", "Silva", "Tanaka",
        "Ueda", "Varga", "Weber", "Yilmaz", "Zimmer"]
TAGS = ["politics", "transport", "housing", "science", "health", "education", "climate", "energy", "water",
        "business", "labour", "technology", "culture", "music", "film", "books", "sport", "football", "cycling",
        "weather", "harbor", "parks", "schools", "courts", "police", "budget", "elections", "council",
        "environment", "wildlife", "farming", "food", "tourism", "festivals", "history", "architecture",
        "planning", "libraries", "museums", "public health", "open data", "research", "space", "ocean",
        "rail", "buses", "roads", "airport", "shipping", "retail", "jobs", "startups", "universities",
        "hospitals", "elderly care", "childcare", "arts", "theatre", "opinion", "analysis"]

NOUNS = ["council", "harbor", "ferry", "budget", "school", "hospital", "bridge", "library", "market", "station",
         "museum", "park", "river", "district", "committee", "plan", "report", "survey", "study", "project",
         "festival", "team", "company", "union", "university", "court", "agency", "storm", "tram line",
         "bus route", "housing scheme", "water supply", "power grid", "port", "airport", "clinic", "theatre",
         "archive", "garden", "railway", "tunnel", "reservoir", "factory", "orchestra", "laboratory"]
ADJECTIVES = ["new", "old", "local", "regional", "public", "private", "small", "large", "delayed", "popular",
              "controversial", "modest", "ambitious", "long-awaited", "revised", "temporary", "independent",
              "northern", "southern", "coastal", "historic", "expensive", "cheaper", "quiet", "busy", "early"]
VERBS_PAST = ["approved", "rejected", "delayed", "announced", "reviewed", "opened", "closed", "funded",
              "questioned", "defended", "expanded", "reduced", "postponed", "welcomed", "criticised",
              "published", "proposed", "completed", "restored", "replaced", "inspected", "measured"]
VERBS_PRESENT = ["expects", "plans", "hopes", "warns", "says", "argues", "believes", "estimates", "reports",
                 "suggests", "insists", "admits", "claims", "notes"]
ROLES = ["a council member", "the project lead", "a local resident", "the head of the agency", "a researcher",
         "a spokesperson for the union", "the director", "a shop owner", "the chair of the committee",
         "an engineer on the site", "a teacher", "the mayor", "a volunteer", "the harbor master"]
TIMES = ["on Monday", "on Tuesday", "on Wednesday", "on Thursday", "on Friday", "last week", "this morning",
         "earlier this year", "after a long debate", "late on Sunday", "at a public meeting",
         "in a statement", "before the summer", "by the end of the month"]
CONNECTORS = ["However,", "Meanwhile,", "In the end,", "For now,", "Even so,", "According to the report,",
              "At the same time,", "By contrast,", "As a result,", "In practice,"]
NUMBERS = ["two", "three", "four", "five", "a dozen", "twenty", "forty", "several hundred", "about a thousand",
           "nearly half of the", "one in five", "most of the"]
QUOTE_ENDINGS = ["we will keep going", "that was not easy", "people noticed", "nobody expected it",
                 "the work is not over", "we learned a lot", "the money ran out", "it took longer than planned"]
HEADINGS = ["What happens next", "The background", "Why it matters", "The numbers", "What residents say",
            "A look at the costs", "The timeline", "Reactions", "What the report found", "Open questions"]
TITLE_OPENERS = ["", "", "", "Analysis: ", "Explainer: ", "Update: ", "Opinion: "]


def slugify(title):
    """newsgen's slug for the plain ASCII titles made here (see Sources/NewsgenModel/Slug.swift)."""
    return re.sub(r"-+", "-", re.sub(r"[^a-z0-9]+", "-", title.lower().replace("'", ""))).strip("-")


class Writer:
    """The random text; every choice comes from one seeded generator."""

    def __init__(self, seed):
        self.r = random.Random(seed)

    def pick(self, items):
        return items[self.r.randrange(len(items))]

    def noun_phrase(self):
        return "the %s %s" % (self.pick(ADJECTIVES), self.pick(NOUNS))

    def sentence(self):
        k = self.r.randrange(8)
        if k == 0:
            text = "%s %s %s %s." % (self.noun_phrase().capitalize(), self.pick(VERBS_PAST), self.noun_phrase(),
                                     self.pick(TIMES))
        elif k == 1:
            text = "%s %s that %s will be %s %s." % (self.noun_phrase().capitalize(), self.pick(VERBS_PRESENT),
                                                     self.noun_phrase(), self.pick(VERBS_PAST), self.pick(TIMES))
        elif k == 2:
            text = '"We %s %s, and %s," said %s %s, %s.' % (
                self.pick(VERBS_PAST), self.noun_phrase(), self.pick(QUOTE_ENDINGS), self.pick(FIRST), self.pick(LAST),
                self.pick(ROLES))
        elif k == 3:
            text = "%s %s people %s %s, up from %s a year earlier." % (
                self.pick(CONNECTORS), self.pick(NUMBERS), self.pick(["visited", "used", "signed up for", "left"]),
                self.noun_phrase(), self.r.randrange(100, 9000))
        elif k == 4:
            text = "%s %s %s, which cost %d million and took %s years to build." % (
                self.pick(CONNECTORS), self.noun_phrase(), self.pick(["remains open", "stays closed",
                                                                       "is under review", "draws crowds"]),
                self.r.randrange(2, 400), self.pick(NUMBERS[:6]))
        elif k == 5:
            text = "Critics say %s and %s were %s without enough consultation." % (
                self.noun_phrase(), self.noun_phrase(), self.pick(VERBS_PAST))
        elif k == 6:
            text = "%s %s %s that the figures %s." % (
                self.pick(FIRST), self.pick(LAST), self.pick(VERBS_PRESENT),
                self.pick(["were rounded up", "look better than expected", "hide a seasonal dip", "are not final"]))
        else:
            text = "The %s of %s is expected to %s %s." % (
                self.pick(["cost", "future", "opening", "design", "second phase"]), self.noun_phrase(),
                self.pick(["change", "slip", "be decided", "be debated again"]), self.pick(TIMES))
        return text

    def paragraph_text(self, sentences):
        return " ".join(self.sentence() for _ in range(sentences))

    def title(self):
        return "%s%s %s %s %s" % (self.pick(TITLE_OPENERS), self.pick(ADJECTIVES).capitalize(),
                                  self.pick(NOUNS), self.pick(VERBS_PAST), self.pick(
                                      ["after vote", "in " + self.pick(["spring", "autumn", "winter", "summer"]),
                                       "despite protests", "for the district", "ahead of schedule",
                                       "over costs", "at last", "for a second time"]))

    def body(self, article_number):
        """The HTML blocks of a body of 600–1,500 words, and its summary (the first sentence)."""
        target = self.r.randrange(600, 1501)
        blocks = []
        words = 0
        summary = None
        images = 0
        while words < target:
            k = self.r.randrange(20)
            if k == 0 and blocks:
                text = self.pick(HEADINGS)
                block = "<h2>%s</h2>" % text
            elif k == 1 and blocks:
                items = [self.sentence() for _ in range(self.r.randrange(3, 6))]
                text = " ".join(items)
                block = "<ul>%s</ul>" % "".join("<li>%s</li>" % html.escape(i, quote=False) for i in items)
            elif k == 2 and blocks:
                text = self.paragraph_text(2)
                block = "<blockquote><p>%s</p></blockquote>" % html.escape(text, quote=False)
            elif k == 3 and blocks and images < 2:
                images += 1
                text = ""  # the alt text is not body text
                block = ('<p><img src="https://example.org/images/%d-%d.jpg" alt="%s" width="800" height="450"></p>'
                         % (article_number, images, html.escape(self.sentence())))
            else:
                text = self.paragraph_text(self.r.randrange(3, 7))
                escaped = html.escape(text, quote=False)
                if self.r.randrange(3) == 0:
                    # A link around the paragraph's first three words.
                    head, _, rest = escaped.partition(" ")
                    second, _, rest = rest.partition(" ")
                    third, _, rest = rest.partition(" ")
                    escaped = '<a href="https://example.org/reports/%d">%s %s %s</a> %s' % (
                        self.r.randrange(1, 100000), head, second, third, rest)
                block = "<p>%s</p>" % escaped
            count = len(text.split())
            if words + count > 1500:
                break  # only past 1,390 words: no block is longer than about 110
            if summary is None and block.startswith("<p>") and text:
                summary = text.split(". ")[0].rstrip(".") + "."
            blocks.append(block)
            words += count
        return blocks, summary


def rfc822(moment):
    return moment.strftime("%a, %d %b %Y %H:%M:%S +0000")


def rfc3339(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def xml_text(text):
    return html.escape(text, quote=True)


def source_name(index):
    """The first 20 names as before; further sources combine a district with a kind of paper."""
    if index < len(SOURCE_NAMES):
        return SOURCE_NAMES[index]
    places = ["Northgate", "Saltmarsh", "Kingsford", "Westerly", "Millbrook", "Ashby", "Fernhill", "Oakport",
              "Brightwater", "Stonebridge", "Larkspur", "Redcliff", "Moorside", "Elmstead", "Seaview"]
    kinds = ["Post", "Observer", "Gazette", "Bulletin", "Record", "Echo", "Mercury", "Times"]
    extra = index - len(SOURCE_NAMES)
    return "The %s %s" % (places[extra % len(places)], kinds[(extra // len(places)) % len(kinds)])


def make_articles(n, seed, sources=None, start=START, span=SPAN_SECONDS):
    sources = sources or SOURCE_COUNT
    writer = Writer(seed)
    offsets = writer.r.sample(range(span), n)  # distinct seconds: a total order by date on both sides
    taken = set()
    articles = []
    for number in range(n):
        while True:
            title = writer.title()
            slug = slugify(title)
            if slug not in taken and len(slug) <= 60:
                break
            title = "%s, part %d" % (title, number)
            slug = slugify(title)
            if slug not in taken and len(slug) <= 60:
                break
        taken.add(slug)
        source = number % sources
        blocks, summary = writer.body(number)
        tags = writer.r.sample(TAGS, writer.r.randrange(1, 4))
        author = "%s %s" % (writer.pick(FIRST), writer.pick(LAST))
        moment = start + datetime.timedelta(seconds=offsets[number])
        articles.append({
            "number": number, "source": source, "title": title, "slug": slug, "blocks": blocks,
            "summary": summary, "tags": tags, "author": author, "date": moment,
        })
    return articles


def source_id(index):
    return "s%02d" % (index + 1)


def write_rss(path, index, items):
    sid = source_id(index)
    out = ['<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" '
           'xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>\n<title>%s</title>\n<link>https://%s.example.org/</link>\n'
           '<description>News from %s</description>\n<language>en</language>\n'
           % (xml_text(source_name(index)), sid, xml_text(source_name(index)))]
    for a in items:
        link = "https://%s.example.org/%s/%s/" % (sid, a["date"].strftime("%Y/%m"), a["slug"])
        out.append("<item>\n<title>%s</title>\n<link>%s</link>\n<guid isPermaLink=\"true\">%s</guid>\n<pubDate>%s</pubDate>\n"
                   "<dc:creator>%s</dc:creator>\n%s<description>%s</description>\n<content:encoded><![CDATA[%s]]></content:encoded>\n</item>\n"
                   % (xml_text(a["title"]), link, link, rfc822(a["date"]), xml_text(a["author"]),
                      "".join("<category>%s</category>\n" % xml_text(t) for t in a["tags"]),
                      xml_text(a["summary"]), "\n".join(a["blocks"])))
    out.append("</channel>\n</rss>\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(out))


def write_atom(path, index, items):
    sid = source_id(index)
    updated = rfc3339(max(a["date"] for a in items)) if items else rfc3339(START)
    out = ['<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">\n'
           '<title>%s</title>\n<id>https://%s.example.org/</id>\n<link rel="alternate" href="https://%s.example.org/"/>\n'
           '<updated>%s</updated>\n' % (xml_text(source_name(index)), sid, sid, updated)]
    for a in items:
        link = "https://%s.example.org/%s/%s/" % (sid, a["date"].strftime("%Y/%m"), a["slug"])
        stamp = rfc3339(a["date"])
        out.append('<entry>\n<title type="text">%s</title>\n<id>tag:%s.example.org,2024:%d</id>\n<link rel="alternate" href="%s"/>\n'
                   '<published>%s</published>\n<updated>%s</updated>\n<author><name>%s</name></author>\n%s'
                   '<summary type="text">%s</summary>\n<content type="html">%s</content>\n</entry>\n'
                   % (xml_text(a["title"]), sid, a["number"], link, stamp, stamp, xml_text(a["author"]),
                      "".join('<category term="%s"/>\n' % xml_text(t) for t in a["tags"]),
                      xml_text(a["summary"]), xml_text("\n".join(a["blocks"]))))
    out.append("</feed>\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(out))


def write_feeds(root, articles, source_count, newest=None):
    """One feed file per source under root/feeds/ (the first half RSS, the rest Atom), newest item first;
    `newest` keeps only that many items of each. Returns site.json's sources."""
    os.makedirs(os.path.join(root, "feeds"), exist_ok=True)
    by_source = [[] for _ in range(source_count)]
    for a in articles:
        by_source[a["source"]].append(a)
    sources = []
    for index, items in enumerate(by_source):
        items.sort(key=lambda a: a["date"], reverse=True)  # feeds list their newest first
        if newest is not None:
            items = items[:newest]
        path = "feeds/%s.xml" % source_id(index)
        (write_rss if index < source_count // 2 else write_atom)(os.path.join(root, path), index, items)
        sources.append({"id": source_id(index), "title": source_name(index), "path": path})
    return sources


def write_site_json(root, sources, extra=None):
    site = {"version": 1, "title": SITE_TITLE, "baseURL": BASE_URL, "language": "en", "timeZone": "UTC",
            "pageSize": PAGE_SIZE, "sources": sources}
    site.update(extra or {})
    with open(os.path.join(root, "site.json"), "w", encoding="utf-8") as f:
        json.dump(site, f, indent=2)
        f.write("\n")


def write_newsgen(root, articles, templates):
    write_site_json(root, write_feeds(root, articles, SOURCE_COUNT))
    shutil.copytree(templates, os.path.join(root, "templates"))


def yaml_string(text):
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid YAML double-quoted scalar


def write_hugo_posts(posts, articles):
    os.makedirs(posts, exist_ok=True)
    for a in articles:
        front = ["---", "title: " + yaml_string(a["title"]), "slug: " + yaml_string(a["slug"]),
                 "date: " + rfc3339(a["date"]), "author: " + yaml_string(a["author"]),
                 "tags: [%s]" % ", ".join(yaml_string(t) for t in a["tags"]),
                 "sources: [%s]" % yaml_string(source_id(a["source"])),
                 "source_title: " + yaml_string(source_name(a["source"])),
                 "summary: " + yaml_string(a["summary"]), "---", ""]
        # One HTML block per line, blank lines between: Goldmark passes each through (renderer.unsafe).
        with open(os.path.join(posts, a["slug"] + ".md"), "w", encoding="utf-8") as f:
            f.write("\n".join(front) + "\n" + "\n\n".join(a["blocks"]) + "\n")


def write_hugo(root, articles, templates, source_count=SOURCE_COUNT):
    write_hugo_posts(os.path.join(root, "content", "posts"), articles)
    # Sources as a taxonomy: its pages are /sources/ and /sources/<id>/, like newsgen's.
    for index in range(source_count):
        term = os.path.join(root, "content", "sources", source_id(index))
        os.makedirs(term)
        with open(os.path.join(term, "_index.md"), "w", encoding="utf-8") as f:
            f.write("---\ntitle: %s\n---\n" % yaml_string(source_name(index)))
    config = """baseURL = "%s"
languageCode = "en"
title = %s
theme = "minimal"
paginate = %d
timeZone = "UTC"
# The /posts/ section list would repeat the home pages, which newsgen does not have; every other default stays.
disableKinds = ["section"]

[permalinks]
  posts = "/articles/:slug/"

[taxonomies]
  tag = "tags"
  source = "sources"

[markup.goldmark.renderer]
  unsafe = true
""" % (BASE_URL, yaml_string(SITE_TITLE), PAGE_SIZE)
    with open(os.path.join(root, "config.toml"), "w", encoding="utf-8") as f:
        f.write(config)
    shutil.copytree(os.path.join(HERE, "theme"), os.path.join(root, "themes", "minimal"))
    os.makedirs(os.path.join(root, "static", "assets"))
    shutil.copy(os.path.join(templates, "assets", "style.css"), os.path.join(root, "static", "assets", "style.css"))


def months_before(end, months):
    year, month = end.year, end.month - months
    while month < 1:
        year, month = year - 1, month + 12
    return end.replace(year=year, month=month)


def write_years(args):
    """The long-running site: the archive written by newsgen, build after build, then the feeds cut to their newest items."""
    start = months_before(YEARS_END, args.months)
    articles = make_articles(args.n + args.next_hour, args.seed, sources=args.sources, start=start,
                             span=int((YEARS_END - start).total_seconds()))
    # The next hour's items are the newest ones, one per source in turn.
    articles.sort(key=lambda a: a["date"])
    archived, arriving = articles[:args.n], articles[args.n:]
    for turn, a in enumerate(arriving):
        a["source"] = turn % args.sources
    root = os.path.join(args.out, "newsgen")
    os.makedirs(root)
    shutil.copytree(args.templates, os.path.join(root, "templates"))
    # The archive grows as it would have, build after build, oldest items first: each build reads
    # feeds of at most SEED_ITEMS items a source (a feed file past 10 MB is more than libxml2 reads
    # without its "huge" option, which newsgen never sets).
    per_source = [[a for a in archived if a["source"] == index] for index in range(args.sources)]
    passes = max(1, -(-max(len(items) for items in per_source) // SEED_ITEMS))
    for step in range(passes):
        window = [a for items in per_source for a in items[step * SEED_ITEMS:(step + 1) * SEED_ITEMS]]
        shutil.rmtree(os.path.join(root, "feeds"), ignore_errors=True)
        write_site_json(root, write_feeds(root, window, args.sources), {"fetch": {"maxItemsPerFeed": SEED_ITEMS}})
        seeded = subprocess.run([args.newsgen, "build", "--site", root, "--offline", "--quiet", "--output",
                                 os.path.join(args.out, "seed-public")],
                                env=dict(os.environ, SOURCE_DATE_EPOCH=str(int(YEARS_END.timestamp()))))
        if seeded.returncode != 0:
            sys.exit("generate.py: %s could not build the archive (exit %d)" % (args.newsgen, seeded.returncode))
    kept = sum(sum(1 for _ in open(os.path.join(folder, name), encoding="utf-8"))
               for folder, _, names in os.walk(os.path.join(root, "content", "archive")) for name in names if name.endswith(".jsonl"))
    if kept != len(archived):
        sys.exit("generate.py: the archive holds %d articles, not %d (a source failed above?)" % (kept, len(archived)))
    shutil.rmtree(os.path.join(args.out, "seed-public"))
    shutil.rmtree(os.path.join(root, ".newsgen"), ignore_errors=True)
    shutil.rmtree(os.path.join(root, "feeds"))
    write_site_json(root, write_feeds(root, archived, args.sources, newest=args.feed_items))
    write_hugo(os.path.join(args.out, "hugo"), archived, args.templates, source_count=args.sources)
    if arriving:
        nxt = os.path.join(args.out, "next-hour")
        write_feeds(os.path.join(nxt, "newsgen"), archived + arriving, args.sources, newest=args.feed_items)
        write_hugo_posts(os.path.join(nxt, "hugo", "content", "posts"), arriving)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, help="how many articles")
    parser.add_argument("out", help="the folder to write (must not exist or be empty)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--templates", default=os.path.join(REPO, "templates"))
    parser.add_argument("--years", action="store_true", help="the long-running site: archive, short feeds, the next hour")
    parser.add_argument("--sources", type=int, default=50, help="--years: how many feeds")
    parser.add_argument("--months", type=int, default=60, help="--years: how many months the archive spans")
    parser.add_argument("--feed-items", type=int, default=50, help="--years: items each feed holds")
    parser.add_argument("--next-hour", type=int, default=50, help="--years: new items in the next hour")
    parser.add_argument("--newsgen", help="--years: the newsgen binary that writes the archive")
    args = parser.parse_args()
    if args.n < 1:
        sys.exit("generate.py: N must be at least 1")
    if os.path.exists(args.out) and os.listdir(args.out):
        sys.exit("generate.py: %s exists and is not empty" % args.out)
    if args.years:
        if not args.newsgen:
            sys.exit("generate.py: --years needs --newsgen BINARY, which writes the archive")
        if args.sources < 2 or args.months < 1 or args.feed_items < 1 or args.next_hour < 0:
            sys.exit("generate.py: --sources needs at least 2, --months and --feed-items at least 1")
        write_years(args)
        return
    articles = make_articles(args.n, args.seed)
    write_newsgen(os.path.join(args.out, "newsgen"), articles, args.templates)
    write_hugo(os.path.join(args.out, "hugo"), articles, args.templates)


if __name__ == "__main__":
    main()
