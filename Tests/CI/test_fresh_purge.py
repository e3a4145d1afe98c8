"""The pure parts of .ci/fresh/purge.py, which `make fresh-check` runs to turn its overlay into a new machine:
reading the package list, matching names as dpkg and pip do, and finding executables no package owns."""
import os
import shutil
import stat
import sys
import tempfile
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), ".ci", "fresh"))
import purge  # noqa: E402


class PackageListTests(unittest.TestCase):
    def test_only_apt_and_the_images_python_count(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            handle.write("# kinds: swift\napt\tgit\t1:2.39\napt\tlibc6:amd64\t2.36\n"
                         "pip 3.11\tPyYAML\t6.0.3\npip 3.11\ttyping_extensions\t4.15\npip 3.12\tpip\t23.2\n"
                         "npm -g\tnpm\t10.8\n")
        self.addCleanup(os.remove, handle.name)
        apt, pip = purge.read_list(handle.name)
        self.assertEqual(apt, {"git", "libc6"})
        self.assertEqual(pip, {"pyyaml", "typing-extensions"})

    def test_a_list_without_packages_is_refused(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            handle.write("apt\tgit\t1\n")
        self.addCleanup(os.remove, handle.name)
        with self.assertRaises(SystemExit):
            purge.read_list(handle.name)

    def test_names_compare_as_the_package_managers_do(self):
        self.assertEqual(purge.normalized_pip("Typing.Extensions"), purge.normalized_pip("typing_extensions"))
        self.assertEqual(purge.debian_name("binutils-common:amd64"), "binutils-common")
        self.assertEqual(purge.usr_merged("/bin/ls"), "/usr/bin/ls")
        self.assertEqual(purge.usr_merged("/usr/local/bin/x"), "/usr/local/bin/x")


class StrayExecutableTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.folder)

    def executable(self, name):
        path = os.path.join(self.folder, name)
        with open(path, "w") as handle:
            handle.write("#!/bin/sh\n")
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
        return path

    def test_an_executable_no_package_owns_is_found_and_an_owned_one_is_not(self):
        owned = self.executable("owned-tool")
        stray = self.executable("hand-installed")
        os.symlink(owned, os.path.join(self.folder, "link-to-owned"))
        plain = os.path.join(self.folder, "notes.txt")
        open(plain, "w").close()
        with mock.patch.dict(os.environ, {"PATH": self.folder}):
            self.assertEqual(purge.unowned_executables({owned}), [stray])

    def test_the_toolchain_and_the_images_python_are_kept(self):
        self.assertTrue(purge.owned("/opt/swift/usr/bin/swift", set()))
        self.assertTrue(purge.owned("/root/.pyenv/shims/python3", set()))
        self.assertFalse(purge.owned("/usr/local/bin/hand-installed", set()))


if __name__ == "__main__":
    unittest.main()
