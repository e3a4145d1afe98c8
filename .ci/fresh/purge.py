#!/usr/bin/env python3
"""Turns the root it runs in back into a new machine of this kind: what `make fresh-check` runs first,
inside its overlay of / (ADR 052), so nothing it removes is removed from the real machine.

Usage: purge.py --packages LIST [--dry-run]

LIST is the new machine's package list (the `env` tool's packages/installed-swift.txt; lines
`apt<TAB>NAME<TAB>VERSION` and `pip 3.11<TAB>NAME<TAB>VERSION`). Removed, in this order:
  1. every Debian package installed here that the list does not name (dpkg --purge, exactly those);
  2. every pip package of the image's Python that the list does not name (pip uninstall);
  3. every executable on PATH that no Debian or pip package owns, but for the Swift toolchain
     (/opt/swift) and the image's own Python (pyenv), which a new machine has.
Prints what it removed, one summary line per kind; --dry-run prints the same and removes nothing.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

# What a new machine has on PATH without any package owning it: the toolchain and the image's Python.
KEPT_PREFIXES = ("/opt/swift/", "/root/.pyenv/")
# The image's policy-rc.d tells Debian's maintainer scripts not to start the daemons they install
# (there is no init here): the package system's configuration, not a tool a test could use.
KEPT_FILES = ("/usr/sbin/policy-rc.d",)


def normalized_pip(name):
    """pip's own rule (PEP 503): case and runs of -_. do not matter."""
    return re.sub(r"[-_.]+", "-", name).lower()


def debian_name(name):
    """`libfoo:amd64` and `libfoo` are one package for this comparison."""
    return name.split(":", 1)[0]


def read_list(path):
    apt, pip = set(), set()
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 2:
                continue
            if fields[0] == "apt":
                apt.add(debian_name(fields[1]))
            elif fields[0] == "pip 3.11":
                pip.add(normalized_pip(fields[1]))
    if not apt or not pip:
        sys.exit(f"purge: {path} names no apt or no 'pip 3.11' packages; is it the new machine's list?")
    return apt, pip


def installed_debian():
    """Every package dpkg knows that is installed or left with its configuration files."""
    out = subprocess.run(["dpkg-query", "-W", "-f=${binary:Package}\t${db:Status-Abbrev}\n"],
                         check=True, capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        name, status = line.split("\t")
        if status.strip() in ("ii", "rc", "iU", "iF", "hi"):
            found[debian_name(name)] = name
    return found


def installed_pip(python):
    out = subprocess.run([python, "-m", "pip", "list", "--format=json"], check=True,
                         capture_output=True, text=True).stdout
    return {normalized_pip(entry["name"]): entry["name"] for entry in json.loads(out)}


def usr_merged(path):
    """Debian 12 merges /bin into /usr/bin (and sbin, lib): a package may list either spelling."""
    for short in ("/bin/", "/sbin/", "/lib/", "/lib64/"):
        if path.startswith(short):
            return "/usr" + path
    return path


def debian_files():
    """Every path a package's file list names, and the paths dpkg-divert moved such files to."""
    owned = set()
    diversions = subprocess.run(["dpkg-divert", "--list"], check=True, capture_output=True, text=True).stdout
    owned.update(usr_merged(m) for m in re.findall(r" to (\S+) by ", diversions))
    for listing in glob.glob("/var/lib/dpkg/info/*.list"):
        with open(listing, encoding="utf-8", errors="replace") as handle:
            owned.update(usr_merged(line.rstrip("\n")) for line in handle)
    return owned


def pip_files(python):
    """The files pip's RECORDs name for the image's Python, as absolute paths (its scripts among them)."""
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    owned = set()
    for record in glob.glob(os.path.join(site, "*.dist-info", "RECORD")):
        with open(record, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                relative = line.split(",", 1)[0]
                owned.add(os.path.normpath(os.path.join(site, relative)))
    return owned


def owned(path, owners):
    if path.startswith(KEPT_PREFIXES) or path in KEPT_FILES:
        return True
    if os.path.islink(path) and os.readlink(path).startswith("/etc/alternatives/"):
        return True  # update-alternatives' links, which dpkg's maintainer scripts make
    return usr_merged(path) in owners or usr_merged(os.path.realpath(path)) in owners


def unowned_executables(owners):
    seen, found = set(), []
    for folder in os.environ.get("PATH", "").split(":"):
        if not folder or not os.path.isdir(folder) or os.path.realpath(folder) in seen:
            continue
        seen.add(os.path.realpath(folder))
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if os.path.isfile(path) and os.access(path, os.X_OK) and not owned(path, owners):
                found.append(path)
    return found


def summary(kind, names):
    shown = " ".join(sorted(names))
    print(f"purge: {len(names)} {kind}" + (f": {shown}" if names else ""), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--packages", required=True)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    apt, pip = read_list(args.packages)
    python = sys.executable

    debian = installed_debian()
    extra_debian = sorted(full for short, full in debian.items() if short not in apt)
    summary("Debian packages this machine gained", extra_debian)
    if extra_debian and not args.dry_run:
        subprocess.run(["dpkg", "--purge", "--force-depends", "--force-remove-essential", *extra_debian],
                       check=True, stdout=subprocess.DEVNULL, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    missing = sorted(apt - set(debian))
    if missing:
        print(f"purge: note: {len(missing)} packages of the list are not installed here: {' '.join(missing)}")

    extra_pip = sorted(full for short, full in installed_pip(python).items() if short not in pip)
    summary("pip packages this machine gained", extra_pip)
    if extra_pip and not args.dry_run:
        subprocess.run([python, "-m", "pip", "uninstall", "--yes", "--quiet", *extra_pip], check=True,
                       env={**os.environ, "PIP_ROOT_USER_ACTION": "ignore"})

    owners = debian_files() | pip_files(python)
    strays = unowned_executables(owners)
    summary("executables on PATH that no package owns", strays)
    if not args.dry_run:
        for path in strays:
            os.remove(path)


if __name__ == "__main__":
    main()
