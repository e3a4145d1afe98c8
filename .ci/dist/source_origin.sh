#!/usr/bin/env bash
# The origin remote `make dist` records beside the commit (ADR 054), for `newsgen init` to write into a new
# site's workflow: printed only when it is an https or ssh address, with any user name and password, query
# and fragment left out; nothing for a clone without an origin, or whose origin is a local path, file://,
# http or git:// (a runner cannot fetch those, and a local path says nothing a user should publish).
# The binary checks it again (NewsgenSource.publicRepository) and turns an ssh address into its https form.
# Usage: source_origin.sh [REMOTE]   (default: `git remote get-url origin` of the current folder)
set -uo pipefail
origin=${1-$(git remote get-url origin 2>/dev/null)} || exit 0
case $origin in
  *[!A-Za-z0-9._~/%+:@?#=\&-]*) exit 0 ;;                          # not a URL of a public repository
  https://* | ssh://* | git+ssh://* | ssh+git://*)
    printf '%s\n' "$origin" | sed -E 's#^([a-z+]+://)[^/]*@#\1#; s/[?#].*$//' ;;
  *://* | /* | .* | ~*) ;;                                           # http, git://, file://, a path
  *:*) printf '%s\n' "$origin" | sed -E 's#^[^/]*@##; s/[?#].*$//' ;;  # scp-like [user@]host:path, user left out
esac
exit 0
