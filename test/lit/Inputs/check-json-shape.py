"""Checks that a cuda-coalesce JSON document has the documented shape:
check-json-shape.py FILE EXPECTED_ACCESS_COUNT."""
import json
import sys

REQUIRED = {
    "file": str, "line": int, "column": int, "kernel": str, "function": str,
    "kind": str, "expression": str, "index": str, "element_bytes": int,
    "block": list, "pattern": str, "sectors_per_request": (int, float, type(None)),
    "ideal_sectors_per_request": (int, float), "segments_per_request": (int, float),
    "efficiency": (int, float), "assumptions": list,
    "sectors_min": (int, float), "sectors_max": (int, float),
}
PATTERNS = {"coalesced", "misaligned", "strided", "scattered", "uniform", "unknown"}

with open(sys.argv[1]) as f:
    doc = json.load(f)
accesses = doc["accesses"]
assert len(accesses) == int(sys.argv[2]), f"{len(accesses)} accesses"
for a in accesses:
    for key, kind in REQUIRED.items():
        assert key in a, f"missing {key}"
        assert isinstance(a[key], kind), f"{key} is {type(a[key]).__name__}"
    assert a["kind"] in {"load", "store", "atomic"}
    assert a["pattern"] in PATTERNS
    assert len(a["block"]) == 3 and all(isinstance(v, int) for v in a["block"])
    assert all(isinstance(s, str) for s in a["assumptions"])
    assert 0 < a["efficiency"] <= 1
print("ok")
