"""Unit tests of fuzz.py's timing report: which inputs it names as slow for their size."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz  # noqa: E402


class SlowInputsTests(unittest.TestCase):
    def test_an_input_ten_times_slower_per_byte_than_the_median_is_named(self):
        samples = [(f"feed-{n}", 10_000, 10.0) for n in range(9)] + [("comment", 10_000, 100.0)]
        median, slow = fuzz.slow_inputs(samples)
        self.assertAlmostEqual(median, 0.001)
        self.assertEqual([(name, size) for name, size, _, _ in slow], [("comment", 10_000)])
        self.assertAlmostEqual(slow[0][3], 10.0)

    def test_time_is_judged_per_byte_not_per_input(self):
        # A large input that takes long for its size is no outlier; a small one that takes as long is.
        samples = [("small", 1_000, 1.0), ("medium", 5_000, 5.0), ("large", 100_000, 100.0), ("tiny-but-slow", 2_000, 40.0),
                   ("other", 3_000, 3.0)]
        _, slow = fuzz.slow_inputs(samples)
        self.assertEqual([name for name, *_ in slow], ["tiny-but-slow"])

    def test_just_under_ten_times_is_not_named(self):
        samples = [(f"x{n}", 1_000, 1.0) for n in range(5)] + [("nearly", 1_000, 9.9)]
        self.assertEqual(fuzz.slow_inputs(samples)[1], [])

    def test_the_slowest_comes_first(self):
        samples = [(f"x{n}", 1_000, 1.0) for n in range(7)] + [("slow", 1_000, 20.0), ("slower", 1_000, 50.0)]
        self.assertEqual([name for name, *_ in fuzz.slow_inputs(samples)[1]], ["slower", "slow"])

    def test_inputs_quicker_than_the_clock_judge_by_the_quickest_that_shows(self):
        # libFuzzer times in whole milliseconds: most inputs say 0 ms.
        samples = [(f"x{n}", 2_000, 0.0) for n in range(8)] + [("shows", 2_000, 1.0), ("slow", 2_000, 30.0)]
        median, slow = fuzz.slow_inputs(samples)
        self.assertEqual(median, 0.0)
        self.assertEqual([name for name, *_ in slow], ["slow"])

    def test_no_samples_name_nothing(self):
        self.assertEqual(fuzz.slow_inputs([]), (0.0, []))


if __name__ == "__main__":
    unittest.main()
