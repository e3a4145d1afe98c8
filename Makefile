# newsgen — `make run` and `make test` set everything up on a fresh machine.
SHELL := /bin/bash
SWIFT ?= swift
# Debian packages the build needs (C libraries through systemLibrary targets; a C compiler for the fault tests' shim).
APT_PACKAGES := pkg-config libxml2-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libvips-dev libcurl4-openssl-dev libssl-dev git gcc libc6-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/debug/newsgen
# Where `make conformance` builds; helpers working side by side pass their own (SCRATCH=/tmp/build-x).
SCRATCH ?= .build
# Extra options for the conformance runner, e.g. ARGS="--list-failures rss".
ARGS ?=
CONFORMANCE := Tests/Conformance/feedparser_conformance.py
# The headless-Chromium XSS check (Tests/Browser) and the binary it builds its site with.
BROWSER_CHECK := Tests/Browser/xss_browser_check.py
BROWSER_BIN ?= $(BIN)

.PHONY: run test test-deps build deps bench clean conformance
.PHONY: browser-test browser-check browser-deps
.PHONY: bench-hostile bench-hugo bench-pair gnu-time same-output scale-site bench-scale bench-search
.PHONY: bench-extract bench-extract-quick extract-anchors bench-serve hugo-deps bench-sandbox
.PHONY: feeds-check python-deps ci-example-check fresh-check
.PHONY: embed-templates usage-docs

# Installs the Debian packages among $(1) that are missing (apt-get update first); used by deps,
# ci-example-check and the included .ci/dist/dist.mk and Tests/Dist/dist-check.mk.
define apt-install
missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then echo "Installing:$$missing"; $(SUDO) apt-get update -qq && \
  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing </dev/null; fi
endef

## Install the missing Debian packages (apt-get update first, once).
deps:
	@if command -v dpkg >/dev/null 2>&1; then \
	  $(call apt-install,$(APT_PACKAGES)); \
	elif command -v brew >/dev/null 2>&1; then \
	  brew list libxml2 cmark-gfm libyaml vips curl openssl pkg-config >/dev/null 2>&1 || brew install libxml2 cmark-gfm libyaml vips curl openssl pkg-config; \
	else \
	  echo "Install libxml2, cmark-gfm (with extensions), libyaml, libvips, libcurl and OpenSSL (libcrypto) development files, then run make again."; \
	fi

build: deps
	$(SWIFT) build

## Build the sample site in this repository (offline) into public/.
run: build
	$(BIN) build --site . --offline
	@echo
	@echo "The site is in $(CURDIR)/public/. Preview it, rebuilt on every edit, with:"
	@echo "  $(BIN) serve   # then open http://127.0.0.1:1313/"

# What the tests run besides the build's packages: the shells whose completion scripts are tested, and groff
# for the man page (issue 33: `make test` never installed them, and only machines that had run `make dist` passed).
TEST_APT_PACKAGES := zsh fish groff-base

## The Debian packages the tests use beyond the build's.
test-deps: deps
	@$(call apt-install,$(TEST_APT_PACKAGES))

## Every test: unit, conformance (../shared/corpora when present) and end to end. A crash's Swift
## backtrace leaves out the registers, so that its frames stay near the tail of a CI log.
test: export SWIFT_BACKTRACE ?= registers=none
test: deps test-deps gnu-time
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@$(MAKE) --no-print-directory fuzz-smoke
	@$(MAKE) --no-print-directory browser-check BROWSER_BIN=$(BIN)
	@$(MAKE) --no-print-directory python-deps
	PYTHONDONTWRITEBYTECODE=1 python3 Tests/Conformance/feeds_out_check.py $(BIN)
	@$(MAKE) --no-print-directory ci-example-check
	@if command -v python3 >/dev/null 2>&1; then \
	  PYTHONDONTWRITEBYTECODE=1 python3 -m unittest discover -s Tests/Conformance && \
	  PYTHONDONTWRITEBYTECODE=1 python3 -m unittest discover -s Tests/Benchmarks -p 'test_*.py' && \
	  PYTHONDONTWRITEBYTECODE=1 python3 -m unittest discover -s Tests/Fuzz -p 'test_*.py' && \
	  python3 $(CONFORMANCE) --check --binary $(BIN) && \
	  python3 Tests/Conformance/readability_conformance.py --check --binary $(BIN) --worst 5; \
	else \
	  echo "conformance: skipped (python3 is not installed)"; \
	fi

## `make run`, then `CI=true make test`, from a fresh clone of HEAD in a root that holds only what a new machine of
## this kind holds: an overlay of / in a private mount namespace, with every package and executable this machine gained
## since it was new purged and other checkouts and caches hidden (.ci/fresh/, ADR 052). Root and Linux only; ~13 min.
fresh-check:
	@bash .ci/fresh/fresh_check.sh $(CURDIR)

## feedparser's test corpus (../shared/corpora) against `newsgen inspect`: pass rates per folder.
conformance: deps
	$(SWIFT) build --scratch-path $(SCRATCH) --product newsgen
	python3 $(CONFORMANCE) --binary $(SCRATCH)/debug/newsgen $(ARGS)

## Time full builds of the sample site with a release binary (later issues extend this).
bench: deps
	$(SWIFT) build -c release
	@bash Tests/Benchmarks/bench.sh .build/release/newsgen
	@python3 Tests/Benchmarks/fetch_bench.py .build/release/newsgen
	@python3 Tests/Benchmarks/image_bench.py .build/release/newsgen
	@$(MAKE) --no-print-directory bench-hugo

## GNU time, which the benchmarks measure CPU and peak memory with.
gnu-time:
	@[ -x /usr/bin/time ] || { echo "Installing: time"; $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time </dev/null; }

## Hostile feeds (100,000 items, a 50 MB body, deep nesting, entity bombs…) and web pages for `newsgen extract`
## (20 MB, 10,000 deep, a million elements; served on 127.0.0.1: a drip, a redirect loop, a PDF, a PNG) through
## a release binary: each must be refused or processed within 10 s and 500 MB. CASES=… picks some.
bench-hostile: deps gnu-time
	$(SWIFT) build -c release --scratch-path $(SCRATCH) --product newsgen
	@bash Tests/Benchmarks/hostile.sh $(SCRATCH)/release/newsgen $(CASES)

## Full-text extraction against trafilatura and readability-lxml on both corpora (../shared/corpora: trafilatura's
## evaluation set, newsgen through one bulk `newsgen extract --list`, and Readability's test pages): quality of all
## three side by side, pages/s on one core (taskset -c 0) and newsgen's peak RSS over each corpus; prints a section
## for BENCHMARKS.md with each target MET or MISSED (exit 0 either way). REPEAT=N passes for the speed figures.
REPEAT ?= 3
bench-extract: deps gnu-time extract-anchors
	$(SWIFT) build -c release --scratch-path $(SCRATCH) --product newsgen
	$(SWIFT) build -c release --scratch-path $(SCRATCH) --product newsgen-extract-bench
	@PYTHONDONTWRITEBYTECODE=1 python3 Tests/Benchmarks/extract_bench.py --binary $(SCRATCH)/release/newsgen \
	  --bench $(SCRATCH)/release/newsgen-extract-bench --repeat $(REPEAT)

## newsgen's quality on trafilatura's evaluation set alone (one bulk run, no anchors, no timing) and its worst
## pages: for tuning the extractor, in a minute or two once the release build is there.
bench-extract-quick: deps gnu-time
	$(SWIFT) build -c release --scratch-path $(SCRATCH) --product newsgen
	@PYTHONDONTWRITEBYTECODE=1 python3 Tests/Benchmarks/extract_bench.py --quick --binary $(SCRATCH)/release/newsgen

## The Python extraction anchors from pip when missing: trafilatura 2.3.1, readability-lxml 0.9 and
## lxml_html_clean (one at a time: pip 23's resolver trips over both asking for lxml[html_clean]).
EXTRACT_ANCHORS := lxml_html_clean trafilatura==2.3.1 readability-lxml==0.9
extract-anchors:
	@python3 -c 'import lxml_html_clean, trafilatura, readability' 2>/dev/null || { echo "Installing: $(EXTRACT_ANCHORS) (pip)"; \
	  export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1; \
	  for p in $(EXTRACT_ANCHORS); do \
	    python3 -m pip install --quiet "$$p" </dev/null || python3 -m pip install --quiet --break-system-packages "$$p" </dev/null || exit 1; \
	  done; }
	@python3 -c 'import lxml_html_clean, trafilatura, readability; import importlib.metadata as m; \
	  v = {n: m.version(n) for n in ("trafilatura", "readability-lxml")}; \
	  want = {"trafilatura": "2.3.1", "readability-lxml": "0.9"}; \
	  print("extract-anchors:", v) if v == want else exit(f"extract-anchors: installed {v}, the anchors were measured with {want}")'

## This tree against another newsgen binary (BASE=path, e.g. the last release built in a worktree) on the
## seeded 10,000-article site in tmpfs: full builds and no-change rebuilds in alternating pairs (PAIRS=5).
BASE ?=
PAIRS ?= 5
bench-pair: deps gnu-time
	@[ -n "$(BASE)" ] || { echo "bench-pair: say which binary to compare with: make bench-pair BASE=/path/to/newsgen"; exit 2; }
	$(SWIFT) build -c release --scratch-path $(SCRATCH) --product newsgen
	@rm -rf /dev/shm/newsgen-bench-pair
	@python3 Tests/Benchmarks/hugo/generate.py 10000 /dev/shm/newsgen-bench-pair --seed 1 >/dev/null
	@PYTHONDONTWRITEBYTECODE=1 python3 Tests/Benchmarks/paired_builds.py "$(BASE)" $(SCRATCH)/release/newsgen /dev/shm/newsgen-bench-pair/newsgen --pairs $(PAIRS); \
	  status=$$?; rm -rf /dev/shm/newsgen-bench-pair; exit $$status

## Nothing a user sees changed: the sample site and a 1,000-article synthetic site built by BASE (a newsgen
## binary from before a change) and by this tree, `diff -r` of public/ and content/archive/ and of the builds' output.
same-output: deps
	@[ -n "$(BASE)" ] || { echo "same-output: say which binary to compare with: make same-output BASE=/path/to/newsgen"; exit 2; }
	$(SWIFT) build -c release --scratch-path $(SCRATCH) --product newsgen
	Tests/Benchmarks/same_output.sh "$(BASE)" $(SCRATCH)/release/newsgen

## The site as it looks after years of hourly builds (issue 18): N articles (default 100,000) over 50 feeds and
## 60 months, the archive written by a release newsgen, each feed holding its newest 50 items, the same articles
## as a Hugo site, and OUT/next-hour/ (50 new items) to copy over it. OUT must not exist or be empty.
SCALE_N ?= 100000
SCALE_OUT ?= /dev/shm/newsgen-scale
scale-site: deps
	$(SWIFT) build -c release --scratch-path $(SCRATCH) --product newsgen
	python3 Tests/Benchmarks/hugo/generate.py $(SCALE_N) $(SCALE_OUT) --years --newsgen $(SCRATCH)/release/newsgen
	@echo "scale-site: $(SCALE_OUT)/newsgen (newsgen), $(SCALE_OUT)/hugo (Hugo), $(SCALE_OUT)/next-hour (the next hour)"

## Debian's Hugo, the anchor of bench-scale and bench-serve (bench-hugo installs it with its other tools).
hugo-deps:
	@command -v hugo >/dev/null 2>&1 || { echo "Installing: hugo"; $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo </dev/null; }

## issue 18's targets on the long-running site at 1,000, 10,000 and 100,000 articles (SCALE_SIZES=…): cold,
## no-change and next-hour builds of a release binary against Hugo's build, in tmpfs; prints a section for
## BENCHMARKS.md with each target met or MISSED. The sites are generated once under SCALE_ROOT (100,000: ~150 s,
## 2.8 GB) and kept for the next run. SCALE_ARGS="--hugo-known 100000=SECONDS" skips Hugo at a size (it needs ~18 GB
## at 100,000 articles) and compares with an earlier run's time.
SCALE_SIZES ?= 1000,10000,100000
SCALE_ROOT ?= /dev/shm/newsgen-scale-bench
bench-scale: deps gnu-time hugo-deps
	$(SWIFT) build -c release --scratch-path $(SCRATCH) --product newsgen
	@PYTHONDONTWRITEBYTECODE=1 python3 Tests/Benchmarks/scale_bench.py --binary $(SCRATCH)/release/newsgen \
	  --sizes $(SCALE_SIZES) --root $(SCALE_ROOT) $(SCALE_ARGS)

## Search in headless Chromium on a built site (SEARCH_SITE: its folder or its public/): 20 fixed queries through
## search.js and through Pagefind's JS API (its index built offline from the same public/): bytes per query, time to
## first results, index sizes, top-10 overlap, with issue 18's targets (Tests/Benchmarks/search_bench.py).
SEARCH_SITE ?= public
bench-search: browser-deps
	@python3 -c 'import pagefind_bin' 2>/dev/null || { echo "Installing: pagefind-bin (pip)"; \
	  export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1; \
	  python3 -m pip install --quiet "pagefind-bin==1.5.2" </dev/null || python3 -m pip install --quiet --break-system-packages "pagefind-bin==1.5.2" </dev/null; }
	@PYTHONDONTWRITEBYTECODE=1 python3 Tests/Benchmarks/search_bench.py --site $(SEARCH_SITE) $(SEARCH_ARGS)

## newsgen against Hugo (Debian's) on seeded synthetic archives of 1,000 and 10,000 articles, in tmpfs,
## alternating pairs; then feed parsing against feedparser and xmllint. Prints a section for BENCHMARKS.md.
## Takes several minutes. HUGO_BENCH_ARGS="--sizes 1000 --skip-disk" and the like pass options through.
HUGO_BENCH_ARGS ?=
bench-hugo: deps
	@missing=""; \
	command -v hugo >/dev/null 2>&1 || missing="$$missing hugo"; \
	command -v xmllint >/dev/null 2>&1 || missing="$$missing libxml2-utils"; \
	[ -x /usr/bin/time ] || missing="$$missing time"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing </dev/null; \
	fi
	@python3 -c 'import feedparser' 2>/dev/null || { echo "Installing: feedparser (pip)"; \
	  export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1; \
	  python3 -m pip install --quiet "feedparser==6.0.11" </dev/null || python3 -m pip install --quiet --break-system-packages "feedparser==6.0.11" </dev/null; }
	$(SWIFT) build -c release --scratch-path $(SCRATCH) --product newsgen
	$(SWIFT) build -c release --scratch-path $(SCRATCH) --product newsgen-parse-bench
	@PYTHONDONTWRITEBYTECODE=1 python3 Tests/Benchmarks/hugo/compare.py --binary $(SCRATCH)/release/newsgen \
	  --parse-bench $(SCRATCH)/release/newsgen-parse-bench $(HUGO_BENCH_ARGS)

## Save → reload of `newsgen serve` against `hugo server` (live reload on) in headless Chromium, on seeded synthetic
## sites of 1,000 and 10,000 articles in tmpfs: 9 edits of one Markdown article each, paired and alternating, after a
## warm-up; medians, the ratio and each server's own rebuild time (Tests/Benchmarks/serve_bench.py).
## SERVE_BENCH_ARGS="--sizes 1000 --edits 5" and the like pass options through.
SERVE_BENCH_ARGS ?=
bench-serve: deps browser-deps hugo-deps
	$(SWIFT) build -c release --scratch-path $(SCRATCH) --product newsgen
	@PYTHONDONTWRITEBYTECODE=1 python3 Tests/Benchmarks/serve_bench.py $(SCRATCH)/release/newsgen $(SERVE_BENCH_ARGS)

## XSS vectors through a real build, loaded in headless Chromium with and without the CSP;
## then the app's critical path (home → article → bookmark → Bookmarks → article), and `newsgen serve` (live reload, bookmark button).
browser-test: deps browser-deps
	$(SWIFT) build --scratch-path $(SCRATCH) --product newsgen
	@$(MAKE) --no-print-directory browser-check BROWSER_BIN=$(SCRATCH)/debug/newsgen

browser-check: browser-deps
	PYTHONDONTWRITEBYTECODE=1 python3 -m unittest discover -s Tests/Browser -p 'test_*.py'
	PYTHONDONTWRITEBYTECODE=1 python3 $(BROWSER_CHECK) $(BROWSER_BIN)
	PYTHONDONTWRITEBYTECODE=1 python3 Tests/Browser/bookmark_path_check.py $(BROWSER_BIN)
	PYTHONDONTWRITEBYTECODE=1 python3 Tests/Browser/theme_check.py $(BROWSER_BIN)
	PYTHONDONTWRITEBYTECODE=1 python3 Tests/Browser/search_check.py $(BROWSER_BIN)
	PYTHONDONTWRITEBYTECODE=1 python3 Tests/Browser/serve_check.py $(BROWSER_BIN)

## Debian's chromium and chromium-driver (apt-get update first), selenium and axe-core (pip), when missing.
browser-deps:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing: chromium chromium-driver"; \
	    $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver </dev/null; \
	  else \
	    echo "The browser check needs Debian's chromium and chromium-driver (/usr/bin/chromium, /usr/bin/chromedriver)."; exit 1; \
	  fi; \
	fi
	@python3 -c 'import selenium' 2>/dev/null || { echo "Installing: selenium (pip)"; \
	  export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1; \
	  python3 -m pip install --quiet "selenium==4.51.0" </dev/null || python3 -m pip install --quiet --break-system-packages "selenium==4.51.0" </dev/null; }
	@python3 -c 'import importlib.metadata as m; m.version("axe-selenium-python-nhsuk")' 2>/dev/null || { echo "Installing: axe-selenium-python-nhsuk, axe-core's JS for the theme check (pip)"; \
	  export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1; \
	  python3 -m pip install --quiet "axe-selenium-python-nhsuk==1.0.4" </dev/null || python3 -m pip install --quiet --break-system-packages "axe-selenium-python-nhsuk==1.0.4" </dev/null; }

## The site's feeds out (/feed.xml, /feed.json, /sitemap.xml, /sources.opml) of a real build of the
## sample site, read by Python's feedparser, json and xml.etree rather than by newsgen's own parser.
feeds-check: deps python-deps
	$(SWIFT) build --scratch-path $(SCRATCH) --product newsgen
	PYTHONDONTWRITEBYTECODE=1 python3 Tests/Conformance/feeds_out_check.py $(SCRATCH)/debug/newsgen

## Python packages the checks import, from pip when missing: feedparser (feeds-check), PyYAML (ci-example-check).
python-deps:
	@python3 -c 'import feedparser' 2>/dev/null || { echo "Installing: feedparser (pip)"; \
	  export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1; \
	  python3 -m pip install --quiet "feedparser==6.0.11" </dev/null || python3 -m pip install --quiet --break-system-packages "feedparser==6.0.11" </dev/null; }
	@python3 -c 'import yaml' 2>/dev/null || { echo "Installing: PyYAML (pip)"; \
	  export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1; \
	  python3 -m pip install --quiet "PyYAML==6.0.3" </dev/null || python3 -m pip install --quiet --break-system-packages "PyYAML==6.0.3" </dev/null; }

# What the workflow's apt-get step names besides the build's packages; its stand-in only checks they are installed.
CI_EXAMPLE_APT_PACKAGES := git ca-certificates curl libvips42 zstd

## docs/ci/github-actions.yml executed here twice (Tests/CI/ci_example_check.py): its run: steps with bash, its
## uses: steps by local equivalents, a fixture feed on 127.0.0.1, a bare repository for GitHub; then the runner's unit tests.
ci-example-check: deps python-deps
	@$(call apt-install,$(CI_EXAMPLE_APT_PACKAGES))
	$(SWIFT) build --scratch-path $(SCRATCH) --product newsgen
	PYTHONDONTWRITEBYTECODE=1 python3 -m unittest discover -s Tests/CI -p 'test_*.py'
	PYTHONDONTWRITEBYTECODE=1 python3 Tests/CI/ci_example_check.py $(SCRATCH)/debug/newsgen

## What parsing in worker processes costs (ADR 046): the Parse stage (newsgen-parse-bench) in the process and with
## its feeds parsed by workers started from dist/newsgen, the binary the .deb installs; an hour's 50 feeds, 20 large
## feeds and feedparser's corpus, in alternating pairs (SANDBOX_BENCH_ARGS="--pairs 3" and the like pass options on).
SANDBOX_BENCH_ARGS ?=
bench-sandbox: deps dist
	$(SWIFT) build -c release --static-swift-stdlib --product newsgen-parse-bench --scratch-path $(DIST_SCRATCH) -Xcc -I$(DIST_INFO)
	@PYTHONDONTWRITEBYTECODE=1 python3 Tests/Benchmarks/sandbox_bench.py --bench $(DIST_SCRATCH)/release/newsgen-parse-bench \
	  --worker $(DIST_BIN) $(SANDBOX_BENCH_ARGS)

## Regenerate Sources/NewsgenKit/Load/BuiltInTheme.generated.swift (the theme built into the binary) from
## templates/ and docs/ci/github-actions.yml; BuiltInThemeTests fails until this is run after an edit.
embed-templates:
	python3 Tests/Tools/embed_templates.py

## Rewrite the usage blocks of README.md and docs/commands.md from the real --help output.
usage-docs: build
	python3 Tests/Tools/update_usage_docs.py .build/debug/newsgen

clean:
	rm -rf .build
	find public -mindepth 1 ! -name README.md -delete

# `make dist` and `make deb`: the release binary, its man page and completions, the Debian package.
include .ci/dist/dist.mk

# `make fuzz`, `make fuzz-build` and `make fuzz-smoke`: libFuzzer targets (docs/fuzzing.md).
include Tests/Fuzz/fuzz.mk

# `make dist-check`: the .deb installed and run on a minimal Debian root (README, ADR 042).
include Tests/Dist/dist-check.mk
