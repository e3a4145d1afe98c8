#!/usr/bin/env bash
# Runs newsgen on hostile feeds and web pages and checks that each one is
# refused or processed within the bound: 10 seconds of wall time and 500 MB of
# peak resident memory (issue 4, point 6; issue 17; docs/security.md, "Bounded work").
#
#   Tests/Benchmarks/hostile.sh BINARY [CASE...]     (`make bench-hostile` builds a release binary first)
#
# Each case (see hostile_inputs.py --list) is generated into a temporary folder
# (tmpfs /dev/shm when there is one) and run twice: `newsgen inspect FILE`, and
# `newsgen build --site SITE` for a site whose one source is that file. A web
# page case (hostile_pages.py) runs once, `newsgen extract FILE --format json`;
# a served page (a drip that never ends, a redirect loop, a PDF, a PNG) runs
# `newsgen extract URL --format json` against hostile_pages.py's server on
# 127.0.0.1, which this script starts when such a case is chosen and stops at
# the end. A refusal (exit 1) must give its reason on stderr. Each run
# is measured with GNU time (`/usr/bin/time`, Debian's `time` package) and
# stopped after TIMEOUT seconds (60 by default). One line per run: wall seconds,
# CPU seconds (user + system), peak MB, PASS or FAIL against the bound, and the
# outcome: refused with newsgen's message (for a build: the source failed with
# it, as a build reports a bad feed), or processed, with the build's first
# warning when it gave one. A run that crashes or is killed fails whatever its
# figures. Exit 1 when any run fails. MAX_SECONDS and MAX_MB change the bound.
set -uo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 BINARY [CASE...]" >&2
  exit 64
fi
bin=$(realpath "$1"); shift
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
generator="$here/hostile_inputs.py"
max_seconds=${MAX_SECONDS:-10}
max_mb=${MAX_MB:-500}
timeout_seconds=${TIMEOUT:-60}
gnu_time=/usr/bin/time

if [ ! -x "$bin" ]; then echo "$0: $bin is not an executable" >&2; exit 64; fi
if ! "$gnu_time" -f %e true >/dev/null 2>&1; then
  echo "$0: GNU time is missing: apt-get install time" >&2
  exit 64
fi
if ! command -v python3 >/dev/null 2>&1; then echo "$0: python3 is missing" >&2; exit 64; fi

base=/dev/shm; [ -d "$base" ] && [ -w "$base" ] || base=${TMPDIR:-/tmp}
work=$(mktemp -d "$base/newsgen-hostile.XXXXXX")
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT

if [ $# -gt 0 ]; then cases=("$@"); else mapfile -t cases < <(python3 "$generator" --list | cut -f1); fi
declare -A kinds
for name in "${cases[@]}"; do
  if ! kinds[$name]=$(python3 "$generator" --kind "$name"); then
    echo "$0: no case '$name' (hostile_inputs.py --list names them)" >&2
    exit 64
  fi
done

# The served pages' server: a free port on 127.0.0.1, only when a served case was chosen.
port=
if printf '%s\n' "${kinds[@]}" | grep -qx served; then
  python3 "$here/hostile_pages.py" --serve "$work/port" </dev/null &
  server_pid=$!
  for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
  if ! port=$(cat "$work/port" 2>/dev/null) || [ -z "$port" ]; then
    echo "$0: the hostile page server did not start" >&2
    exit 64
  fi
fi

printf '%s, %s, bound %s s and %s MB per run\n' "$("$bin" --version 2>/dev/null | head -1)" "$(date -u +%Y-%m-%dT%H:%MZ)" "$max_seconds" "$max_mb"
printf '%-22s %-7s %6s %6s %8s  %-4s  %s\n' case command wall-s cpu-s peak-MB bound outcome

failures=0
# run NAME COMMAND OUTDIR ARGS...: measures one run and prints its line ($feed is the case's file).
run() {
  local name=$1 command=$2 out=$3; shift 3
  local status
  "$gnu_time" -f '%e %U %S %M' -o "$out/time" timeout -k 5 "$timeout_seconds" "$@" >"$out/stdout" 2>"$out/stderr"
  status=$?
  local wall user sys kb
  read -r wall user sys kb < <(grep -E '^[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+$' "$out/time" | tail -1)
  wall=${wall:-0}; user=${user:-0}; sys=${sys:-0}; kb=${kb:-0}
  local cpu mb
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  mb=$(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }')
  local outcome verdict=PASS
  case $status in
    0)
      # A build goes on when a source fails; that source's feed was refused.
      local warning
      warning=$(grep -m1 '^warning: ' "$out/stderr" | sed 's/^warning: //')
      if [[ $warning == "source 'hostile' failed: "* ]]; then
        outcome="refused: ${warning#"source 'hostile' failed: "}"
      elif [ -n "$warning" ]; then
        outcome="processed; warning: ${warning#"source 'hostile': "}"
      else
        outcome=processed
      fi
      ;;
    1)
      local reason
      reason=$(grep -m1 -v '^\s*$' "$out/stderr" | sed 's/^error: //')
      if [ -n "$reason" ]; then outcome="refused: $reason"; else outcome="refused without a reason on stderr"; verdict=FAIL; fi
      ;;
    124|137) outcome="killed after ${timeout_seconds} s"; verdict=FAIL ;;
    *) outcome="crashed (exit $status): $(head -c 200 "$out/stderr" | tr '\n' ' ')"; verdict=FAIL ;;
  esac
  if awk -v w="$wall" -v m="$mb" -v W="$max_seconds" -v M="$max_mb" 'BEGIN { exit !(w > W || m > M) }'; then
    verdict=FAIL
  fi
  [ "$verdict" = FAIL ] && failures=$((failures + 1))
  # The file's name is dropped from messages: it is the case's.
  outcome=${outcome//"$feed: "/}
  outcome=${outcome//"content/feeds/$(basename "$feed"): "/}
  printf '%-22s %-7s %6.2f %6s %8s  %-4s  %s\n' "$name" "$command" "$wall" "$cpu" "$mb" "$verdict" "$outcome"
}

for name in "${cases[@]}"; do
  dir="$work/$name"
  case ${kinds[$name]} in
    page)
      mkdir -p "$dir/page" "$dir/extract"
      if ! file=$(python3 "$generator" "$dir/page" "$name"); then echo "$0: cannot generate case '$name'" >&2; exit 64; fi
      feed=$file
      run "$name" extract "$dir/extract" "$bin" extract "$file" --format json
      rm -rf "$dir"
      continue
      ;;
    served)
      mkdir -p "$dir/extract"
      feed="http://127.0.0.1:$port$(python3 "$generator" "$dir" "$name")"
      run "$name" extract "$dir/extract" "$bin" extract "$feed" --format json
      rm -rf "$dir"
      continue
      ;;
  esac
  mkdir -p "$dir/site/content/feeds" "$dir/inspect" "$dir/build"
  if ! file=$(python3 "$generator" "$dir/site/content/feeds" "$name"); then
    echo "$0: cannot generate case '$name'" >&2
    exit 64
  fi
  cp -r "$root/templates" "$dir/site/"
  printf '{"version": 1, "title": "Hostile %s", "sources": [{"id": "hostile", "path": "content/feeds/%s"}]}\n' \
    "$name" "$(basename "$file")" >"$dir/site/site.json"
  feed=$file
  run "$name" inspect "$dir/inspect" "$bin" inspect "$file"
  run "$name" build "$dir/build" "$bin" build --offline --site "$dir/site"
  rm -rf "$dir"
done

if [ "$failures" -gt 0 ]; then
  echo "$failures run(s) broke the bound of $max_seconds s and $max_mb MB, or crashed."
  exit 1
fi
echo "Every run stayed within $max_seconds s and $max_mb MB."
