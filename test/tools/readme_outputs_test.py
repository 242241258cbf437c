#!/usr/bin/env python3
"""Keeps the outputs the documents show true: every fenced block preceded by a comment

    <!-- output of: build/ompl_ccd ARGS -->

in README.md and docs/*.md is compared with what `ompl_ccd ARGS` prints on standard output, run from
the repository root.

The block's lines are the output's lines, in order. In a line, `…` stands for any text (so digits,
long arrays and stats objects may be cut), and the number after "time_us", "total_time_us",
"median_time_us", "planning time:", "simplifying" and "certify time:" may be any number (they are
times). A line that is `…` alone stands for any number of lines.

Usage: readme_outputs_test.py SOURCE_DIR OMPL_CCD_PROGRAM
"""
import glob
import os
import re
import shlex
import subprocess
import sys

MARKER = re.compile(r"^([ \t]*)<!-- output of: build/ompl_ccd (.*?) -->\n\1```[a-z]*\n(.*?)^\1```", re.S | re.M)
NUMBER = r"-?[0-9][0-9.e+-]*"
TIMES = re.compile(r'("(?:total_|median_)?time_us":|planning time: |\(\+ |certify time: )' + NUMBER)


def line_pattern(line):
    """The regular expression a shown line stands for."""
    parts = []
    for piece in re.split(r"(…)", line):
        if piece == "…":
            parts.append(".*?")
            continue
        # a time's number: any number
        last = 0
        for match in TIMES.finditer(piece):
            parts.append(re.escape(piece[last:match.start()]) + re.escape(match.group(1)) + NUMBER)
            last = match.end()
        parts.append(re.escape(piece[last:]))
    return re.compile("".join(parts) + r"\Z")


def matches(shown, printed):
    """True iff the shown lines stand for the printed ones (`…` alone: any number of lines)."""
    if not shown:
        return not printed
    if shown[0] == "…":
        return any(matches(shown[1:], printed[i:]) for i in range(len(printed) + 1))
    return bool(printed) and line_pattern(shown[0]).match(printed[0]) is not None and matches(shown[1:], printed[1:])


def first_difference(shown, printed):
    for i, line in enumerate(shown):
        if line == "…":
            return "(around an elided run of lines)"
        if i >= len(printed):
            return "shown line %d has no printed line: %s" % (i + 1, line)
        if not line_pattern(line).match(printed[i]):
            return "line %d\n  shown:   %s\n  printed: %s" % (i + 1, line, printed[i])
    return "the program printed %d more lines: %s" % (len(printed) - len(shown), printed[len(shown)])


def main():
    source, program = sys.argv[1], sys.argv[2]
    documents = [os.path.join(source, "README.md")] + sorted(glob.glob(os.path.join(source, "docs", "*.md")))
    checked, failures = 0, []
    for document in documents:
        with open(document) as f:
            text = f.read()
        for match in MARKER.finditer(text):
            indent, args, block = match.group(1), match.group(2), match.group(3)
            shown = [line[len(indent):] if line.startswith(indent) else line for line in block.splitlines()]
            where = "%s:%d" % (os.path.relpath(document, source), text[:match.start()].count("\n") + 1)
            result = subprocess.run([program] + shlex.split(args), cwd=source, capture_output=True, text=True)
            printed = result.stdout.splitlines()
            checked += 1
            if not matches(shown, printed):
                failures.append("%s: `ompl_ccd %s` printed (exit %d) what the document does not show: %s\n%s" %
                                (where, args, result.returncode, first_difference(shown, printed), result.stderr))
    for failure in failures:
        print(failure, file=sys.stderr)
    if checked == 0:
        print("readme_outputs_test: no `<!-- output of: build/ompl_ccd ... -->` block found", file=sys.stderr)
        return 1
    print("readme_outputs_test: %d shown outputs checked, %d differ" % (checked, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
