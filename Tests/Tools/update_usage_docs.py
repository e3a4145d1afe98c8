#!/usr/bin/env python3
"""Rewrites the usage blocks of README.md and docs/commands.md from the real `newsgen` help output.

Run by `make usage-docs` (after `swift build`). A block is the fenced ```text block right after a
marker line `<!-- usage: newsgen ARGS -->`; its new content is what `newsgen ARGS` prints.
EndToEndTests' UsageDocumentationTests fails when a block differs, so run this after editing the command table (Sources/NewsgenCLI/CommandTable+*.swift).
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FILES = ["README.md", os.path.join("docs", "commands.md")]
BLOCK = re.compile(r"(<!-- usage: newsgen (?P<args>[^>]*?) -->\n```text\n)(?P<body>.*?)(```\n)", re.S)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "newsgen")
    for name in FILES:
        path = os.path.join(ROOT, name)
        with open(path, encoding="utf-8") as handle:
            text = handle.read()

        def replace(match):
            done = subprocess.run([binary] + match.group("args").split(), capture_output=True, text=True, env={"NO_COLOR": "1"})
            if done.returncode != 0:
                sys.exit(f"newsgen {match.group('args')}: exit {done.returncode}: {done.stderr.strip()}")
            return match.group(1) + done.stdout + match.group(4)

        updated, count = BLOCK.subn(replace, text)
        if count == 0:
            sys.exit(f"{name}: no usage block (a line '<!-- usage: newsgen ARGS -->' before a ```text block)")
        if updated != text:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(updated)
            print(f"updated {name} ({count} blocks)")
        else:
            print(f"{name} is up to date ({count} blocks)")


if __name__ == "__main__":
    main()
