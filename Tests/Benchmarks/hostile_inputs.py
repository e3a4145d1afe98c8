#!/usr/bin/env python3
"""Writes the hostile feed documents that Tests/Benchmarks/hostile.sh runs newsgen on.

Usage: hostile_inputs.py FOLDER CASE   (writes FOLDER/CASE.xml, .json or .html, prints the file name;
                                        for a served page prints its path on hostile_pages.py's server)
       hostile_inputs.py --list        (prints every case name with its description)
       hostile_inputs.py --kind CASE   (prints feed, page or served: how hostile.sh runs the case)

The feeds are here; the web pages for `newsgen extract` are in hostile_pages.py.

Every document is generated, never downloaded; each is what a stranger's feed
could contain. Sizes are chosen to sit just inside or just outside newsgen's
limits so that both sides are exercised (see docs/security.md, "Bounded work").
"""
import os
import sys

import hostile_pages

RSS_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">\n'
            '<channel><title>Hostile</title><link>https://hostile.example/</link>'
            '<description>generated</description>\n')
RSS_TAIL = '</channel></rss>\n'
ITEM_HEAD = ('<item><title>One item</title><link>https://hostile.example/one</link>'
             '<guid>https://hostile.example/one</guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>')
MB = 1024 * 1024


def rss(out, items):
    out.write(RSS_HEAD)
    for item in items:
        out.write(item)
    out.write(RSS_TAIL)


def one_item(out, inner):
    """A feed with one item; `inner` is written inside <item> after its title, link, guid and date."""
    out.write(RSS_HEAD + ITEM_HEAD)
    inner(out)
    out.write('</item>\n' + RSS_TAIL)


def pub_date(n):
    # One item a minute going back from 2024-06-30, so dates are all different.
    days, minutes = divmod(n, 1440)
    day = 30 - days % 30
    month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun"][5 - (days // 30) % 6]
    return "%02d %s 2024 %02d:%02d:00 GMT" % (day, month, 23 - minutes // 60, 59 - minutes % 60)


def items_100k(out):
    # Realistic small items (~150 bytes), so 100,000 of them stay under the 20 MB file limit.
    rss(out, ('<item><title>Harbour notice %d</title><link>https://hostile.example/n/%d</link>'
              '<pubDate>Sun, %s</pubDate><description>Berth %d reopens.</description></item>\n'
              % (n, n, pub_date(n), n % 97) for n in range(100_000)))


def items_100k_same_title(out):
    # Every item has the same title: each new article's slug must be made unique.
    rss(out, ('<item><title>Breaking news</title><guid>urn:hostile:%d</guid>'
              '<pubDate>Sun, %s</pubDate></item>\n' % (n, pub_date(n)) for n in range(100_000)))


def items_100k_empty(out):
    # Exactly the item limit, each item as small as an item can be.
    rss(out, ('<item/>\n' for _ in range(100_000)))


def items_200k_empty(out):
    rss(out, ('<item/>\n' for _ in range(200_000)))


def nodes_limit(out):
    # Just under the node limit (500,000), in the shape that costs the most per node:
    # items of ten nodes (elements and attributes) each.
    rss(out, ('<item><title>T%d</title><link>/%d</link><guid>%d</guid><author>a</author><category>c</category>'
              '<category>d</category><enclosure url="/%d" length="1"/></item>\n' % (n, n, n, n) for n in range(49_999)))


def items_1k_html(out):
    # A thousand items of ~19 KB of rich HTML each: the most sanitizing one feed can ask for.
    body = paragraphs(19_000)
    rss(out, ('<item><title>Long read %d</title><guid>urn:hostile:%d</guid><pubDate>Sun, %s</pubDate>'
              '<description>%s</description></item>\n' % (n, n, pub_date(n), body) for n in range(1_000)))


def paragraphs(size):
    """Rich, escaped HTML (what a long article's description looks like), about `size` bytes."""
    block = ('&lt;p&gt;The &lt;a href="/harbour/%d"&gt;harbour&lt;/a&gt; works go on, '
             '&lt;em&gt;said&lt;/em&gt; the pilot &amp;amp; crew. &lt;img src="p%d.jpg" alt=""&gt;&lt;/p&gt;\n')
    parts, written, n = [], 0, 0
    while written < size:
        text = block % (n, n)
        parts.append(text)
        written += len(text)
        n += 1
    return ''.join(parts)


def body(size):
    def write(out):
        out.write('<description>')
        chunk = paragraphs(MB)
        for _ in range(size // MB):
            out.write(chunk)
        out.write('</description>')
    return write


def body_50mb(out):
    one_item(out, body(50 * MB))


def body_9mb(out):
    # Just under libxml2's 10,000,000-byte limit for one text node, and under the 20 MB file limit.
    one_item(out, lambda o: o.write('<description>' + paragraphs(9_500_000) + '</description>'))


def title_10mb(out):
    # A single-line title of ~9.9 MB (libxml2 refuses one text over 10,000,000 bytes).
    words = ('harbour pilot crew tide berth ' * 330_000)[:9_900_000]
    out.write(RSS_HEAD + '<item><title>' + words + '</title><guid>urn:hostile:title</guid>'
              '<description>A very long title.</description></item>\n' + RSS_TAIL)


def nesting_10k(out):
    one_item(out, lambda o: o.write('<x>' * 10_000 + 'deep' + '</x>' * 10_000))


def billion_laughs(out):
    lines = ['<!ENTITY lol0 "lol">']
    for i in range(1, 10):
        lines.append('<!ENTITY lol%d "%s">' % (i, ('&lol%d;' % (i - 1)) * 10))
    out.write('<?xml version="1.0"?>\n<!DOCTYPE rss [\n' + '\n'.join(lines) + '\n]>\n'
              '<rss version="2.0"><channel><title>Laughs</title><item><title>&lol9;</title>'
              '<description>&lol9;</description></item></channel></rss>\n')


def quadratic_blowup(out):
    # One 50 KB entity referenced 50,000 times: 2.5 GB if expanded naively.
    out.write('<?xml version="1.0"?>\n<!DOCTYPE rss [\n<!ENTITY a "' + 'x' * 50_000 + '">\n]>\n'
              '<rss version="2.0"><channel><title>Blowup</title><item><title>Blowup</title><description>'
              + '&a;' * 50_000 + '</description></item></channel></rss>\n')


def entity_refs_450k(out):
    # A one-character entity referenced 450,000 times (under the node limit), with
    # text between: cheap to expand, but each piece of text joins the one before.
    out.write('<?xml version="1.0"?>\n<!DOCTYPE rss [\n<!ENTITY a "x">\n]>\n'
              '<rss version="2.0"><channel><title>Refs</title><item><title>Refs</title><description>'
              + 'y&a;' * 450_000 + '</description></item></channel></rss>\n')


def attributes_100k(out):
    out.write(RSS_HEAD + '<item ' + ' '.join('a%d="v"' % n for n in range(100_000)) + '>'
              '<title>Attributes</title><guid>urn:hostile:attributes</guid></item>\n' + RSS_TAIL)


def attributes_at_limit(out):
    # 1,900 items whose <item> carries 256 attributes, the most allowed (~486,000 nodes).
    attributes = ' '.join('a%d="v"' % n for n in range(256))
    rss(out, ('<item %s><guid>urn:hostile:%d</guid></item>\n' % (attributes, n) for n in range(1_900)))


def authors_150k(out):
    one_item(out, lambda o: o.write(''.join('<author>a%d@example.org (Person %d)</author>' % (n, n) for n in range(150_000))))


def url_dot_segments(out):
    # A link made of 1,800,000 "a/../" segments (9 MB): resolved against the item's link.
    one_item(out, lambda o: o.write('<description>&lt;a href="' + 'a/../' * 1_800_000 + '"&gt;x&lt;/a&gt;</description>'))


def html_nesting_10k(out):
    one_item(out, lambda o: o.write('<content:encoded><![CDATA[' + '<div><span>' * 5_000 + 'deep'
                                    + '</span></div>' * 5_000 + ']]></content:encoded>'))


def html_unclosed_100k(out):
    # 100,000 opening tags never closed: what a browser (and libxml2) must nest or repair.
    one_item(out, lambda o: o.write('<content:encoded><![CDATA[' + '<b><i>x' * 50_000 + ']]></content:encoded>'))


def html_elements_1m(out):
    # 1,200,000 tiny elements (8.4 MB) in one body: each is a node for libxml2's HTML parser.
    one_item(out, lambda o: o.write('<content:encoded><![CDATA[' + '<i></i>' * 1_200_000 + ']]></content:encoded>'))


def html_comments_1m(out):
    one_item(out, lambda o: o.write('<content:encoded><![CDATA[' + '<!---->' * 1_200_000 + ']]></content:encoded>'))


def html_attributes_100k(out):
    one_item(out, lambda o: o.write('<content:encoded><![CDATA[<p ' + ' '.join('a%d="v"' % n for n in range(100_000))
                                    + '>many attributes</p>]]></content:encoded>'))


def categories_100k(out):
    one_item(out, lambda o: o.write(''.join('<category>tag %d</category>' % n for n in range(100_000))))


def json_items_100k(out):
    out.write('{"version":"https://jsonfeed.org/version/1.1","title":"Hostile","items":[')
    out.write(','.join('{"id":"%d","url":"https://hostile.example/j/%d","title":"Harbour notice %d",'
                       '"content_text":"Berth %d reopens.","date_published":"2024-06-01T00:00:00Z"}'
                       % (n, n, n, n % 97) for n in range(100_000)))
    out.write(']}\n')


def json_items_100k_empty(out):
    out.write('{"version":"https://jsonfeed.org/version/1.1","title":"Hostile","items":[')
    out.write(','.join('{}' for _ in range(100_000)))
    out.write(']}\n')


def json_nesting_100k(out):
    out.write('{"version":"https://jsonfeed.org/version/1.1","title":"Deep","items":'
              + '[' * 100_000 + ']' * 100_000 + '}\n')


CASES = [
    ("items-100k", items_100k, ".xml", "RSS, 100,000 small items (15 MB)"),
    ("items-100k-same-title", items_100k_same_title, ".xml", "RSS, 100,000 items all titled alike"),
    ("items-100k-empty", items_100k_empty, ".xml", "RSS, 100,000 empty items (the item limit)"),
    ("items-200k-empty", items_200k_empty, ".xml", "RSS, 200,000 empty items"),
    ("nodes-limit", nodes_limit, ".xml", "RSS, 49,999 items of ten nodes (just under the node limit)"),
    ("json-items-100k", json_items_100k, ".json", "JSON Feed, 100,000 small items"),
    ("json-items-100k-empty", json_items_100k_empty, ".json", "JSON Feed, 100,000 empty items"),
    ("items-1k-html", items_1k_html, ".xml", "1,000 items of 19 KB of HTML each (19 MB)"),
    ("body-50mb", body_50mb, ".xml", "one item with a 50 MB body"),
    ("body-9mb", body_9mb, ".xml", "one item with a 9.5 MB HTML body"),
    ("title-10mb", title_10mb, ".xml", "one item with a 9.9 MB single-line title"),
    ("nesting-10k", nesting_10k, ".xml", "XML elements nested 10,000 deep"),
    ("billion-laughs", billion_laughs, ".xml", "entity bomb: 10^9 'lol's"),
    ("quadratic-blowup", quadratic_blowup, ".xml", "a 50 KB entity referenced 50,000 times"),
    ("entity-refs-450k", entity_refs_450k, ".xml", "a 1-char entity referenced 450,000 times"),
    ("attributes-100k", attributes_100k, ".xml", "an item element with 100,000 attributes"),
    ("attributes-at-limit", attributes_at_limit, ".xml", "1,900 elements with 256 attributes each"),
    ("authors-150k", authors_150k, ".xml", "one item with 150,000 authors"),
    ("url-dot-segments", url_dot_segments, ".xml", "a 9 MB link of 'a/../' segments"),
    ("html-nesting-10k", html_nesting_10k, ".xml", "content:encoded HTML nested 10,000 deep"),
    ("html-unclosed-100k", html_unclosed_100k, ".xml", "content:encoded with 100,000 unclosed tags"),
    ("html-elements-1m", html_elements_1m, ".xml", "content:encoded with 1,200,000 empty elements"),
    ("html-comments-1m", html_comments_1m, ".xml", "content:encoded with 1,200,000 comments"),
    ("html-attributes-100k", html_attributes_100k, ".xml", "content:encoded, one p tag with 100,000 attributes"),
    ("categories-100k", categories_100k, ".xml", "one item with 100,000 categories"),
    ("json-nesting-100k", json_nesting_100k, ".json", "JSON Feed with arrays nested 100,000 deep"),
]


# Every case: (name, kind, writer or served path, suffix, description).
ALL_CASES = ([(name, "feed", write, suffix, text) for name, write, suffix, text in CASES]
             + [(name, "page", write, suffix, text) for name, write, suffix, text in hostile_pages.PAGE_FILES]
             + [(name, "served", path, "", text) for name, path, text in hostile_pages.SERVED])


def main(argv):
    if argv[1:] == ["--list"]:
        for name, _, _, _, description in ALL_CASES:
            print("%s\t%s" % (name, description))
        return 0
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 64
    if argv[1] == "--kind":
        for name, kind, _, _, _ in ALL_CASES:
            if name == argv[2]:
                print(kind)
                return 0
        sys.stderr.write("unknown case: %s\n" % argv[2])
        return 64
    folder, wanted = argv[1], argv[2]
    for name, kind, write, suffix, _ in ALL_CASES:
        if name == wanted and kind == "served":
            print(write)
            return 0
        if name == wanted:
            path = os.path.join(folder, name + suffix)
            with open(path, "w", encoding="utf-8") as out:
                write(out)
            print(path)
            return 0
    sys.stderr.write("unknown case: %s\n" % wanted)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
