"""dist-check's pure parts, its "cannot run here" status, and that it fails on a package that
drags build files in (a stand-in .deb, in the real cached root, when this machine can run it)."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import apt_sources  # noqa: E402
import dist_check  # noqa: E402

SCRIPT = os.path.join(HERE, "dist_check.py")
CAN_RUN = os.geteuid() == 0 and shutil.which("debootstrap") and shutil.which("dpkg-deb") \
    and apt_sources.choose_mirror(apt_sources.read_entries(), "bookworm") is not None


def run_check(*arguments):
    return subprocess.run([sys.executable, SCRIPT, *arguments], capture_output=True, text=True, stdin=subprocess.DEVNULL)


def stand_in_deb(folder, depends):
    """A package named newsgen whose binary is a shell script, depending on `depends`."""
    root = os.path.join(folder, "pkg")
    os.makedirs(os.path.join(root, "DEBIAN"))
    os.makedirs(os.path.join(root, "usr", "bin"))
    with open(os.path.join(root, "DEBIAN", "control"), "w") as file:
        file.write("Package: newsgen\nVersion: 0.0.1\nArchitecture: amd64\nMaintainer: dist-check <dist-check@example.invalid>\n"
                   "Depends: %s\nDescription: stand-in\n a stand-in for dist-check's test\n" % depends)
    binary = os.path.join(root, "usr", "bin", "newsgen")
    with open(binary, "w") as file:
        file.write("#!/bin/sh\necho newsgen 0.0.1\n")
    os.chmod(binary, 0o755)
    deb = os.path.join(folder, "newsgen_0.0.1_amd64.deb")
    subprocess.run(["dpkg-deb", "--build", "--root-owner-group", root, deb], check=True, capture_output=True)
    return deb


class PureTests(unittest.TestCase):
    def test_the_cache_key_changes_with_suite_and_mirror(self):
        one = dist_check.cache_key("bookworm", apt_sources.Mirror("http://a.example/debian"))
        self.assertTrue(one.startswith("bookworm-"))
        self.assertEqual(one, dist_check.cache_key("bookworm", apt_sources.Mirror("http://a.example/debian", "/k.gpg")))
        self.assertNotEqual(one, dist_check.cache_key("trixie", apt_sources.Mirror("http://a.example/debian")))
        self.assertNotEqual(one, dist_check.cache_key("bookworm", apt_sources.Mirror("http://b.example/debian")))

    def test_build_files_and_swift_are_unwanted_runtime_libraries_are_not(self):
        pulled = ["libxml2", "libyaml-0-2", "libcurl4", "libyaml-dev", "swiftlang", "libswiftcore", "gcc", "newsgen"]
        self.assertEqual(dist_check.unwanted_packages(pulled), ["gcc", "libswiftcore", "libyaml-dev", "swiftlang"])


class RuntimeRootTests(unittest.TestCase):
    SIMULATED = """NOTE: This is only a simulation!
Inst libyaml-0-2 (0.2.5-1 Debian:12.5/stable [amd64])
Inst libxml2 [2.9.14+dfsg-1.2] (2.9.14+dfsg-1.3~deb12u1 Debian-Security:12/stable-security [amd64])
Inst newsgen (0.1.0+git20261203.ac23495 local-deb [amd64])
Conf libyaml-0-2 (0.2.5-1 Debian:12.5/stable [amd64])
"""

    def test_the_simulation_lists_each_package_with_the_version_apt_would_install(self):
        self.assertEqual(dist_check.simulated_installs(self.SIMULATED),
                         [("libxml2", "2.9.14+dfsg-1.3~deb12u1"), ("libyaml-0-2", "0.2.5-1"),
                          ("newsgen", "0.1.0+git20261203.ac23495")])

    def test_the_runtime_root_is_keyed_by_the_libraries_not_by_newsgen(self):
        libraries = [("libxml2", "2.9.14"), ("libyaml-0-2", "0.2.5-1")]
        key = dist_check.runtime_key(libraries + [("newsgen", "0.1.0+git1.aaaaaaa")])
        self.assertTrue(key.startswith("runtime-"))
        self.assertEqual(key, dist_check.runtime_key(list(reversed(libraries)) + [("newsgen", "0.1.0+git2.bbbbbbb")]))
        self.assertNotEqual(key, dist_check.runtime_key([("libxml2", "2.9.15"), ("libyaml-0-2", "0.2.5-1")]))
        self.assertNotEqual(key, dist_check.runtime_key(libraries + [("libvips42", "8.14.1-3")]))


class CannotRunTests(unittest.TestCase):
    @unittest.skipUnless(os.geteuid() == 0, "as root the check gets past the root test")
    def test_no_debootstrap_no_package_or_no_debian_mirror_exit_77_saying_why(self):
        with tempfile.TemporaryDirectory() as folder:
            deb = os.path.join(folder, "newsgen_0.0.1_amd64.deb")
            open(deb, "w").close()
            result = run_check("--deb", deb, "--debootstrap", os.path.join(folder, "no-debootstrap"))
            self.assertEqual(result.returncode, 77, result.stderr)
            self.assertIn("no-debootstrap is not installed", result.stderr)
            result = run_check("--deb", os.path.join(folder, "none.deb"))
            self.assertEqual(result.returncode, 77, result.stderr)
            self.assertIn("run make deb first", result.stderr)
            os.makedirs(os.path.join(folder, "apt", "sources.list.d"))
            with open(os.path.join(folder, "apt", "sources.list"), "w") as file:
                file.write("deb https://deb.nodesource.com/node_20.x nodistro main\n")
            result = run_check("--deb", deb, "--apt-root", os.path.join(folder, "apt"))
            self.assertEqual(result.returncode, 77, result.stderr)
            self.assertIn("no Debian mirror for bookworm", result.stderr)

    @unittest.skipIf(os.geteuid() == 0, "needs a user other than root")
    def test_not_root_exits_77(self):
        result = run_check("--deb", SCRIPT)
        self.assertEqual(result.returncode, 77)
        self.assertIn("needs root", result.stderr)


class RemoveTreeTests(unittest.TestCase):
    @unittest.skipUnless(os.geteuid() == 0, "mounting needs root")
    def test_a_tree_with_something_mounted_in_it_is_not_deleted(self):
        with tempfile.TemporaryDirectory() as folder:
            proc = os.path.join(folder, "root", "proc")
            os.makedirs(proc)
            subprocess.run(["mount", "-t", "tmpfs", "tmpfs", proc], check=True)
            try:
                with self.assertRaises(RuntimeError):
                    dist_check.remove_tree(os.path.join(folder, "root"))
                self.assertTrue(os.path.isdir(proc))
            finally:
                subprocess.run(["umount", proc], check=True)
            dist_check.remove_tree(os.path.join(folder, "root"))
            self.assertFalse(os.path.exists(os.path.join(folder, "root")))


@unittest.skipUnless(CAN_RUN, "needs root, debootstrap, dpkg-deb and a Debian mirror in /etc/apt")
class StandInPackageTests(unittest.TestCase):
    def check_stand_in(self, *options):
        with tempfile.TemporaryDirectory() as folder:
            result = run_check("--deb", stand_in_deb(folder, "libyaml-dev"), *options)
        if result.returncode == dist_check.CANNOT_RUN:
            self.skipTest(result.stderr.strip())
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("FAILED at apt-get install: pulled in build-time packages: libyaml-dev", result.stderr)
        self.assertEqual(dist_check.mounts_under(os.path.join(dist_check.ROOT, ".build", "dist-check")), [])

    def test_a_package_that_pulls_a_dev_package_fails_at_apt_get_install(self):
        self.check_stand_in()

    def test_so_it_does_in_a_copy_of_the_root_where_no_overlay_is_mounted(self):
        self.check_stand_in("--no-overlay")


if __name__ == "__main__":
    unittest.main()
