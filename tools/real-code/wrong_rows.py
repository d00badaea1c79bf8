#!/usr/bin/env python3
"""Sorts the rows verify calls wrong or not predicted by the kind of mistake.

Reads the rows suite_score.py --rows writes (verify's verdicts over whole
suites) and prints, per suite and memory, how many wrong rows fall in each
kind, which programs hold them, and (--tsv) one line per row: suite,
program, file relative to the suite's sources, line, kernel, memory,
measured and predicted per request, the kind. The kinds are decided from the
verdict and the prediction alone, so that the same rule sorts every run:

  not predicted        the GPU ran an access the analyzer did not report
  no lane reaches      predicted 0 (range 0..0): the GPU executed it
  uniform, was not     predicted one address for the warp; the GPU saw more
  definite too high    a definite count above the measured one
  definite too low     a definite count below it
  range misses         a null count whose range does not hold the measured one

Python's standard library only.
"""

import argparse
import collections
import json
import re
import sys


def kind_of(row):
    if row["verdict"] == "not predicted":
        return "not predicted"
    p = row["predicted"] or {}
    measured = row["measured"]["per_request"] or 0
    per_request, rng = p.get("per_request"), p.get("range")
    if per_request is None:
        if rng and rng[1] == 0:
            return "no lane reaches"
        return "range misses"
    if per_request == 0:
        return "no lane reaches"
    if p.get("pattern") == "uniform" and measured > per_request:
        return "uniform, was not"
    return "definite too high" if per_request > measured else "definite too low"


def relative(path, suite):
    m = re.search(r"/build-suites/%s/src/(.*)$" % re.escape(suite), path)
    return m.group(1) if m else path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rows", help="suite_score.py --rows output")
    parser.add_argument("--tsv", help="one line per wrong row")
    args = parser.parse_args()
    rows = [r for r in json.load(open(args.rows))
            if r["verdict"] in ("wrong", "not predicted")]
    counts = collections.defaultdict(collections.Counter)
    programs = collections.defaultdict(collections.Counter)
    lines = []
    for r in rows:
        kind = kind_of(r)
        counts[(r["suite"], r["space"])][kind] += 1
        programs[(r["suite"], r["space"], kind)][r["program"]] += 1
        p = r["predicted"] or {}
        shown = p.get("per_request")
        if shown is None and p.get("range"):
            shown = "%g..%g" % tuple(p["range"])
        lines.append("\t".join(str(x) for x in (
            r["suite"], r["program"], relative(r["file"], r["suite"]),
            r["line"], r["kernel"], r["space"],
            r["measured"]["per_request"], "" if shown is None else shown,
            kind)))
    for (suite, space), c in sorted(counts.items()):
        print(f"{suite} {space}: " + ", ".join(
            f"{k} {n}" for k, n in c.most_common()))
        for k, _ in c.most_common():
            top = programs[(suite, space, k)].most_common(6)
            print(f"    {k}: " + ", ".join(f"{p} {n}" for p, n in top))
    if args.tsv:
        with open(args.tsv, "w") as f:
            f.write("suite\tprogram\tfile\tline\tkernel\tmemory\tmeasured"
                    "\tpredicted\tkind\n")
            f.write("\n".join(sorted(lines)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
