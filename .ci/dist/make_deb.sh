#!/usr/bin/env bash
# `make deb`: dist/newsgen_<version>_amd64.deb from what `make dist` left in DIST (the binary, the man page,
# the completions), with dpkg-deb alone. Depends comes from dpkg-shlibdeps on the binary; libvips is opened
# on demand, so it is only recommended. Every file's time is the commit's, so one commit gives one package.
set -euo pipefail
dist=${1:?usage: make_deb.sh DIST}
here=$(cd "$(dirname "$0")" && pwd)
version=$(bash "$here/deb_version.sh" "$dist/newsgen")
commit=$(bash "$here/built_commit.sh" "$dist/newsgen")
arch=$(dpkg --print-architecture)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git show -s --format=%ct "$commit")}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
umask 022
root=$work/root
doc=$root/usr/share/doc/newsgen

install -D -m 755 "$dist/newsgen" "$root/usr/bin/newsgen"
install -d "$root/usr/share/man/man1" "$doc"
gzip -9n < "$dist/newsgen.1" > "$root/usr/share/man/man1/newsgen.1.gz"
install -D -m 644 "$dist/completions/newsgen.bash" "$root/usr/share/bash-completion/completions/newsgen"
install -D -m 644 "$dist/completions/_newsgen" "$root/usr/share/zsh/vendor-completions/_newsgen"
install -D -m 644 "$dist/completions/newsgen.fish" "$root/usr/share/fish/vendor_completions.d/newsgen.fish"
install -m 644 "$here/copyright" "$doc/copyright"
# Lintian wants a changelog even from a package built outside Debian: one entry, this commit. A native
# version (no Debian revision) names it changelog.gz, not changelog.Debian.gz.
{
  echo "newsgen ($version) unstable; urgency=medium"
  echo
  echo "  * Built by 'make deb' from commit $commit."
  echo
  echo " -- $(sed -n 's/^Maintainer: //p' "$here/control")  $(LC_ALL=C date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n > "$doc/changelog.gz"

# dpkg-shlibdeps reads debian/control of the folder it runs in.
mkdir -p "$work/debian"
printf 'Source: newsgen\n\nPackage: newsgen\nArchitecture: any\n' > "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O -e root/usr/bin/newsgen 2>"$work/shlibdeps.err" | sed -n 's/^shlibs:Depends=//p') ||
  { cat "$work/shlibdeps.err" >&2; exit 1; }
[[ -n $depends ]] || { echo "make_deb: dpkg-shlibdeps found no dependency of the binary" >&2; cat "$work/shlibdeps.err" >&2; exit 1; }

install -d "$root/DEBIAN"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
{
  sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$depends/" \
      -e "s/@SIZE@/$(du -sk --exclude=DEBIAN "$root" | cut -f1)/" "$here/control"
} > "$root/DEBIAN/control"
chmod 644 "$root/DEBIAN/md5sums" "$root/DEBIAN/control"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

deb=$dist/newsgen_${version}_${arch}.deb
rm -f "$dist"/newsgen_*.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
