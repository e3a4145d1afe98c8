#!/usr/bin/env bash
# The commit the binary BINARY was built from, as its `--version` names it ("newsgen 0.1.0 (commit
# 1b9cc80e7f3a)", "+dirty" dropped), else HEAD: the package is named and dated after what it holds,
# even when a commit lands while `make dist` builds.
set -euo pipefail
built=$("${1:?usage: built_commit.sh BINARY}" --version | sed -n '1s/.*(commit \([0-9a-f]\{7,\}\).*/\1/p')
git rev-parse --verify --quiet "${built:-HEAD}^{commit}" || git rev-parse HEAD
