# `make dist` and `make deb` (issue 20, ADR 041): a release binary that needs no Swift toolchain, its man page
# and completions, and the Debian package of them. Included by the Makefile.

## Where the release files go (git-ignored), and where SwiftPM builds them.
DIST := dist
DIST_SCRATCH ?= .build
DIST_BIN := $(DIST)/newsgen
DIST_MAN := $(DIST)/newsgen.1
DIST_COMPLETIONS := $(DIST)/completions
## The folder of newsgen_dist_commit.h, which only this build's compiler is shown (Sources/CNewsgenBuildInfo).
DIST_INFO := $(abspath $(DIST_SCRATCH))/dist-info
## The commit `newsgen --version` names; "+dirty" when tracked files differ from it.
DIST_COMMIT := $(shell c=$$(git rev-parse --short=12 HEAD 2>/dev/null) && { git diff --quiet HEAD -- 2>/dev/null && echo $$c || echo $$c+dirty; })
## The same commit in full, and the origin remote's https or ssh address without credentials (nothing for a
## local path): where `newsgen init` tells a new site's workflow to get newsgen's source (ADR 054).
DIST_FULL_COMMIT := $(shell git rev-parse HEAD 2>/dev/null)
DIST_ORIGIN := $(shell bash .ci/dist/source_origin.sh)
## What the checks of `make dist` and `make deb` run: the shells and groff read their files, dpkg-shlibdeps
## (dpkg-dev) finds the package's Depends, lintian reviews it.
DIST_APT_PACKAGES := zsh fish groff-base binutils
DEB_APT_PACKAGES := dpkg-dev lintian

.PHONY: dist dist-deps deb deb-deps

## The release binary (static Swift runtime, stripped), newsgen.1 and the bash, zsh and fish completions in dist/.
dist: deps dist-deps
	@mkdir -p $(DIST_INFO) && printf '#define NEWSGEN_COMMIT "%s"\n#define NEWSGEN_FULL_COMMIT "%s"\n#define NEWSGEN_ORIGIN "%s"\n' \
	  '$(DIST_COMMIT)' '$(DIST_FULL_COMMIT)' '$(DIST_ORIGIN)' > $(DIST_INFO)/commit.tmp && \
	  { cmp -s $(DIST_INFO)/commit.tmp $(DIST_INFO)/newsgen_dist_commit.h || mv $(DIST_INFO)/commit.tmp $(DIST_INFO)/newsgen_dist_commit.h; }
	$(SWIFT) build -c release --static-swift-stdlib --product newsgen --scratch-path $(DIST_SCRATCH) -Xcc -I$(DIST_INFO)
	@mkdir -p $(DIST_COMPLETIONS)
	strip -o $(DIST_BIN) $(DIST_SCRATCH)/release/newsgen
	$(DIST_BIN) help --man > $(DIST_MAN)
	$(DIST_BIN) completion bash > $(DIST_COMPLETIONS)/newsgen.bash
	$(DIST_BIN) completion zsh > $(DIST_COMPLETIONS)/_newsgen
	$(DIST_BIN) completion fish > $(DIST_COMPLETIONS)/newsgen.fish
	@bash .ci/dist/check_dist.sh $(DIST) '$(DIST_COMMIT)'
	@echo "dist: $(DIST_BIN) ($$(du -h $(DIST_BIN) | cut -f1)), $(DIST_MAN), $(DIST_COMPLETIONS)/"

## dist/newsgen_<version>_amd64.deb from dist/, then its checks (contents, fields, lintian).
deb: dist deb-deps
	@deb=$$(bash .ci/dist/make_deb.sh $(DIST)) && bash .ci/dist/check_deb.sh "$$deb" && echo "deb: $$deb"

dist-deps:
	@$(call apt-install,$(DIST_APT_PACKAGES))

deb-deps:
	@$(call apt-install,$(DEB_APT_PACKAGES))

