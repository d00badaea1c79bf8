#!/usr/bin/env python3
"""Writes parse_ncu.py's measurements JSON without what must not or need not be committed.

  compact_measurements.py IN.json OUT.json

Keeps what `cuda-coalesce verify --measured=OUT.json` reads (kernels with their launch shapes,
records with their per-instruction figures) and drops the third-party source text of each line
the SASS operands (only the opcode stays) and the records of library headers (the CUDA toolkit's, CUB's,
thrust's, the system's: parse_ncu.is_library_file), so that the numbers of a public project's
measurement can be kept in the repository without any of its code. One record per line of the
output file, so that a diff between two measurements stays readable. Python 3 standard library only.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "runtime-bench"))
from parse_ncu import is_library_file  # noqa: E402

KEEP_RECORD = ("file", "line", "kernel", "kernel_signature", "kind", "space", "instructions",
               "sectors", "ideal_sectors", "wavefronts", "ideal_wavefronts",
               "attribution", "also_listed_at", "inlined_at_lines",
               "launch", "program")
KEEP_INSTRUCTION = ("instructions", "sectors", "ideal_sectors", "wavefronts",
                    "ideal_wavefronts")


def opcode(sass):
    toks = sass.split()
    if toks and toks[0].startswith("@"):
        toks = toks[1:]
    return toks[0] if toks else ""


def compact(data):
    records = []
    for r in data["records"]:
        if is_library_file(r.get("file", "")):
            continue  # CUDA's, CUB's, thrust's own lines: no prediction is made for them
        c = {k: r[k] for k in KEEP_RECORD if k in r}
        c["per_instruction"] = [dict({k: i[k] for k in KEEP_INSTRUCTION if k in i},
                                     sass=opcode(i.get("sass", "")))
                                for i in r.get("per_instruction", [])]
        records.append(c)
    return {"header": data.get("header", {}), "kernels": data.get("kernels", []),
            "records": records}


def main():
    data = compact(json.load(open(sys.argv[1])))
    with open(sys.argv[2], "w") as out:
        out.write('{"header": %s,\n "kernels": [\n' % json.dumps(data["header"], sort_keys=True))
        out.write(",\n".join("  " + json.dumps(k, sort_keys=True) for k in data["kernels"]))
        out.write('\n ],\n "records": [\n')
        out.write(",\n".join("  " + json.dumps(r, sort_keys=True) for r in data["records"]))
        out.write("\n ]}\n")


if __name__ == "__main__":
    main()
