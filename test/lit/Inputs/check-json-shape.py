"""Checks that a cuda-coalesce JSON document has the documented shape:
check-json-shape.py FILE EXPECTED_ACCESS_COUNT."""
import json
import sys

COMMON = {
    "file": str, "line": int, "column": int, "kernel": str, "function": str,
    "kind": str, "expression": str, "index": str, "element_bytes": int,
    "block": list, "space": str, "pattern": str, "efficiency": (int, float),
    "assumptions": list,
}
NUMBER = (int, float)
# The counts go by the name of their unit: sectors in global memory,
# wavefronts in shared memory.
BY_SPACE = {
    "global": {"sectors_per_request": NUMBER + (type(None),),
               "ideal_sectors_per_request": NUMBER, "segments_per_request": NUMBER,
               "sectors_min": NUMBER, "sectors_max": NUMBER},
    "shared": {"wavefronts_per_request": NUMBER + (type(None),),
               "ideal_wavefronts_per_request": NUMBER,
               "wavefronts_min": NUMBER, "wavefronts_max": NUMBER},
}
PATTERNS = {
    "global": {"coalesced", "misaligned", "strided", "scattered", "uniform", "unknown"},
    "shared": {"conflict-free", "broadcast", "bank-conflict", "unknown"},
}

with open(sys.argv[1]) as f:
    doc = json.load(f)
accesses = doc["accesses"]
assert len(accesses) == int(sys.argv[2]), f"{len(accesses)} accesses"
for a in accesses:
    assert a.get("space") in BY_SPACE, f"space {a.get('space')}"
    for key, kind in {**COMMON, **BY_SPACE[a["space"]]}.items():
        assert key in a, f"missing {key}"
        assert isinstance(a[key], kind), f"{key} is {type(a[key]).__name__}"
    other = "shared" if a["space"] == "global" else "global"
    for key in BY_SPACE[other]:
        assert key not in a, f"{a['space']} access with {key}"
    assert a["kind"] in {"load", "store", "atomic"}
    assert a["pattern"] in PATTERNS[a["space"]], a["pattern"]
    assert len(a["block"]) == 3 and all(isinstance(v, int) for v in a["block"])
    assert all(isinstance(s, str) for s in a["assumptions"])
    assert 0 < a["efficiency"] <= 1
print("ok")
