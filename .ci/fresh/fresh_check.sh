#!/usr/bin/env bash
# `make fresh-check` (issue 33, ADR 052): `make run`, then `CI=true make test`, from a fresh clone of
# HEAD, in a root that holds what a new machine of this kind holds and nothing else.
#
# The root is an overlay of / in a private mount namespace: whatever is written or removed there
# lands in an upper folder that is thrown away, never on this machine. In it, purge.py removes every
# Debian and pip package this machine gained since it was new (the project's own installs included)
# and every executable on PATH that no package owns; other checkouts, work folders and caches are
# hidden behind empty folders; ../shared is bound read-only beside the clone, as CI lays it.
#
# Usage: fresh_check.sh REPOSITORY     (as root, on Linux; the Makefile passes its own folder)
# FRESH_PACKAGES=FILE  the new machine's package list (default: the env tool's, else .ci/fresh's copy)
# FRESH_DIR=DIR        where the clone and the overlay's upper folder go (default /var/tmp/newsgen-fresh)
# FRESH_KEEP=1         leave DIR in place afterwards (to look at the clone's .build or logs)
# FRESH_COMMAND=…      what runs in the root instead of `make run`, then `CI=true make test` (for checking this script)
set -euo pipefail

repository=$(cd "${1:?usage: fresh_check.sh REPOSITORY}" && pwd)
here="$repository/.ci/fresh"
work=${FRESH_DIR:-/var/tmp/newsgen-fresh}
# Each step timed, so that CI's log says what `make run` and `make test` take on a new machine.
timed() { printf 'start=$SECONDS; %s; echo "fresh-check: %s passed in $((SECONDS - start)) s"' "$1" "$1"; }
command=${FRESH_COMMAND:-"$(timed "make run"); $(timed "CI=true make test")"}

fail() { echo "fresh-check: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root: it mounts an overlay of / in a private mount namespace"
command -v unshare >/dev/null || fail "needs unshare (util-linux)"
shared=$(cd "$repository/.." && pwd)/shared
[ -d "$shared" ] || fail "$shared is missing: the tests read ../shared, and CI=true makes its absence a failure"

if [ -z "${FRESH_PACKAGES:-}" ]; then
  FRESH_PACKAGES=/work/.library/env/packages/installed-swift.txt
  [ -f "$FRESH_PACKAGES" ] || FRESH_PACKAGES="$here/new-machine-packages.txt"
fi
[ -f "$FRESH_PACKAGES" ] || fail "no package list at $FRESH_PACKAGES"

commit=$(git -C "$repository" rev-parse HEAD)
git -C "$repository" diff --quiet HEAD -- || echo "fresh-check: note: uncommitted changes are not checked, only $commit"

rm -rf "$work"
mkdir -p "$work/upper" "$work/overlay-work" "$work/root"
git clone --quiet --no-hardlinks "$repository" "$work/newsgen"
git -C "$work/newsgen" checkout --quiet --detach "$commit"
echo "fresh-check: $commit, new machine as $FRESH_PACKAGES, in $work"

started=$(date +%s)
status=0
unshare --mount --propagation private -- bash "$here/inside_root.sh" "$work" "$shared" "$FRESH_PACKAGES" "$command" || status=$?
echo "fresh-check: $([ $status = 0 ] && echo passed || echo "FAILED (exit $status)") in $(( $(date +%s) - started )) s"
[ "${FRESH_KEEP:-}" = 1 ] || rm -rf "$work"
exit $status
