"""Removes the progress lines of a run (how far it is, which files it is
analysing: they depend on how fast the machine is) from each file named,
in place: strip-progress.py FILE..."""
import re
import sys

PROGRESS = re.compile(r"cuda-coalesce: (\d+ of \d+ files analysed|\(\d+ s\))")
for name in sys.argv[1:]:
    with open(name, encoding="utf-8") as f:
        lines = f.readlines()
    with open(name, "w", encoding="utf-8") as f:
        f.writelines(l for l in lines if not PROGRESS.match(l))
