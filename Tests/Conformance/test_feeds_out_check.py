"""Unit tests of feeds_out_check.py's own logic (the check itself runs in make test)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import feeds_out_check  # noqa: E402

BACKTRACE = """
*** Signal 6: Backtracing from 0x7f7ad604deec... done ***

*** Program crashed: Aborted at 0x0000000000003f54 ***

Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

Thread 7 "newsgen" crashed:

  0  0x00007f7ad604deec __pthread_kill_implementation + 268 in libc.so.6
  1  0x00007f7ad5ffefb2 raise + 18 in libc.so.6
  2  0x0000562bbc5a0000 closure #1 in ImageStage.run(_:) + 99 in newsgen at /check/ImageStage.swift:80:9

Registers:

rax 0x0000000000000000  0
"""


class CrashSummaryTests(unittest.TestCase):
    def test_a_crash_is_repeated_with_its_reason_and_frames(self):
        summary = feeds_out_check.crash_summary(BACKTRACE)
        self.assertEqual(summary.splitlines()[2:], [
            "*** Program crashed: Aborted at 0x0000000000003f54 ***",
            'Thread 7 "newsgen" crashed:',
            "  0  0x00007f7ad604deec __pthread_kill_implementation + 268 in libc.so.6",
            "  1  0x00007f7ad5ffefb2 raise + 18 in libc.so.6",
            "  2  0x0000562bbc5a0000 closure #1 in ImageStage.run(_:) + 99 in newsgen at /check/ImageStage.swift:80:9",
        ])

    def test_frames_are_cut_to_the_limit(self):
        self.assertEqual(len(feeds_out_check.crash_summary(BACKTRACE, frames=1).splitlines()), 5)

    def test_an_ordinary_failure_adds_nothing(self):
        self.assertEqual(feeds_out_check.crash_summary("error: site.json: no such file\n"), "")


if __name__ == "__main__":
    unittest.main()
