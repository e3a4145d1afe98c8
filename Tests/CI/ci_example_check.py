#!/usr/bin/env python3
"""The CI workflow newsgen documents (docs/ci/github-actions.yml), executed here twice, step by step.

Usage: ci_example_check.py [BINARY]   (default .build/debug/newsgen; `make ci-example-check`)

First a site made by plain `newsgen init` (this binary knows no source): its workflow must be the
documented file and stop at its first step, with the sentence naming the line to set.

Then a site made by `newsgen init --newsgen-source THIS-REPOSITORY@HEAD` (whose workflow must be the
documented file with those two lines filled in, and is the file run, unedited but for NEWSGEN_DEB with
--deb, the value the site's README tells a user to set), with one url source served on 127.0.0.1 by a
fixture server (RSS items with `media:thumbnail` PNGs, ETags and 304s), committed to a bare repository
standing in for GitHub. The workflow's jobs then run through workflow_runner.py: its `run:` steps with
bash, in order, its `uses:` steps replaced by local equivalents. What this check supplies, and why:

  the binary cache                     seeded with BINARY under `newsgen-<HEAD>` (the key the workflow
                                       computes), so the run is a cache hit and Swift is not built
                                       again; a step that would run `swift build` stops the check
                                       (with --from-source nothing is seeded and run 1 builds it)
  apt-get                              a stand-in that installs nothing: each package the workflow
                                       names must already be installed here (`make deps`), or it fails
  the container                        not started: this machine must be what it names, Debian 12
                                       with the same Swift version (checked)

Run 1 must commit the archive (only content/archive/) and publish a site whose feed rows have
thumbnails (JPEGs made by libvips). Run 2, with nothing new, must commit nothing. Then the feed gains an
item in a new month, and run 3, on a fresh workspace with the caches and the last public/ restored, must
be incremental (as the build's --verbose output says: one article sanitized, the rest reused, no image
downloaded again, pages kept), send the validators the committed state.json holds, commit only the new
month's file and state.json, and publish the new article. Run 4: a bookmark pushed from another clone
just before the commit step; the run's commit must land on top of it. Run 5: a takedown of an article
in the month the run adds to, pushed likewise; the run must build again from the branch, and both the
takedown and the new item must be on the remote and the site. Prints each step's time; exit 1 on FAIL.
"""
import argparse
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "Benchmarks"))
import workflow_runner  # noqa: E402
from image_bench import make_images  # noqa: E402

SOURCE_ID = "harbour-log"
WORKFLOW = os.path.join(ROOT, "docs", "ci", "github-actions.yml")
# The feed's items: (guid, title, RFC 822 date, image number). Runs 3, 4 and 5 add one each, a month later.
FIRST_ITEMS = [("h-1", "Ferry timetable changes", "Mon, 05 Oct 2026 08:00:00 GMT", 0),
               ("h-2", "Lighthouse reopens", "Tue, 13 Oct 2026 09:30:00 GMT", 1)]
NEW_ITEMS = [("h-3", "Winter moorings allocated", "Wed, 04 Nov 2026 10:15:00 GMT", 2),
             ("h-4", "Harbour dues unchanged", "Thu, 12 Nov 2026 07:45:00 GMT", 0),
             ("h-5", "Pilot boat renamed", "Fri, 20 Nov 2026 16:20:00 GMT", 1)]

# The workflow's apt-get on this machine: `update` does nothing, `install` installs nothing and
# fails unless every package it names is installed already; a .deb file is unpacked into the run's
# temporary folder, its usr/bin put on PATH, and each package of its Depends must be installed.
APT_GET_SHIM = """#!/bin/bash
case "$1" in
  update) exit 0 ;;
  install) shift ;;
  *) echo "apt-get (ci-example-check): only update and install are stood in for, not $1" >&2; exit 100 ;;
esac
missing=""
for arg in "$@"; do
  case "$arg" in
    -*) ;;
    */*.deb)
      dpkg-deb -x "$arg" "$RUNNER_TEMP/deb-root" || exit 100
      echo "$RUNNER_TEMP/deb-root/usr/bin" >> "$GITHUB_PATH"
      for dep in $(dpkg-deb -f "$arg" Depends | tr ',' '\\n' | sed 's/|.*//; s/(.*)//; s/:any//' | tr -d ' '); do
        dpkg -s "$dep" >/dev/null 2>&1 || missing="$missing $dep"
      done ;;
    *) dpkg -s "$arg" >/dev/null 2>&1 || missing="$missing $arg" ;;
  esac
done
if [ -n "$missing" ]; then
  echo "apt-get (ci-example-check): not installed on this machine:$missing (make deps installs the build's packages)" >&2
  exit 100
fi
printf '%s\n' "$@" >> "$RUNNER_TEMP/apt-get-installed"
echo "apt-get (ci-example-check): already installed: $*"
"""


class Failure(Exception):
    """What the check saw differs from what it expected."""


class Feed:
    """The fixture source: an RSS feed whose items name PNGs, with ETags; counts what was asked."""

    def __init__(self):
        self.items = list(FIRST_ITEMS)
        self.images = make_images(3)
        self.lock = threading.Lock()
        self.requests = []  # (path, If-None-Match sent, status)

    def body(self, origin):
        items = "".join(
            '<item><title>%s</title><link>%s/story/%s</link><guid isPermaLink="false">%s</guid><pubDate>%s</pubDate>'
            '<media:thumbnail url="%s/img/%d.png"/><description>%s, as the harbour master reports.</description></item>'
            % (title, origin, guid, guid, date, origin, image, title) for guid, title, date, image in reversed(self.items))
        return ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">'
                '<channel><title>Harbour Log</title><link>%s/</link>%s</channel></rss>' % (origin, items)).encode()

    def answer(self, path, origin, if_none_match):
        """(status, body, content type, ETag) for a GET of `path`."""
        match = re.fullmatch(r"/img/(\d+)\.png", path)
        if path == "/feed.xml":
            body, kind = self.body(origin), "application/rss+xml"
        elif match and int(match.group(1)) < len(self.images):
            body, kind = self.images[int(match.group(1))], "image/png"
        else:
            return 404, b"", "text/plain", None
        etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
        status = 304 if if_none_match == etag else 200
        with self.lock:
            self.requests.append((path, if_none_match, status))
        return status, b"" if status == 304 else body, kind, etag

    def taken(self):
        with self.lock:
            requests, self.requests = self.requests, []
        return requests


def serve(feed):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):
            origin = "http://127.0.0.1:%d" % self.server.server_address[1]
            status, body, kind, etag = feed.answer(self.path, origin, self.headers.get("If-None-Match"))
            self.send_response(status)
            self.send_header("Content-Type", kind)
            if etag:
                self.send_header("ETag", etag)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def git(*arguments, cwd=None):
    result = subprocess.run(["git", *arguments], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure("git %s: %s" % (" ".join(arguments), result.stderr.strip()))
    return result.stdout


def swift_version():
    result = subprocess.run(["swift", "--version"], capture_output=True, text=True)
    match = re.search(r"Swift version (\d+\.\d+(?:\.\d+)?)", result.stdout + result.stderr)
    if not match:
        raise Failure("cannot tell this machine's Swift version (swift --version)")
    return match.group(1)


def check_container(workflow):
    """The build job's container is Debian 12 with this machine's Swift, and this machine is Debian 12."""
    image = workflow["jobs"]["build"].get("container")
    image = image.get("image") if isinstance(image, dict) else image
    wanted = "swift:%s-bookworm" % swift_version()
    if image != wanted:
        raise Failure("the build job runs in %r, not %r (Debian 12 with the Swift newsgen is tested with)" % (image, wanted))
    with open("/etc/os-release") as file:
        release = dict(line.split("=", 1) for line in file.read().split("\n") if "=" in line)
    if release.get("ID") != "debian" or release.get("VERSION_ID", "").strip('"') != "12":
        raise Failure("this machine is not Debian 12, the system the workflow's container is")


def init_site(binary, site, *options):
    """`newsgen init SITE OPTIONS…`; what it printed."""
    result = subprocess.run([binary, "init", site, *options], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure("newsgen init failed: %s" % result.stderr)
    return result.stdout


def workflow_with(text, **values):
    """The workflow `text` with the `env:` lines NAME set to the YAML strings `values` give."""
    for name, value in values.items():
        text, count = re.subn(r"(?m)^(  %s: ).*$" % name, lambda match: match.group(1) + json.dumps(value), text)
        if count != 1:
            raise Failure("the workflow has no line `  %s:` to set" % name)
    return text


def check_unknown_source(binary, folder):
    """`newsgen init` by a binary that does not know where it came from: the workflow is the documented
    file, init says which line to set, and the workflow's first step stops a run at once, saying it."""
    site = os.path.join(folder, "unknown-source")
    output = init_site(binary, site)
    with open(WORKFLOW, encoding="utf-8") as file:
        documented = file.read()
    with open(os.path.join(site, ".github", "workflows", "rebuild.yml"), encoding="utf-8") as file:
        if file.read() != documented:
            raise Failure("the workflow `newsgen init` writes differs from docs/ci/github-actions.yml (make embed-templates)")
    line = 1 + documented.split("\n").index('  NEWSGEN_REPOSITORY: ""')
    if "set NEWSGEN_REPOSITORY on line %d" % line not in output:
        raise Failure("init's output does not say to set NEWSGEN_REPOSITORY on line %d:\n%s" % (line, output))
    remote = os.path.join(folder, "unknown-source.git")
    commit_and_push(site, remote)
    runner = workflow_runner.LocalRunner(workflow_runner.load(WORKFLOW), os.path.join(folder, "unknown-runner"), remote,
                                         shims={"apt-get": APT_GET_SHIM})
    try:
        runner.run(1)
    except workflow_runner.StepFailed as failed:
        sentence = "Set NEWSGEN_REPOSITORY on line %d of .github/workflows/rebuild.yml" % line
        if failed.step != "Check where newsgen comes from" or sentence not in failed.output:
            raise Failure("without newsgen's source the run failed at %r, not at its first step saying %r:\n%s"
                          % (failed.step, sentence, failed.output))
        print("unknown source: the first step stops the run: %s" % failed.output.strip().split("::")[-1])
        return
    raise Failure("without newsgen's source the workflow ran to its end")


def commit_and_push(site, remote):
    """The site committed and pushed to a new bare repository `remote`, as a user pushes it to GitHub."""
    git("init", "-q", "-b", "main", cwd=site)
    git("add", "-A", cwd=site)
    git("-c", "user.name=Site Owner", "-c", "user.email=owner@example.org", "commit", "-q", "-m", "A new site", cwd=site)
    git("init", "-q", "--bare", "-b", "main", remote)
    git("push", "-q", remote, "main", cwd=site)


def make_site(binary, folder, port, head, deb=None, workflow_file=None):
    """`newsgen init --newsgen-source THIS-REPOSITORY@HEAD` with one url source, committed and pushed to
    a bare remote; returns (site, remote). The workflow is run as init wrote it; with `deb`, its
    NEWSGEN_DEB line is set, the one value init's README tells a user to set. The workflow must be the
    documented one with the source's two lines filled in; with `workflow_file`, that file is, so filled."""
    site, remote = os.path.join(folder, "site"), os.path.join(folder, "remote.git")
    output = init_site(binary, site, "--newsgen-source", "%s@%s" % (ROOT, head))
    if "builds newsgen from %s at %s." % (ROOT, head) not in output or "OWNER" in output:
        raise Failure("init's output does not name the source it was given:\n%s" % output)
    path = os.path.join(site, ".github", "workflows", "rebuild.yml")
    with open(path, encoding="utf-8") as file:
        written = file.read()
    with open(WORKFLOW, encoding="utf-8") as file:
        expected = workflow_with(file.read(), NEWSGEN_REPOSITORY=ROOT, NEWSGEN_VERSION=head)
    if workflow_file is None and written != expected:
        raise Failure("the workflow `newsgen init --newsgen-source` writes is not the documented one with its source set")
    if workflow_file is not None:  # what init would write from that file
        with open(workflow_file, encoding="utf-8") as file:
            written = workflow_with(file.read(), NEWSGEN_REPOSITORY=ROOT, NEWSGEN_VERSION=head)
        with open(path, "w", encoding="utf-8") as file:
            file.write(written)
    if deb:
        with open(path, "w", encoding="utf-8") as file:
            file.write(workflow_with(written, NEWSGEN_DEB="file://" + deb))
    config_path = os.path.join(site, "site.json")
    with open(config_path) as file:
        config = json.load(file)
    config["sources"] = [{"id": SOURCE_ID, "title": "Harbour Log", "url": "http://127.0.0.1:%d/feed.xml" % port}]
    with open(config_path, "w") as file:
        json.dump(config, file, indent=2)
        file.write("\n")
    commit_and_push(site, remote)
    return site, remote


def last_commit_files(remote):
    """The subject of the remote's newest commit and the files it changed."""
    subject = git("log", "-1", "--format=%s", cwd=remote).strip()
    files = git("show", "--name-only", "--format=", "HEAD", cwd=remote).split()
    return subject, sorted(files)


def rows(html):
    """The article rows of a list page: {title: row HTML}."""
    found = {}
    for row in re.findall(r'<li class="row[^"]*" data-testid="article-row".*?</li>', html, re.S):
        title = re.search(r'data-testid="article-link">([^<]*)<', row)
        if title:
            found[title.group(1)] = row
    return found


def check_thumbnails(pages, titles):
    """Every row of `titles` on the published home page shows a thumbnail, a JPEG libvips made."""
    with open(os.path.join(pages, "index.html"), encoding="utf-8") as file:
        found = rows(file.read())
    for title in titles:
        if title not in found:
            raise Failure("the published home page has no row for %r" % title)
        image = re.search(r'<img src="([^"]+)"[^>]*data-testid="row-thumbnail"', found[title])
        if not image:
            raise Failure("the row of %r has no thumbnail (is libvips42 installed?)" % title)
        path = os.path.join(pages, image.group(1).split("?")[0].lstrip("/"))
        with open(path, "rb") as file:
            if file.read(3) != b"\xff\xd8\xff":
                raise Failure("the thumbnail %s of %r is not a JPEG" % (image.group(1), title))


def build_output(log):
    """What the workflow's `newsgen build` step printed."""
    outputs = [output for _, _, state, output, _ in log if state == "ran" and re.search(r"^Built .* into ", output, re.M)]
    if len(outputs) != 1:
        raise Failure("no single step printed newsgen build's summary")
    return outputs[0]


def verbose_figure(pattern, output, what):
    match = re.search(pattern, output)
    if not match:
        raise Failure("the build's output does not say %s (%s):\n%s" % (what, pattern, output))
    return [int(group.replace(",", "")) for group in match.groups()]


def check_packages(runner_temp, from_source):
    """The workflow installed libvips (the thumbnails) and, `from_source`, every Debian package Package.swift builds with."""
    with open(os.path.join(runner_temp, "apt-get-installed")) as file:
        installed = set(file.read().split())
    with open(os.path.join(ROOT, "Package.swift")) as file:
        wanted = {name for group in re.findall(r"\.apt\(\[([^\]]*)\]\)", file.read()) for name in re.findall(r'"([^"]+)"', group)}
    missing = sorted(((wanted if from_source else set()) | {"libvips42"}) - installed)
    if missing:
        raise Failure("the workflow does not install %s" % ", ".join(missing))


def print_log(number, log, seconds):
    print("run %d: %.1f s" % (number, seconds))
    for job, name, state, _, took in log:
        print("  %-7s %-48s %s" % (job, name[:48], "%.2f s" % took if state == "ran" else "skipped"))


def refuse_swift_build(step, context):
    """Stops the check before a step that would build newsgen from source (the binary cache missed)."""
    if "swift build" in step.get("run", ""):
        raise Failure("the workflow would build newsgen from source: its binary cache missed the entry this check "
                      "seeded under newsgen-<commit> (the commit found was %r)"
                      % context["steps"].get("commit", {}).get("outputs", {}).get("sha"))


def check(binary, folder, workflow_file=None, deb=None, from_source=False):
    check_unknown_source(binary, folder)
    feed = Feed()
    server = serve(feed)
    try:
        return scenario(binary, folder, feed, server.server_address[1], workflow_file, deb, from_source)
    finally:
        server.shutdown()


def remote_head(remote):
    return git("rev-parse", "main", cwd=remote).strip()


def push_from_elsewhere(binary, remote, folder, message, *command):
    """What the site's owner does on another machine while a run builds: clone, run `newsgen COMMAND`
    there, commit and push."""
    clone = os.path.join(folder, "elsewhere-%d" % len(os.listdir(folder)))
    git("clone", "-q", remote, clone)
    result = subprocess.run([binary, *command, "--site", clone], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure("newsgen %s failed in a clone: %s" % (" ".join(command), result.stderr))
    git("add", "-A", cwd=clone)
    git("-c", "user.name=Site Owner", "-c", "user.email=owner@example.org", "commit", "-q", "-m", message, cwd=clone)
    git("push", "-q", "origin", "main", cwd=clone)


def during_the_build(action, refuse):
    """A before_step hook that does `action` once, just before the commit step: after the run built."""
    def hook(step, context):
        refuse(step, context)
        if step.get("name") == "Commit the archive":
            action()
    return hook


def our_lines(output):
    """The lines the workflow's commit step wrote itself (not git's or newsgen's), joined."""
    return " / ".join(line for line in output.split("\n") if line.startswith("The "))


def commit_step_output(log):
    return next(output for _, name, state, output, _ in log if name == "Commit the archive" and state == "ran")


def published_titles(pages):
    """The titles of every article page published."""
    titles = set()
    folder = os.path.join(pages, "articles")
    for name in os.listdir(folder):
        with open(os.path.join(folder, name, "index.html"), encoding="utf-8") as file:
            match = re.search(r"<title>([^<]*?)(?: · [^<]*)?</title>", file.read())
            if match:
                titles.add(match.group(1))
    return titles


def scenario(binary, folder, feed, port, workflow_file, deb, from_source):
    head = git("rev-parse", "HEAD", cwd=ROOT).strip()
    site, remote = make_site(binary, folder, port, head, deb=deb, workflow_file=workflow_file)
    workflow = workflow_runner.load(os.path.join(site, ".github", "workflows", "rebuild.yml"))
    check_container(workflow)
    refuse = (lambda step, context: None) if from_source else refuse_swift_build
    runner = workflow_runner.LocalRunner(workflow, os.path.join(folder, "runner"), remote,
                                         shims={"apt-get": APT_GET_SHIM}, before_step=refuse)
    if not deb and not from_source:
        binary_step = next(step for step in workflow["jobs"]["build"]["steps"] if step.get("id") == "newsgen")
        names = workflow_runner.path_list(binary_step["with"]["path"])
        runner.cache.save(names, lambda name: os.path.realpath(binary), "newsgen-" + head)
    problems = []  # failures that do not stop the later runs

    started = time.monotonic()
    log = runner.run(1)
    print_log(1, log, time.monotonic() - started)
    check_packages(os.path.join(runner.root, "run-1", "temp"), from_source=not deb)
    if deb and not os.path.exists(os.path.join(runner.root, "run-1", "temp", "deb-root", "usr", "bin", "newsgen")):
        raise Failure("with --deb, the workflow did not install the package (no usr/bin/newsgen unpacked)")
    subject, files = last_commit_files(remote)
    archive = "content/archive/"
    if subject != "Archive: scheduled rebuild" or not files:
        raise Failure("run 1 committed no archive (the remote's last commit is %r)" % subject)
    if any(not name.startswith(archive) for name in files):
        raise Failure("run 1 committed more than the archive: %s" % files)
    for wanted in (archive + "state.json", archive + SOURCE_ID + "/2026-10.jsonl"):
        if wanted not in files:
            raise Failure("run 1's commit has no %s (it has %s)" % (wanted, files))
    print("  committed: %s" % ", ".join(files))
    check_thumbnails(runner.pages, [title for _, title, _, _ in FIRST_ITEMS])
    first_articles = set(os.listdir(os.path.join(runner.pages, "articles")))
    feed.taken()

    # Run 2: nothing new anywhere. The feed answers 304 and the run commits nothing.
    before = remote_head(remote)
    started = time.monotonic()
    log = runner.run(2)
    print_log(2, log, time.monotonic() - started)
    if remote_head(remote) != before:
        subject, files = last_commit_files(remote)
        problems.append("run 2, with nothing new, committed %s (%r): a run with no news must commit nothing" % (files, subject))
    else:
        print("  committed nothing: %s" % commit_step_output(log).strip())
    feed.taken()

    feed.items.append(NEW_ITEMS[0])
    started = time.monotonic()
    log = runner.run(3)
    print_log(3, log, time.monotonic() - started)
    output = build_output(log)
    sanitized, reused = verbose_figure(r"Enrich: ([\d,]+) articles? sanitized, ([\d,]+) reused", output, "what it sanitized")
    rendered, kept = verbose_figure(r"Pages: ([\d,]+) rendered, ([\d,]+) kept", output, "how many pages it kept")
    downloaded, unchanged = verbose_figure(r"images: ([\d,]+) downloaded, ([\d,]+) unchanged", output, "what images cost")
    print("  run 3's build: Enrich %d sanitized, %d reused; Pages %d rendered, %d kept; images %d downloaded, %d unchanged"
          % (sanitized, reused, rendered, kept, downloaded, unchanged))
    if sanitized != 1 or reused < len(FIRST_ITEMS):
        raise Failure("run 3 was not incremental: %d articles sanitized, %d reused (want 1 and at least %d)"
                      % (sanitized, reused, len(FIRST_ITEMS)))
    if downloaded != 1 or unchanged != len(FIRST_ITEMS):
        raise Failure("run 3 downloaded %d images and revalidated %d (want 1 and %d)" % (downloaded, unchanged, len(FIRST_ITEMS)))
    # The cache brought back the last run's public/ and its record (ADR 045): the pages the new item does
    # not touch are kept, the rest rendered.
    if kept == 0 or rendered == 0:
        raise Failure("run 3 kept %d pages and rendered %d: the restored public/ was not used" % (kept, rendered))
    asked = [request for request in feed.taken() if request[0] == "/feed.xml"]
    if len(asked) != 1 or not asked[0][1]:
        raise Failure("run 3 fetched the feed without the ETag the committed state.json holds: %s" % asked)
    subject, files = last_commit_files(remote)
    wanted = sorted([archive + SOURCE_ID + "/2026-11.jsonl", archive + "state.json"])
    if subject != "Archive: scheduled rebuild" or files != wanted:
        raise Failure("run 3 committed %s (%r), not only %s" % (files, subject, wanted))
    print("  committed: %s" % ", ".join(files))
    new_articles = set(os.listdir(os.path.join(runner.pages, "articles"))) - first_articles
    if len(new_articles) != 1:
        raise Failure("run 3 published %d new article pages, not 1: %s" % (len(new_articles), sorted(new_articles)))
    with open(os.path.join(runner.pages, "articles", new_articles.pop(), "index.html"), encoding="utf-8") as file:
        if NEW_ITEMS[0][1] not in file.read():
            raise Failure("the new article's page does not carry its title %r" % NEW_ITEMS[0][1])
    check_thumbnails(runner.pages, [title for _, title, _, _ in FIRST_ITEMS + NEW_ITEMS[:1]])

    # Run 4: a bookmark pushed while the run builds. The run's push is refused, it rebases its commit
    # onto the bookmark's and pushes again: both are on the remote.
    origin = "http://127.0.0.1:%d" % port
    feed.items.append(NEW_ITEMS[1])
    runner.before_step = during_the_build(lambda: push_from_elsewhere(
        binary, remote, folder, "Bookmark the ferry timetable", "bookmark", "add", origin + "/story/h-1"), refuse)
    started = time.monotonic()
    log = runner.run(4)
    print_log(4, log, time.monotonic() - started)
    subjects = git("log", "-3", "--format=%s", cwd=remote).split("\n")[:2]
    if subjects != ["Archive: scheduled rebuild", "Bookmark the ferry timetable"]:
        raise Failure("after a bookmark pushed during run 4, the remote's last commits are %s, not the archive's on the bookmark's"
                      % subjects)
    if len(json.loads(git("show", "main:bookmarks.json", cwd=remote))["bookmarks"]) != 1:
        raise Failure("the bookmark pushed during run 4 is not in the remote's bookmarks.json")
    if NEW_ITEMS[1][0] not in git("show", "main:content/archive/%s/2026-11.jsonl" % SOURCE_ID, cwd=remote):
        raise Failure("run 4's new item is not in the remote's archive")
    print("  %s" % our_lines(commit_step_output(log)))

    # Run 5: a takedown pushed while the run builds, of an article in the month the run adds to. The
    # run's push is refused, the archive changed on the branch, so it starts again from the branch
    # and builds again: the takedown holds and the run's new item is on the remote and published.
    feed.items.append(NEW_ITEMS[2])
    runner.before_step = during_the_build(lambda: push_from_elsewhere(
        binary, remote, folder, "Take down the moorings article", "archive", "remove", origin + "/story/h-3",
        "--reason", "a correction"), refuse)
    started = time.monotonic()
    log = runner.run(5)
    print_log(5, log, time.monotonic() - started)
    step = commit_step_output(log)
    if "building again" not in step:
        raise Failure("run 5's commit step did not build again after the takedown:\n%s" % step)
    subjects = git("log", "-3", "--format=%s", cwd=remote).split("\n")[:2]
    if subjects != ["Archive: scheduled rebuild", "Take down the moorings article"]:
        raise Failure("after a takedown pushed during run 5, the remote's last commits are %s" % subjects)
    month = git("show", "main:content/archive/%s/2026-11.jsonl" % SOURCE_ID, cwd=remote)
    if NEW_ITEMS[2][0] not in month:
        raise Failure("run 5's new item is not in the remote's archive after the rebuild:\n%s" % month)
    titles = published_titles(runner.pages)
    if NEW_ITEMS[2][1] not in titles or NEW_ITEMS[0][1] in titles:
        raise Failure("run 5 published %s: want %r and not the taken-down %r" % (sorted(titles), NEW_ITEMS[2][1], NEW_ITEMS[0][1]))
    print("  %s" % our_lines(step))
    print("  published: %s" % ", ".join(sorted(titles)))
    if problems:
        raise Failure("; ".join(problems))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build", "debug", "newsgen"))
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and print where it is")
    parser.add_argument("--workflow", help="run this workflow file instead of the one `newsgen init` wrote "
                        "(to try a change before `make embed-templates`; the two are then not compared)")
    parser.add_argument("--deb", help="a newsgen .deb (make deb) for the workflow to install, as NEWSGEN_DEB, "
                        "instead of the binary through the binary cache")
    parser.add_argument("--from-source", action="store_true", help="seed no binary: run 1 builds newsgen from this "
                        "repository's HEAD in release mode (minutes), run 2 takes it from the binary cache")
    arguments = parser.parse_args()
    binary = os.path.realpath(arguments.binary)
    if not os.access(binary, os.X_OK):
        print("ci-example-check: no newsgen binary at %s (swift build first)" % binary, file=sys.stderr)
        return 2
    folder = tempfile.mkdtemp(prefix="newsgen-ci-example.")
    started = time.monotonic()
    try:
        check(binary, folder, arguments.workflow and os.path.realpath(arguments.workflow),
              arguments.deb and os.path.realpath(arguments.deb), arguments.from_source)
    except (Failure, workflow_runner.WorkflowError, workflow_runner.StepFailed) as failure:
        print("ci-example-check: FAIL: %s" % failure)
        return 1
    finally:
        if arguments.keep:
            print("ci-example-check: the runs are in %s" % folder)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    print("ci-example-check: PASS (%.1f s)" % (time.monotonic() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
