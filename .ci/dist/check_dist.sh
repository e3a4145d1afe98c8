#!/usr/bin/env bash
# `make dist`'s own check of what it made in DIST: the binary needs no Swift library (ldd), runs, and says
# its commit; the shells read their completion scripts (bash -n, zsh -n, fish --no-execute) and groff reads
# the man page without a warning. A missing zsh, fish or groff is said, not failed: `make dist-deps` installs them.
set -euo pipefail
dist=${1:?usage: check_dist.sh DIST COMMIT}
commit=${2:-}
status=0
fail() { echo "dist: $*" >&2; status=1; }

libraries=$(ldd "$dist/newsgen")
echo "$libraries" | sed 's/^/  ldd: /'
if swift=$(echo "$libraries" | grep -Ei 'libswift|libFoundation|libdispatch|libBlocksRuntime|lib_FoundationICU|/opt/swift|\.build/'); then
  fail "the binary needs Swift libraries: $swift"
fi
if missing=$(echo "$libraries" | grep 'not found'); then fail "libraries not found: $missing"; fi

version=$("$dist/newsgen" --version)
echo "  --version: $version"
[[ -z $commit || $version == *"(commit $commit)" ]] || fail "--version says '$version', not commit $commit"

check() { # NAME COMMAND…: run it, fail with its output when it complains.
  local name=$1 output; shift
  if ! command -v "$1" >/dev/null 2>&1; then echo "  $name: skipped ($1 is not installed)"; return; fi
  if output=$("$@" 2>&1) && [[ -z $output ]]; then echo "  $name: ok"; else fail "$name: $output"; fi
}
check "bash -n" bash -n "$dist/completions/newsgen.bash"
check "zsh -n" zsh -n "$dist/completions/_newsgen"
check "fish --no-execute" fish --no-execute "$dist/completions/newsgen.fish"
if command -v groff >/dev/null 2>&1; then
  warnings=$(groff -man -Tutf8 -ww -z "$dist/newsgen.1" 2>&1)
  [[ -z $warnings ]] && echo "  groff -man -ww: ok" || fail "groff -man -ww: $warnings"
else
  echo "  groff: skipped (groff is not installed)"
fi
exit $status
