#!/usr/bin/env python3
"""The app's critical path, in headless Chromium, on a real build of the sample site.

home -> open the first article -> `newsgen bookmark add <its path>` and a rebuild ->
the article shows the bookmark mark -> Bookmarks lists it -> its link opens the article.

Elements are found only by their `data-testid` attributes (docs/templates.md), so
the check follows the theme's contract, not its markup. Exit 0 when every step
holds, 1 with the failing step otherwise, 2 when the check cannot run.

Usage: bookmark_path_check.py [BINARY]   (default .build/debug/newsgen)
"""
import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import headless  # noqa: E402


StepFailed = headless.StepFailed


def newsgen(binary, site, *arguments):
    environment = dict(os.environ, SOURCE_DATE_EPOCH="1795000000", NO_COLOR="1")
    result = subprocess.run([binary, *arguments, "--site", site], capture_output=True, text=True, env=environment)
    if result.returncode != 0:
        raise StepFailed("newsgen %s exited %d: %s" % (" ".join(arguments), result.returncode, result.stderr.strip()))
    return result.stdout


def copy_sample_site(target, templates):
    for name in ("site.json", "content", "templates", "bookmarks.json"):
        source = templates if name == "templates" else os.path.join(ROOT, name)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(target, name))
        elif os.path.exists(source):
            shutil.copy(source, os.path.join(target, name))
    shutil.rmtree(os.path.join(target, "content", "archive"), ignore_errors=True)
    with open(os.path.join(target, "bookmarks.json"), "w") as manifest:
        manifest.write('{"version": 1, "bookmarks": []}\n')


def serve(public):
    """http.server over public/ by path, so the rebuilt site (swapped into place) is what it serves."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=public))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def by_testid(scope, testid):
    from selenium.webdriver.common.by import By
    return scope.find_elements(By.CSS_SELECTOR, '[data-testid="%s"]' % testid)


def one(scope, testid, where):
    found = by_testid(scope, testid)
    if len(found) != 1:
        raise StepFailed("%s: expected one [data-testid=%s], found %d" % (where, testid, len(found)))
    return found[0]


def walk(driver, binary, site, origin):
    step = "home"
    driver.get(origin + "/")
    rows = by_testid(driver, "article-row")
    if not rows:
        raise StepFailed("home: no [data-testid=article-row]")
    link = one(rows[0], "article-link", "home, first row")
    title = link.text.strip()
    link.click()

    step = "article"
    shown = one(driver, "article-title", step).text.strip()
    if shown != title:
        raise StepFailed("article: the title reads %r, the row said %r" % (shown, title))
    if by_testid(driver, "bookmark-mark"):
        raise StepFailed("article: a bookmark mark before anything was bookmarked")
    path = urllib.parse.urlparse(driver.current_url).path
    print("  opened %s (%s)" % (path, title))

    step = "bookmark add"
    print("  " + newsgen(binary, site, "bookmark", "add", path).strip())
    newsgen(binary, site, "build", "--offline", "--quiet")
    driver.refresh()
    mark = one(driver, "bookmark-mark", "article after the rebuild")
    if not mark.is_displayed():
        raise StepFailed("article after the rebuild: the bookmark mark is not visible")

    step = "bookmarks"
    one(driver, "nav-bookmarks", "article's navigation").click()
    listed = one(driver, "bookmarks-list", step)
    listed_rows = by_testid(listed, "article-row")
    if len(listed_rows) != 1:
        raise StepFailed("bookmarks: expected one row, found %d" % len(listed_rows))
    one(listed_rows[0], "bookmark-mark", "bookmarks row")
    target = one(listed_rows[0], "article-link", "bookmarks row")
    if target.text.strip() != title:
        raise StepFailed("bookmarks: the row reads %r, expected %r" % (target.text.strip(), title))
    target.click()

    step = "back to the article"
    arrived = urllib.parse.urlparse(driver.current_url).path
    if arrived != path:
        raise StepFailed("%s: the bookmark's link opened %s, expected %s" % (step, arrived, path))
    if one(driver, "article-title", step).text.strip() != title:
        raise StepFailed("%s: the page's title is not %r" % (step, title))
    return title


def main():
    parser = headless.argument_parser(__doc__)
    parser.add_argument("--templates", default=os.path.join(ROOT, "templates"), help="the theme to build with (default: the repository's)")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    def check(session):
        site = os.path.join(session.temp, "site")
        os.mkdir(site)
        copy_sample_site(site, os.path.abspath(args.templates))
        newsgen(binary, site, "build", "--offline", "--quiet")
        session.server = serve(os.path.join(site, "public"))
        session.driver = headless.start_chromium(args.chromium, args.chromedriver, os.path.join(session.temp, "profile"),
                                                 window="375,812")
        print("bookmark path check: home -> article -> bookmark add + rebuild -> mark -> Bookmarks -> article")
        title = walk(session.driver, binary, site, "http://127.0.0.1:%d" % session.server.server_address[1])
        print("bookmark path check: passed (%r bookmarked and found again)" % title)

    return headless.run_check("bookmark path check", "newsgen-bookmark-path-", check)

if __name__ == "__main__":
    sys.exit(main())
