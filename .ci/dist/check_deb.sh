#!/usr/bin/env bash
# `make deb`'s check of the package it made, with dpkg-deb and lintian only (installing it is
# `make dist-check`'s job): every file in its place, the fields Debian needs, and lintian's verdict,
# which must be silent: no tag left, not even a pedantic or experimental one.
set -euo pipefail
deb=${1:?usage: check_deb.sh PACKAGE.deb}
status=0
fail() { echo "deb: $*" >&2; status=1; }

contents=$(dpkg-deb -c "$deb")
for path in usr/bin/newsgen usr/share/man/man1/newsgen.1.gz usr/share/bash-completion/completions/newsgen \
            usr/share/zsh/vendor-completions/_newsgen usr/share/fish/vendor_completions.d/newsgen.fish \
            usr/share/doc/newsgen/copyright usr/share/doc/newsgen/changelog.gz; do
  grep -q " \./$path\$" <<<"$contents" || fail "no /$path in the package"
done
if owners=$(awk '$2 != "root/root"' <<<"$contents" | grep .); then fail "files not owned by root: $owners"; fi

field() { dpkg-deb -f "$deb" "$1"; }
version=$(field Version)
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+(\+git[0-9]{8}\.[0-9a-f]{7,})?$ ]] || fail "Version '$version' is not <x.y.z>[+git<date>.<commit>]"
dpkg --validate-version "$version" || fail "dpkg refuses Version '$version'"
[[ $(basename "$deb") == "newsgen_${version}_$(field Architecture).deb" ]] || fail "the file name does not say version $version"
depends=$(field Depends)
for library in libc6 libxml2 libcmark-gfm0 libcmark-gfm-extensions0 libyaml-0-2 libcurl4 libssl3; do
  [[ ", $depends" == *", $library"* ]] || fail "Depends names no $library: $depends"
done
[[ $depends != *swift* ]] || fail "Depends names a Swift package: $depends"
[[ $(field Recommends) == libvips42 ]] || fail "Recommends is '$(field Recommends)', not libvips42"
echo "  Version: $version"
echo "  Depends: $depends"

if command -v lintian >/dev/null 2>&1; then
  # --pedantic and experimental tags too: any tag printed fails the check, as does lintian failing.
  # Its tags on standard output; standard error only says it runs as root, which is no finding.
  report=$(lintian --pedantic --info --display-experimental --tag-display-limit 0 "$deb" 2>/dev/null) || status=1
  if [[ -n $report ]]; then echo "$report" | sed 's/^/  lintian: /'; status=1; else echo "  lintian --pedantic: clean"; fi
else
  echo "  lintian: skipped (not installed; make deb-deps)"
fi
exit $status
