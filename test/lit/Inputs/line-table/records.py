"""Prints parse_ncu.py's records, kernels and notes one per line, for FileCheck."""
import json
import os
import sys

data = json.load(open(sys.argv[1]))
for r in data["records"]:
    # compact_measurements.py keeps the sums only
    per_request = r.get("sectors_per_request", round(r["sectors"] / r["instructions"], 4))
    print("record line %d %s %s/request attribution %s in %s" % (
        r["line"], r["kind"], per_request, r["attribution"],
        os.path.basename(r["file"])))
for k in data["kernels"]:
    print("kernel %s in %s" % (k["kernel"], os.path.basename(k["file"]) or "no file"))
for n in data.get("notes", []):
    print("note: " + n)
