"""The critical-path check can fail: against a theme whose article page lacks the
bookmark mark, it stops at that step."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BINARY = os.environ.get("NEWSGEN_BIN", os.path.join(ROOT, ".build", "debug", "newsgen"))


@unittest.skipUnless(os.path.exists("/usr/bin/chromium") and os.path.exists(BINARY), "needs /usr/bin/chromium and a built newsgen")
class BookmarkPathCheckTests(unittest.TestCase):
    def test_a_theme_without_the_mark_fails_the_check(self):
        with tempfile.TemporaryDirectory() as temp:
            templates = os.path.join(temp, "templates")
            shutil.copytree(os.path.join(ROOT, "templates"), templates)
            article = os.path.join(templates, "article.mustache")
            with open(article) as file:
                text = file.read()
            without = re.sub(r'\n[^\n]*data-testid="bookmark-mark"[^\n]*', "", text)
            self.assertNotEqual(without, text)
            with open(article, "w") as file:
                file.write(without)
            result = subprocess.run([sys.executable, os.path.join(HERE, "bookmark_path_check.py"), BINARY, "--templates", templates],
                                    capture_output=True, text=True)
            self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
            self.assertIn("FAILED at article after the rebuild: expected one [data-testid=bookmark-mark], found 0", result.stdout)


if __name__ == "__main__":
    unittest.main()
