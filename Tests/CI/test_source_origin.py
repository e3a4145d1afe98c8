""".ci/dist/source_origin.sh, which `make dist` runs to record where the binary's source lives (ADR 054):
only an https or ssh origin is printed, never its credentials; a clone without one, or whose origin is a
local path (as CI's clean clone is), records nothing."""

import os
import subprocess
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), ".ci", "dist", "source_origin.sh")


def origin_of(remote):
    return subprocess.run(["bash", SCRIPT, remote], capture_output=True, text=True, check=True).stdout.strip()


class SourceOriginTests(unittest.TestCase):
    def test_https_and_ssh_without_credentials(self):
        for remote, recorded in [
                ("https://github.com/acme/newsgen.git", "https://github.com/acme/newsgen.git"),
                ("https://user:ghp_secret@github.com/acme/newsgen?token=x#top", "https://github.com/acme/newsgen"),
                ("git@github.com:acme/newsgen.git", "github.com:acme/newsgen.git"),
                ("deploy:secret@github.com:acme/newsgen.git", "github.com:acme/newsgen.git"),
                ("ssh://git:secret@github.com:22/acme/newsgen", "ssh://github.com:22/acme/newsgen")]:
            self.assertEqual(origin_of(remote), recorded, remote)

    def test_local_paths_and_other_schemes_record_nothing(self):
        for remote in ["/work/main", "../newsgen", "file:///srv/newsgen.git", "http://github.com/acme/newsgen",
                       "git://github.com/acme/newsgen", 'https://github.com/acme/new"sgen', "https://github.com/$(id)", ""]:
            self.assertEqual(origin_of(remote), "", remote)

    def test_a_clone_without_an_origin_records_nothing(self):
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run(["git", "init", "-q", folder], check=True)
            result = subprocess.run(["bash", SCRIPT], cwd=folder, capture_output=True, text=True, check=True)
            self.assertEqual(result.stdout, "")
            subprocess.run(["git", "-C", folder, "remote", "add", "origin", "https://tok@github.com/acme/newsgen"], check=True)
            result = subprocess.run(["bash", SCRIPT], cwd=folder, capture_output=True, text=True, check=True)
            self.assertEqual(result.stdout, "https://github.com/acme/newsgen\n")


if __name__ == "__main__":
    unittest.main()
