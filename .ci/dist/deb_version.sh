#!/usr/bin/env bash
# The Debian version of the binary BINARY built from this checkout: its version (newsgen --version, from
# NewsgenVersion.current) for a commit tagged v<version>, else <version>+git<commit date, UTC>.<commit>,
# the commit being the one the binary was built from (built_commit.sh).
# From the commit, never the clock: the same commit gives the same version (ADR 041).
set -euo pipefail
binary=$1
version=$("$binary" --version | awk 'NR == 1 {print $2}')
commit=$(bash "$(dirname "$0")/built_commit.sh" "$binary")
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "deb_version: '$binary --version' names no version x.y.z" >&2; exit 1; }
if git describe --tags --exact-match --match "v$version" "$commit" >/dev/null 2>&1; then
  echo "$version"
else
  echo "$version+git$(TZ=UTC0 git show -s --format=%cd --date=format-local:%Y%m%d "$commit").$(git rev-parse --short=7 "$commit")"
fi
