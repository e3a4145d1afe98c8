#!/usr/bin/env bash
# Times full builds of the repository's sample site with the given binary and
# prints the median. Works on a copy in tmpfs (/dev/shm) when there is one,
# because disk writes on CI machines swing too much to compare runs.
set -euo pipefail
bin=$(realpath "$1")
runs=${RUNS:-15}
root=$(cd "$(dirname "$0")/../.." && pwd)
base=/dev/shm; [ -d "$base" ] && [ -w "$base" ] || base=${TMPDIR:-/tmp}
work=$(mktemp -d "$base/newsgen-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -r "$root/site.json" "$root/content" "$root/templates" "$work/"
[ -f "$root/bookmarks.json" ] && cp "$root/bookmarks.json" "$work/"
rm -rf "$work/content/archive"

"$bin" build --site "$work" --offline --quiet   # warm-up, also creates the archive
times=()
for _ in $(seq "$runs"); do
  start=$(date +%s%N)
  "$bin" build --site "$work" --offline --quiet
  end=$(date +%s%N)
  times+=($(( (end - start) / 1000 )))
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
median=${sorted[$(( runs / 2 ))]}
articles=$(find "$work/public/articles" -name index.html | wc -l)
printf 'sample site (%d articles): full rebuild median %d.%03d ms over %d runs (min %d.%03d ms, max %d.%03d ms)\n' \
  "$articles" $((median / 1000)) $((median % 1000)) "$runs" \
  $((sorted[0] / 1000)) $((sorted[0] % 1000)) $((sorted[-1] / 1000)) $((sorted[-1] % 1000))
