#!/usr/bin/env bash
# The part of `make fresh-check` that runs in its private mount namespace (fresh_check.sh starts it
# with unshare): builds the new machine's root over WORK/root and runs COMMAND in the clone there.
# Usage: inside_root.sh WORK SHARED PACKAGE_LIST COMMAND
set -euo pipefail
work=$1 shared=$2 packages=$3 command=$4
root="$work/root"

mount -t overlay overlay -o "lowerdir=/,upperdir=$work/upper,workdir=$work/overlay-work" "$root"

# What the kernel serves, as on any machine.
for system in dev proc sys; do mount --rbind "/$system" "$root/$system" && mount --make-rslave "$root/$system"; done

# Hidden behind empty folders: scratch space and caches (/tmp, /var/tmp, /dev/shm), every checkout
# and work folder (/work, the CI harness's /farm) and the package managers' download caches.
for empty in tmp var/tmp dev/shm work farm var/cache/apt/archives; do
  [ -d "$root/$empty" ] && mount -t tmpfs -o mode=1777 tmpfs "$root/$empty"
done

# root's home keeps what the image put there (its Python, its Rust, the shell's files, pip's
# settings, git's identity); what sessions added since (SwiftPM's and pip's caches, ~/.local, browser
# profiles) is hidden. Kept entries stay in the overlay, so pip's uninstalls below never reach them.
hide() {  # an empty folder over a folder, an empty file over a file
  if [ -d "$1" ]; then mount -t tmpfs -o mode=0700 tmpfs "$1"; else mount --bind "$work/empty-file" "$1"; fi
}
: > "$work/empty-file"
for entry in "$root"/root/.[!.]* "$root"/root/*; do
  case "${entry##*/}" in
    .bashrc|.profile|.gitconfig|.pyenv|.cargo|.rustup) ;;
    .config) for setting in "$entry"/.[!.]* "$entry"/*; do
               [ -e "$setting" ] && [ "${setting##*/}" != pip ] && hide "$setting"
             done ;;
    *) [ -e "$entry" ] && hide "$entry" ;;
  esac
done

# The clone and ../shared beside it (read-only), as CI lays them out.
mkdir -p "$root/work/newsgen" "$root/work/shared"
mount --bind "$work/newsgen" "$root/work/newsgen"
mount --bind "$shared" "$root/work/shared"
mount -o remount,bind,ro "$root/work/shared"
cp "$packages" "$root/tmp/new-machine-packages.txt"

exec chroot "$root" /usr/bin/env CI=true bash -c '
  set -e
  cd /work/newsgen
  echo "fresh-check: purging what this machine gained since it was new"
  start=$(date +%s)
  python3 .ci/fresh/purge.py --packages /tmp/new-machine-packages.txt
  echo "fresh-check: purged in $(( $(date +%s) - start )) s"
  '"$command"'
'
