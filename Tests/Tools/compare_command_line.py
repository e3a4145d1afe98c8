#!/usr/bin/env python3
"""Runs two `newsgen` binaries on the same command lines and fails when any output differs.

    python3 Tests/Tools/compare_command_line.py BEFORE AFTER

Made for a change to how the command line is parsed or how help is written (ADR 021): the
help of every command in each of its forms (`help X`, `X --help`, `X -h`), the version, and
mistakes of every kind must print the same bytes on standard output and standard error and
exit with the same status. Besides a sweep over each command and option, it takes every
argument list written in the command-line tests (Tests/NewsgenCLITests), so a case added there
is compared too. Each command line runs in a new empty folder at the same path for both
binaries, so a message naming a path names the same one; none touches the network.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TESTS = os.path.join(ROOT, "Tests", "NewsgenCLITests")

# Each command's options, the values they take (None: a switch) and a stray argument.
COMMANDS = {
    "build": {"--site": "DIR", "--output": "DIR", "--offline": None, "--strict": None, "--quiet": None, "--verbose": None},
    "check": {"--site": "DIR", "--output": "DIR", "--offline": None},
    "inspect": {"--content-type": "text/xml"},
    "init": {},
    "bookmark add": {"--note": "n", "--site": "DIR"},
    "bookmark remove": {"--site": "DIR"},
    "bookmark toggle": {"--note": "n", "--site": "DIR"},
    "bookmark list": {"--json": None, "--site": "DIR"},
    "archive remove": {"--reason": "r", "--site": "DIR"},
}


def sweep():
    """Every help form, every option with and without its value, and the usual typos."""
    lines = [[], ["--help"], ["-h"], ["--version"], ["--versoin"], ["-x"], ["--help", "extra"], ["buld"], ["help"],
             ["help", "buld"], ["help", "build", "extra"], ["help", "--help"], ["bookmark"], ["archive"], ["bookmark", "ad"],
             ["bookmark", "zzz"], ["bookmark", "-x"], ["bookmark", "zzz", "--help"], ["archive", "remov"], ["archive", "-x"],
             ["archive", "zzz", "-h"], ["inspect"], ["inspect", "a.xml", "b.xml"], ["inspect", "--", "-a.xml", "-b.xml"],
             ["inspect", "--content-type", "-x", "f.xml"], ["inspect", "--content-type", " ", "f.xml"], ["init", "a", "b"],
             ["init", ""], ["init", "--", "--help"], ["build", "--quiet", "--verbose"], ["bookmark", "add"],
             ["bookmark", "list", "extra"], ["bookmark", "add", "a", "b"], ["bookmark", "remove", "--note", "x", "a"],
             ["bookmark", "add", "--json", "a"], ["archive", "remove"], ["archive", "remove", "a", "b"]]
    for name in ["build", "check", "inspect", "bookmark", "archive", "init", "help"]:
        lines += [["help", name], [name, "--help"], [name, "-h"], [name, "--hepl"], [name, "stray"], [name, "--help=yes"]]
    for command, options in COMMANDS.items():
        words = command.split()
        article = ["ca210d146b328b1f"] if words[-1] in ("add", "remove", "toggle") else []
        lines += [words + ["--help"], words + article + ["-h"], words + article + ["--zzz"], words + article + ["stray"]]
        for option, value in options.items():
            lines += [words + article + [option], words + article + [option + "="], words + article + [option + "=x"]]
            if value is not None:
                lines += [words + article + [option, "--offline"], words + article + [option, value]]
    return lines


def from_tests():
    """Every list of string literals in the command-line tests: `["build", "--site"]`, `parse("check", "--offline")`."""
    found = []
    literal = r'"(?:[^"\\]|\\.)*"'
    pattern = re.compile(r'(?:\[|(?:parse|usageError|run)\()\s*(' + literal + r'(?:\s*,\s*' + literal + r')*)\s*[\])]')
    for name in sorted(os.listdir(TESTS)):
        with open(os.path.join(TESTS, name), encoding="utf-8") as handle:
            for match in pattern.finditer(handle.read()):
                words = [bytes(w[1:-1], "utf-8").decode("unicode_escape") for w in re.findall(literal, match.group(1))]
                if words and not any("http" in w for w in words):
                    found.append(words)
    return found


def run(binary, arguments, folder):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    done = subprocess.run([binary] + arguments, cwd=folder, capture_output=True, timeout=60, stdin=subprocess.DEVNULL,
                          env={"PATH": os.environ.get("PATH", ""), "SOURCE_DATE_EPOCH": "1764000000"})
    return done.returncode, done.stdout, done.stderr


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    before, after = (os.path.abspath(path) for path in sys.argv[1:])
    cases = []
    for arguments in sweep() + from_tests():
        if arguments not in cases:
            cases.append(arguments)
    differences = 0
    with tempfile.TemporaryDirectory() as scratch:
        folder = os.path.join(scratch, "site")
        for arguments in cases:
            old, new = run(before, arguments, folder), run(after, arguments, folder)
            if old != new:
                differences += 1
                print(f"differs: newsgen {' '.join(arguments)!r}\n  before: {old!r}\n  after:  {new!r}")
    print(f"compare_command_line: {len(cases)} command lines, {differences} differ")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
