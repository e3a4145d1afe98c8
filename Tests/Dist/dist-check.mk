# `make dist-check` (issue 20, ADR 042), included by the Makefile: the package `make deb` made,
# installed and run in a minimal Debian root (Tests/Dist/dist_check.py, cached in .build/dist-check/).
# Needs root. DIST_CHECK_ARGS passes options on, e.g. DIST_CHECK_ARGS="--deb other.deb".
# With DIST_CHECK_OPTIONAL=1 (.ci/run) a machine that cannot run it (exit 77: not root, no
# chroot) skips it, saying why; by hand it fails.
DIST_CHECK_ARGS ?=
DIST_CHECK_OPTIONAL ?=

.PHONY: dist-check dist-check-deps

## debootstrap from Debian's packages when missing (not tried without root: the check then says why it cannot run).
dist-check-deps:
	@[ "$$(id -u)" != 0 ] || { $(call apt-install,debootstrap); }

dist-check: deb dist-check-deps
	PYTHONDONTWRITEBYTECODE=1 python3 -m unittest discover -s Tests/Dist -p 'test_*.py'
	@status=0; PYTHONDONTWRITEBYTECODE=1 python3 Tests/Dist/dist_check.py $(DIST_CHECK_ARGS) || status=$$?; \
	if [ $$status = 77 ] && [ -n "$(DIST_CHECK_OPTIONAL)" ]; then echo "dist-check: skipped on this machine (the reason is above)"; exit 0; fi; \
	exit $$status
