#!/usr/bin/env python3
"""The comparing half of runtime-bench: runs cuda-coalesce on the corpus and
joins its predictions with the GPU measurements on (file, line, kind, kernel).

  compare.py [--tool build/tool/cuda-coalesce] [--measurements results/measurements.json]
             [--json out.json] [--markdown out.md]

Where a source line holds several accesses of one kind (or a kernel is
predicted under several launches), the prediction compared is their mean,
as Nsight Compute's per-line figure is. A prediction is exact when it is
within 0.5% (or 0.01 sectors) of the measured sectors per request.
"""
import argparse
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def normalize_kernel(name):
    # ncu writes template arguments with casts: tstride<(int)4> -> tstride<4>
    name = re.sub(r"\((?:unsigned |signed )?(?:int|long|char|short|long long)\)", "", name)
    return name.replace(" ", "")


def exact(pred, meas):
    return abs(pred - meas) <= max(0.01, 0.005 * meas)


def predict(tool, files):
    out = subprocess.run([tool, "--format=json", "--show-all"] + files,
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.stderr.write(out.stderr)
    return json.loads(out.stdout)["accesses"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "tool", "cuda-coalesce"))
    ap.add_argument("--measurements", default=os.path.join(HERE, "results", "measurements.json"))
    ap.add_argument("--json")
    ap.add_argument("--markdown")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()

    meas = json.load(open(args.measurements))
    files = sorted({os.path.join(ROOT, r["file"]) for r in meas["records"]})
    predictions = predict(args.tool, files)

    by_key = defaultdict(list)
    for p in predictions:
        key = (os.path.basename(p["file"]), p["line"], p["kind"], normalize_kernel(p["kernel"]))
        by_key[key].append(p)

    rows = []
    for r in meas["records"]:
        key = (os.path.basename(r["file"]), r["line"], r["kind"], normalize_kernel(r["kernel"]))
        preds = by_key.get(key, [])
        row = {"file": key[0], "line": key[1], "kind": key[2], "kernel": r["kernel"],
               "source": r.get("source", ""), "measured": r["sectors_per_request"],
               "measured_ideal": r["ideal_per_request"]}
        if not preds:
            row["status"] = "not predicted"
        else:
            definite = [p for p in preds if p["sectors_per_request"] is not None]
            patterns = sorted({p["pattern"] for p in preds})
            row["pattern"] = "/".join(patterns)
            if len(definite) < len(preds):
                lo = min(p["sectors_min"] for p in preds)
                hi = max(p["sectors_max"] for p in preds)
                row["predicted_range"] = [lo, hi]
                row["status"] = "range" if lo - 0.01 <= r["sectors_per_request"] <= hi + 0.01 else "range-miss"
            else:
                value = sum(p["sectors_per_request"] for p in definite) / len(definite)
                row["predicted"] = round(value, 4)
                row["predicted_ideal"] = round(sum(p["ideal_sectors_per_request"] for p in definite) / len(definite), 4)
                row["status"] = "exact" if exact(value, r["sectors_per_request"]) else "miss"
                # Data-dependent addresses are predicted as a bound: the
                # worst case (a sector per lane) down to one shared sector.
                if row["status"] == "miss" and all(p["pattern"] == "scattered" for p in definite):
                    lo = min(p["sectors_min"] for p in definite)
                    hi = max(p["sectors_max"] for p in definite)
                    row["predicted_range"] = [lo, hi]
                    inside = lo - 0.01 <= r["sectors_per_request"] <= hi + 0.01
                    row["status"] = "range" if inside else "range-miss"
        rows.append(row)

    n_exact = sum(r["status"] == "exact" for r in rows)
    summary = {"accesses": len(rows), "exact": n_exact,
               "by_status": {s: sum(r["status"] == s for r in rows)
                             for s in sorted({r["status"] for r in rows})}}
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"header": meas["header"], "summary": summary, "rows": rows}, f, indent=1)
    for r in rows:
        if r["status"] != "exact" or args.verbose:
            print(f'{r["status"]:14} {r["file"]}:{r["line"]} {r["kind"]:6} {r["kernel"]:28} '
                  f'measured {r["measured"]:8.4f} predicted {r.get("predicted", r.get("predicted_range"))} '
                  f'[{r.get("pattern", "")}]  {r["source"][:50]}')
    print(summary["by_status"])
    print(f"{n_exact}/{len(rows)} accesses predicted exactly")


if __name__ == "__main__":
    main()
