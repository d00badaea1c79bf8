"""Prints parse_ncu.py's records and notes one per line, for FileCheck."""
import json
import sys

data = json.load(open(sys.argv[1]))
for r in data["records"]:
    print("record line %d %s %s/request attribution %s" % (
        r["line"], r["kind"], r["sectors_per_request"], r["attribution"]))
for n in data["notes"]:
    print("note: " + n)
