# newsgen — `make run` and `make test` set everything up on a fresh machine.
SHELL := /bin/bash
SWIFT ?= swift
# Debian packages the build needs (C libraries through systemLibrary targets).
APT_PACKAGES := pkg-config libxml2-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/debug/newsgen
# Where `make conformance` builds; helpers working side by side pass their own (SCRATCH=/tmp/build-x).
SCRATCH ?= .build
# Extra options for the conformance runner, e.g. ARGS="--list-failures rss".
ARGS ?=
CONFORMANCE := Tests/Conformance/feedparser_conformance.py

.PHONY: run test build deps bench clean conformance

## Install the missing Debian packages (apt-get update first, once).
deps:
	@if command -v dpkg >/dev/null 2>&1; then \
	  missing=""; \
	  for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  if [ -n "$$missing" ]; then \
	    echo "Installing:$$missing"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	  fi; \
	elif command -v brew >/dev/null 2>&1; then \
	  brew list libxml2 cmark-gfm libyaml pkg-config >/dev/null 2>&1 || brew install libxml2 cmark-gfm libyaml pkg-config; \
	else \
	  echo "Install libxml2, cmark-gfm (with extensions) and libyaml development files, then run make again."; \
	fi

build: deps
	$(SWIFT) build

## Build the sample site in this repository (offline) into public/.
run: build
	$(BIN) build --site .
	@echo
	@echo "The site is in $(CURDIR)/public/. Serve it with:"
	@echo "  python3 -m http.server -d public 8000   # then open http://localhost:8000/"

## Every test: unit, conformance (../shared/corpora when present) and end to end.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@if command -v python3 >/dev/null 2>&1; then \
	  PYTHONDONTWRITEBYTECODE=1 python3 -m unittest discover -s Tests/Conformance && \
	  python3 $(CONFORMANCE) --check --binary $(BIN); \
	else \
	  echo "conformance: skipped (python3 is not installed)"; \
	fi

## feedparser's test corpus (../shared/corpora) against `newsgen inspect`: pass rates per folder.
conformance: deps
	$(SWIFT) build --scratch-path $(SCRATCH) --product newsgen
	python3 $(CONFORMANCE) --binary $(SCRATCH)/debug/newsgen $(ARGS)

## Time full builds of the sample site with a release binary (later issues extend this).
bench: deps
	$(SWIFT) build -c release
	@bash Tests/Benchmarks/bench.sh .build/release/newsgen

clean:
	rm -rf .build
	find public -mindepth 1 ! -name README.md -delete
