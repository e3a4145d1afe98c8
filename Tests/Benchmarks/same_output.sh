#!/usr/bin/env bash
# Proves that a change of code changed nothing a user sees: builds the repository's sample site
# and a seeded 1,000-article synthetic site (hugo/generate.py) with two newsgen binaries, each on
# its own copy, offline and at the same SOURCE_DATE_EPOCH, then `diff -r`s their public/ and
# content/archive/ folders and the builds' standard output and error. Exits 1 on any difference.
#
# Usage: same_output.sh BEFORE_BINARY AFTER_BINARY   (`make same-output BASE=...`)
set -euo pipefail
before=$(realpath "$1")
after=$(realpath "$2")
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/newsgen-same.XXXXXX")
trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=1764547200 NO_COLOR=1

mkdir "$work/sample"
cp -r "$root/site.json" "$root/content" "$root/templates" "$work/sample/"
[ -f "$root/bookmarks.json" ] && cp "$root/bookmarks.json" "$work/sample/"
python3 "$root/Tests/Benchmarks/hugo/generate.py" 1000 "$work/generated" >/dev/null
mv "$work/generated/newsgen" "$work/synthetic"

status=0
for site in sample synthetic; do
  for side in before after; do
    cp -r "$work/$site" "$work/$site-$side"
    binary=$before; [ "$side" = after ] && binary=$after
    # Twice: the second build is the incremental one (pages kept, archive unchanged).
    for pass in 1 2; do
      (cd "$work/$site-$side" && "$binary" build --site . --offline >"../$site-$side.out$pass" 2>"../$site-$side.err$pass") || echo "$site-$side build $pass: exit $?" >>"$work/$site-$side.exit"
      sed -i -E 's/[0-9]+(\.[0-9]+)? ?(ms|s)\b/<time>/g' "$work/$site-$side.out$pass" "$work/$site-$side.err$pass"
    done
  done
  for folder in public content/archive; do
    if diff -r "$work/$site-before/$folder" "$work/$site-after/$folder" >"$work/diff"; then
      echo "$site: $folder identical ($(find "$work/$site-after/$folder" -type f | wc -l) files)"
    else
      echo "$site: $folder DIFFERS:"; head -40 "$work/diff"; status=1
    fi
  done
  for stream in out1 err1 out2 err2; do
    cmp -s "$work/$site-before.$stream" "$work/$site-after.$stream" || { echo "$site: build $stream differs:"; diff "$work/$site-before.$stream" "$work/$site-after.$stream" | head -20; status=1; }
  done
  touch "$work/$site-before.exit" "$work/$site-after.exit"
  cmp -s "$work/$site-before.exit" "$work/$site-after.exit" || { echo "$site: exit codes differ"; status=1; }
done
exit $status
