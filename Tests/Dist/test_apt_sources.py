"""Mirror discovery from apt's sources files, in both formats, on fixture text."""
import os
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apt_sources  # noqa: E402

DEB822 = """\
Types: deb deb-src
# http://snapshot.debian.org/archive/debian/20250520T000000Z
URIs: http://mirror.example/debian
Suites: bookworm bookworm-updates
Components: main contrib
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://mirror.example/debian-security
Suites: bookworm-security
Components: main
Signed-By:
 -----BEGIN PGP PUBLIC KEY BLOCK-----
 .
 mQINBF...
 -----END PGP PUBLIC KEY BLOCK-----
"""

ONE_LINE = """\
# deb http://commented.example/debian bookworm main
deb-src http://source.example/debian bookworm main
deb [arch=amd64 signed-by=/etc/apt/keyrings/local.gpg] http://local.example:3142/debian/ bookworm main non-free-firmware
deb http://local.example/debian-security bookworm-security main
"""

THIRD_PARTY = """\
Types: deb
URIs: https://deb.nodesource.com/node_20.x
Suites: nodistro
Components: main
"""


class ParseTests(unittest.TestCase):
    def test_deb822_stanzas_with_types_uris_suites_and_a_key_path(self):
        entries = apt_sources.parse_deb822(DEB822)
        self.assertEqual(entries[0], apt_sources.Entry(("http://mirror.example/debian",), ("bookworm", "bookworm-updates"),
                                                       ("main", "contrib"), "/usr/share/keyrings/debian-archive-keyring.gpg"))
        # An inline key block is no path debootstrap could use.
        self.assertEqual(entries[1].signed_by, "")
        self.assertEqual(len(entries), 2)

    def test_deb822_skips_source_only_and_disabled_stanzas(self):
        text = "Types: deb-src\nURIs: http://a.example/debian\nSuites: bookworm\nComponents: main\n\n" \
               "Types: deb\nEnabled: no\nURIs: http://b.example/debian\nSuites: bookworm\nComponents: main\n"
        self.assertEqual(apt_sources.parse_deb822(text), [])

    def test_one_line_entries_with_options_and_without_comments_or_deb_src(self):
        entries = apt_sources.parse_one_line(ONE_LINE)
        self.assertEqual(entries, [
            apt_sources.Entry(("http://local.example:3142/debian/",), ("bookworm",), ("main", "non-free-firmware"), "/etc/apt/keyrings/local.gpg"),
            apt_sources.Entry(("http://local.example/debian-security",), ("bookworm-security",), ("main",)),
        ])


class ChooseTests(unittest.TestCase):
    def test_the_entry_naming_the_suite_with_main(self):
        mirror = apt_sources.choose_mirror(apt_sources.parse_one_line(ONE_LINE), "bookworm")
        self.assertEqual(mirror, apt_sources.Mirror("http://local.example:3142/debian", "/etc/apt/keyrings/local.gpg"))

    def test_another_suite_comes_from_the_debian_archive_not_security_or_a_third_party(self):
        entries = apt_sources.parse_deb822(THIRD_PARTY) + apt_sources.parse_deb822(DEB822)
        mirror = apt_sources.choose_mirror(entries, "trixie")
        self.assertEqual(mirror.uri, "http://mirror.example/debian")

    def test_no_debian_mirror_is_none(self):
        self.assertIsNone(apt_sources.choose_mirror(apt_sources.parse_deb822(THIRD_PARTY), "bookworm"))
        self.assertIsNone(apt_sources.choose_mirror([], "bookworm"))


class ReadTests(unittest.TestCase):
    def test_reads_sources_list_then_the_folder_by_name_and_ignores_other_files(self):
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "sources.list.d"))
            files = {"sources.list": "", "sources.list.d/b.sources": DEB822, "sources.list.d/a.list": ONE_LINE,
                     "sources.list.d/c.list.disabled": "deb http://disabled.example/debian bookworm main\n"}
            for name, text in files.items():
                with open(os.path.join(root, name), "w") as file:
                    file.write(text)
            entries = apt_sources.read_entries(root)
            self.assertEqual([entry.uris[0] for entry in entries], [
                "http://local.example:3142/debian/", "http://local.example/debian-security",
                "http://mirror.example/debian", "http://mirror.example/debian-security"])
            self.assertEqual(apt_sources.choose_mirror(entries, "bookworm").uri, "http://local.example:3142/debian")


if __name__ == "__main__":
    unittest.main()
