# `make dist-check` (issue 20, ADR 042), included by the Makefile: the package `make deb` made,
# installed and run in a minimal Debian root (Tests/Dist/dist_check.py, cached in .build/dist-check/).
# Needs root. DIST_CHECK_ARGS passes options on, e.g. DIST_CHECK_ARGS="--deb other.deb".
# With DIST_CHECK_OPTIONAL=1 (.ci/run) a machine that cannot run it (exit 77: not root, no
# chroot) skips it, saying why; by hand it fails.
DIST_CHECK_ARGS ?=
DIST_CHECK_OPTIONAL ?=

.PHONY: dist-check dist-check-deps

## debootstrap from Debian's packages, when root and missing.
dist-check-deps:
	@command -v debootstrap >/dev/null 2>&1 || [ "$$(id -u)" != 0 ] || { echo "Installing: debootstrap"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap; }

dist-check: deb dist-check-deps
	PYTHONDONTWRITEBYTECODE=1 python3 -m unittest discover -s Tests/Dist -p 'test_*.py'
	@status=0; PYTHONDONTWRITEBYTECODE=1 python3 Tests/Dist/dist_check.py $(DIST_CHECK_ARGS) || status=$$?; \
	if [ $$status = 77 ] && [ -n "$(DIST_CHECK_OPTIONAL)" ]; then echo "dist-check: skipped on this machine (the reason is above)"; exit 0; fi; \
	exit $$status
