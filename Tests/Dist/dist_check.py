#!/usr/bin/env python3
"""`make dist-check`: the .deb installed and used on a Debian that has nothing on it.

A minimal root (debootstrap --variant=minbase) from the mirror this machine's apt
sources name is made once and cached under .build/dist-check/<suite>-<key>/pristine, key
of the suite and the mirror. Each run then:

1. asks apt, in a fresh overlay (or copy) of that bare root, what `apt-get install
   ./newsgen_*.deb` would install (`--simulate`): only runtime libraries may be among them
   (no -dev package, nothing of Swift, no compiler);
2. takes the runtime root for exactly that list of packages and versions
   (runtime-<digest>/): the bare root with the package installed by `apt-get install
   ./newsgen_*.deb` and purged again, made and cached the first time a list is seen, so
   unpacking the ~140 libraries libvips recommends is paid once, not every run;
3. in a fresh overlay (or copy) of the runtime root, runs `apt-get install ./newsgen_*.deb`
   for real (which must now install newsgen and nothing else), checks `ldd`, then
   `newsgen --version`, `init`, `build --offline` and `check --offline`, each timed.

Exit 0 when every step holds; 1 naming the step that failed; 77 when this machine
cannot run the check (not root, no debootstrap, no Debian mirror, no chroot).

Usage: dist_check.py [--deb dist/newsgen_<ver>_amd64.deb] [--suite bookworm] [--mirror URI]
"""
import argparse
import contextlib
import glob
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import apt_sources  # noqa: E402

CANNOT_RUN = 77  # automake's "skipped": .ci/run tells "cannot run here" from "failed"
# Bump when the cached root is made differently, so an old cache is not reused.
ROOT_LAYOUT = 1
# Bump when a runtime root is made differently.
RUNTIME_LAYOUT = 1
ENVIRONMENT = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/root",
               "LANG": "C.UTF-8", "DEBIAN_FRONTEND": "noninteractive", "TERM": "dumb", "NO_COLOR": "1"}

# What a new user types first, each a step of its own; the site must then have a home page.
NEWSGEN_STEPS = ("newsgen --version", "newsgen init site", "newsgen build --site site --offline",
                 "newsgen check --site site --offline")


class CannotRun(Exception):
    """This machine cannot run the check; not a failure of the package."""


class StepFailed(Exception):
    def __init__(self, step, reason):
        super().__init__("%s: %s" % (step, reason))
        self.step = step


def cache_key(suite, mirror):
    """The cached root's folder name: the suite, readable, and a digest of what made the root."""
    digest = hashlib.sha256(("%d\n%s\n%s" % (ROOT_LAYOUT, suite, mirror.uri)).encode()).hexdigest()[:12]
    return "%s-%s" % (suite, digest)


def unwanted_packages(installed):
    """Packages that have no place on a machine that only runs newsgen: build files and Swift."""
    return sorted(name for name in installed
                  if name.endswith("-dev") or name.startswith(("swift", "libswift")) or name in ("gcc", "clang", "pkg-config"))


def runtime_key(packages):
    """The runtime root's folder name: a digest of what apt installs with the package (not the package itself)."""
    listing = "\n".join("%s=%s" % pair for pair in sorted(packages) if pair[0] != "newsgen")
    return "runtime-" + hashlib.sha256(("%d\n%s" % (RUNTIME_LAYOUT, listing)).encode()).hexdigest()[:12]


def simulated_installs(output):
    """[(package, version)] from `apt-get install --simulate`'s `Inst name [old] (version …)` lines."""
    return sorted(re.findall(r"^Inst (\S+) (?:\[[^\]]*\] )?\((\S+)", output, re.M))


def newest_deb(folder):
    debs = sorted(glob.glob(os.path.join(folder, "newsgen_*.deb")), key=os.path.getmtime)
    return debs[-1] if debs else None


def mounts_under(path):
    """Mount points at or below `path` (from /proc/self/mountinfo), so nothing mounted is ever deleted."""
    path = os.path.realpath(path)
    points = []
    with open("/proc/self/mountinfo") as file:
        for line in file:
            point = line.split()[4].encode().decode("unicode_escape")
            if point == path or point.startswith(path + "/"):
                points.append(point)
    return points


def remove_tree(path):
    if not os.path.lexists(path):
        return
    mounted = mounts_under(path)
    if mounted:
        raise RuntimeError("refusing to delete %s: %s is still mounted" % (path, ", ".join(mounted)))
    shutil.rmtree(path)


class Timings:
    """Each step's wall time, printed as it ends and again as a table at the end."""
    def __init__(self):
        self.rows = []

    def run(self, step, action):
        start = time.monotonic()
        print("== %s" % step, flush=True)
        try:
            return action()
        finally:
            seconds = time.monotonic() - start
            self.rows.append((step, seconds))
            print("   %s: %.1f s" % (step, seconds), flush=True)

    def report(self):
        width = max(len(step) for step, _ in self.rows)
        print("\ndist-check timings:")
        for step, seconds in self.rows:
            print("  %-*s %7.1f s" % (width, step, seconds))
        print("  %-*s %7.1f s" % (width, "total", sum(seconds for _, seconds in self.rows)))


class Chroot:
    """A root with /proc mounted while in use; `with` unmounts it whatever happens. Given `lower`
    (the pristine root), the root is fresh: an overlay on it, whose changes go to a folder beside
    the root, or a copy of it where overlays cannot be mounted."""
    def __init__(self, root, lower=None, apt_cache=None, overlay=True):
        self.root = root
        self.lower = lower
        self.overlay = overlay
        self.apt_cache = apt_cache
        self.mounted = []

    def __enter__(self):
        try:
            if self.lower:
                self._fresh_root()
            proc = os.path.join(self.root, "proc")
            os.makedirs(proc, exist_ok=True)
            self._mount(["-t", "proc", "proc", proc], "cannot mount /proc in %s (a container without CAP_SYS_ADMIN?)" % self.root)
            if self.apt_cache:
                # The .debs earlier runs downloaded, where apt looks first: a second run downloads nothing.
                os.makedirs(os.path.join(self.apt_cache, "partial"), exist_ok=True)
                self._mount(["--bind", self.apt_cache, os.path.join(self.root, "var", "cache", "apt", "archives")],
                            "cannot bind-mount the apt cache %s" % self.apt_cache)
            # apt in the root resolves the mirror with the host's resolver.
            if os.path.exists("/etc/resolv.conf"):
                target = os.path.join(self.root, "etc", "resolv.conf")
                if os.path.islink(target):
                    os.unlink(target)
                shutil.copyfile("/etc/resolv.conf", target)
        except BaseException:
            self.__exit__()
            raise
        return self

    def _fresh_root(self):
        folder = os.path.dirname(self.root)
        upper, work = os.path.join(folder, "upper"), os.path.join(folder, "work")
        for path in (self.root, upper, work):
            os.makedirs(path)
        options = "lowerdir=%s,upperdir=%s,workdir=%s" % (self.lower, upper, work)
        if self.overlay and subprocess.run(["mount", "-t", "overlay", "overlay", "-o", options, self.root], stderr=subprocess.DEVNULL).returncode == 0:
            self.mounted.append(self.root)
        else:
            os.rmdir(self.root)
            subprocess.run(["cp", "-a", "--reflink=auto", self.lower, self.root], check=True)

    def _mount(self, arguments, reason):
        if subprocess.run(["mount", *arguments]).returncode != 0:
            raise CannotRun(reason)
        self.mounted.append(arguments[-1])

    def __exit__(self, *exc):
        for point in reversed(self.mounted):
            if subprocess.run(["umount", point]).returncode != 0:
                subprocess.run(["umount", "-l", point])
        self.mounted = []

    def run(self, step, command, capture=False):
        """`command` (a shell line) in the root, in /root; raises StepFailed with its output's tail."""
        result = subprocess.run(["chroot", self.root, "/bin/sh", "-c", "cd /root && " + command],
                                env=ENVIRONMENT, stdin=subprocess.DEVNULL, text=True,
                                stdout=subprocess.PIPE if capture else None, stderr=subprocess.STDOUT if capture else None)
        if result.returncode != 0:
            tail = "\n".join((result.stdout or "").strip().splitlines()[-15:])
            raise StepFailed(step, "`%s` exited %d%s" % (command, result.returncode, "\n" + tail if tail else ""))
        return result.stdout or ""


def installed_packages(chroot, step):
    listing = chroot.run(step, "dpkg-query -W -f '${db:Status-Abbrev} ${Package}\\n'", capture=True)
    return {line.split()[1] for line in listing.splitlines() if line.startswith("ii")}


def make_pristine(cache, suite, mirror, debootstrap, timings):
    """debootstrap into a temporary folder, then apt-get update in it (and drop debootstrap's .debs),
    then rename: an interrupted bootstrap is never taken for a cached one."""
    pristine = os.path.join(cache, "pristine")
    if os.path.isdir(pristine):
        return pristine
    partial = pristine + ".partial"
    remove_tree(partial)
    os.makedirs(cache, exist_ok=True)
    command = [debootstrap, "--variant=minbase", suite, partial, mirror.uri]
    if mirror.keyring and os.path.exists(mirror.keyring):
        command.insert(1, "--keyring=" + mirror.keyring)

    def bootstrap():
        result = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            log = os.path.join(partial, "debootstrap", "debootstrap.log")
            tail = open(log, errors="replace").read().splitlines()[-15:] if os.path.exists(log) else result.stdout.splitlines()[-15:]
            raise StepFailed("debootstrap", "%s exited %d\n%s" % (" ".join(command), result.returncode, "\n".join(tail)))
    timings.run("debootstrap %s (first run only)" % suite, bootstrap)
    with Chroot(partial) as chroot:
        timings.run("apt-get update (first run only)", lambda: chroot.run("apt-get update", "apt-get update -qq && apt-get clean", capture=True))
    os.rename(partial, pristine)
    return pristine


def check_machine(arguments):
    if os.geteuid() != 0:
        raise CannotRun("dist-check needs root (debootstrap, chroot, mount); run it as root: sudo make dist-check")
    for tool in ("chroot", "mount", "umount", arguments.debootstrap):
        if not shutil.which(tool):
            raise CannotRun("%s is not installed (apt-get install debootstrap)" % tool)
    if not os.path.isfile(arguments.deb):
        raise CannotRun("no package at %s: run make deb first" % arguments.deb)
    if arguments.mirror:
        return apt_sources.Mirror(arguments.mirror.rstrip("/"))
    mirror = apt_sources.choose_mirror(apt_sources.read_entries(arguments.apt_root), arguments.suite)
    if mirror is None:
        raise CannotRun("no Debian mirror for %s in %s/sources.list*; pass --mirror URI" % (arguments.suite, arguments.apt_root))
    return mirror


def install_command(arguments, deb, simulate=False):
    return "apt-get install -y %s-o Dpkg::Options::=--force-unsafe-io %s./%s" % (
        "--simulate " if simulate else "", "--no-install-recommends " if arguments.no_recommends else "", deb)


def apt_install(chroot, command):
    try:
        return chroot.run("apt-get install", command, capture=True)
    except StepFailed:
        # Lists cached with the root may name files the mirror has since dropped.
        chroot.run("apt-get update", "apt-get update -qq", capture=True)
        return chroot.run("apt-get install", command, capture=True)


@contextlib.contextmanager
def fresh_root(arguments, cache, lower, apt_cache=None):
    """`run/root`: a fresh overlay (or copy) of `lower` with the package in /root. `run/` is removed
    after a pass and kept after a failure, for a look."""
    run = os.path.join(cache, "run")
    remove_tree(run)
    with Chroot(os.path.join(run, "root"), lower=lower, apt_cache=apt_cache, overlay=not arguments.no_overlay) as chroot:
        shutil.copy(arguments.deb, os.path.join(chroot.root, "root", os.path.basename(arguments.deb)))
        yield chroot
    remove_tree(run)


def would_install(arguments, cache, pristine, timings):
    """What apt would install with the package on the bare root; fails on anything a build needs."""
    deb = os.path.basename(arguments.deb)
    with fresh_root(arguments, cache, pristine) as chroot:
        step = "apt-get install --simulate ./%s" % deb
        output = timings.run(step, lambda: chroot.run(step, install_command(arguments, deb, simulate=True), capture=True))
    packages = simulated_installs(output)
    if not any(name == "newsgen" for name, _ in packages):
        raise StepFailed(step, "apt would not install newsgen:\n" + "\n".join(output.strip().splitlines()[-15:]))
    print("   apt would pull in (%d) on the bare root: %s" % (len(packages), " ".join(name for name, _ in packages)), flush=True)
    unwanted = unwanted_packages(name for name, _ in packages)
    if unwanted:
        raise StepFailed("apt-get install", "pulled in build-time packages: %s" % " ".join(unwanted))
    return packages


def make_runtime(arguments, cache, pristine, packages, timings):
    """The bare root plus what apt installs with the package, cached under a digest of that list.
    Made in a copy beside it and renamed when done; older runtime roots are removed."""
    runtime = os.path.join(cache, runtime_key(packages))
    if os.path.isdir(runtime):
        return runtime
    partial = runtime + ".partial"
    remove_tree(partial)
    deb = os.path.basename(arguments.deb)

    def install():
        subprocess.run(["cp", "-a", "--reflink=auto", pristine, partial], check=True)
        with Chroot(partial, apt_cache=os.path.join(cache, "archives")) as chroot:
            shutil.copy(arguments.deb, os.path.join(partial, "root", deb))
            apt_install(chroot, install_command(arguments, deb))
            chroot.run("dpkg --purge newsgen", "dpkg --purge newsgen && rm -f ./%s" % deb, capture=True)
    timings.run("runtime libraries into a cached root (when they change)", install)
    for name in os.listdir(cache):
        if name.startswith("runtime-") and os.path.join(cache, name) not in (partial, runtime):
            remove_tree(os.path.join(cache, name))
    os.rename(partial, runtime)
    return runtime


def check(arguments, timings):
    mirror = check_machine(arguments)
    cache = os.path.join(arguments.cache, cache_key(arguments.suite, mirror))
    print("dist-check: %s from %s, cached in %s" % (arguments.suite, mirror.uri, os.path.relpath(cache)), flush=True)
    pristine = make_pristine(cache, arguments.suite, mirror, arguments.debootstrap, timings)
    packages = would_install(arguments, cache, pristine, timings)
    runtime = make_runtime(arguments, cache, pristine, packages, timings)
    deb = os.path.basename(arguments.deb)
    with contextlib.ExitStack() as stack:
        chroot = timings.run("fresh root", lambda: stack.enter_context(fresh_root(arguments, cache, runtime, os.path.join(cache, "archives"))))
        before = installed_packages(chroot, "dpkg-query")
        missing = sorted(name for name, _ in packages if name != "newsgen" and name not in before)
        if missing:
            raise StepFailed("runtime root", "lacks what apt would install: %s (rm -r %s)" % (" ".join(missing), os.path.relpath(runtime)))
        timings.run("apt-get install ./%s" % deb, lambda: apt_install(chroot, install_command(arguments, deb)))
        pulled = sorted(installed_packages(chroot, "dpkg-query") - before)
        if pulled != ["newsgen"]:
            raise StepFailed("apt-get install", "installed %s in the runtime root, not newsgen alone" % (" ".join(pulled) or "nothing"))
        timings.run("ldd newsgen", lambda: check_linking(chroot))
        for command in NEWSGEN_STEPS:
            timings.run(command, lambda: print(chroot.run(command, command, capture=True).rstrip()))
        timings.run("site has pages", lambda: chroot.run("site has pages", "test -s site/public/index.html"))


def check_linking(chroot):
    """Every library newsgen links is found in the root, and none of them is Swift's."""
    output = chroot.run("ldd newsgen", "ldd \"$(command -v newsgen)\"", capture=True)
    wrong = [line.strip() for line in output.splitlines()
             if "not found" in line or "swift" in line.lower() or "libFoundation" in line or "libdispatch" in line]
    if wrong:
        raise StepFailed("ldd newsgen", "\n".join(wrong))


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deb", default=None, help="the package (default: the newest dist/newsgen_*.deb)")
    parser.add_argument("--suite", default="bookworm", help="the Debian suite the package is built for")
    parser.add_argument("--mirror", default=None, help="a Debian mirror (default: the one /etc/apt's sources name)")
    parser.add_argument("--no-recommends", action="store_true", help="install without Recommends (libvips), as a minimal machine would")
    parser.add_argument("--cache", default=os.path.join(ROOT, ".build", "dist-check"), help="where the roots are cached")
    parser.add_argument("--apt-root", default="/etc/apt", help=argparse.SUPPRESS)
    parser.add_argument("--debootstrap", default="debootstrap", help=argparse.SUPPRESS)
    # The copy taken where an overlay cannot be mounted, on a machine where it can (the tests).
    parser.add_argument("--no-overlay", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    arguments.deb = arguments.deb or newest_deb(os.path.join(ROOT, "dist")) or os.path.join(ROOT, "dist", "newsgen_*.deb")
    return arguments


def interrupted(number, frame):
    raise KeyboardInterrupt()


def main(argv):
    arguments = parse_arguments(argv)
    # SIGTERM/SIGHUP unwind like Ctrl-C, so /proc in the root is always unmounted.
    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, interrupted)
    timings = Timings()
    try:
        check(arguments, timings)
    except CannotRun as reason:
        print("dist-check: cannot run here: %s" % reason, file=sys.stderr)
        return CANNOT_RUN
    except (StepFailed, OSError, subprocess.CalledProcessError, RuntimeError) as failure:
        if timings.rows:
            timings.report()
        print("dist-check: FAILED at %s" % failure, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("dist-check: interrupted", file=sys.stderr)
        return 130
    timings.report()
    print("dist-check: the package installs and runs on a minimal %s" % arguments.suite)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
