"""Checks verify's JSON against docs/verify.schema.json, and that it agrees
with itself: the summary counts the rows, rows point at launches and
predictions that exist. Prints "schema ok" or fails."""
import collections
import json
import os
import sys

import jsonschema

here = os.path.dirname(os.path.abspath(__file__))
schema = json.load(open(os.path.join(here, "..", "..", "..", "..", "docs", "verify.schema.json")))
data = json.load(open(sys.argv[1]))
jsonschema.validate(data, schema)
counts = collections.Counter((r["space"], r["verdict"]) for r in data["rows"])
for space in ("global", "shared"):
    tally = data["summary"][space]
    for verdict, n in tally.items():
        if verdict == "measured_lines":
            want = sum(1 for r in data["rows"] if r["space"] == space and r["measured"])
        else:
            want = counts[(space, verdict)]
        assert n == want, (space, verdict, n, want)
for r in data["rows"]:
    assert 0 <= r["launch"] < len(data["launches"]), r
    assert (r["measured"] is None) == (r["verdict"] == "no instruction"), r
    for a in (r["predicted"] or {}).get("accesses", []):
        assert 0 <= a["prediction"] < len(data["predictions"]), a
print("schema ok")
