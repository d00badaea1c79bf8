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


LIMITS = {
    "range": "within the range the analyzer reports: the count depends on run-time data "
             "(data-dependent indices) or values (a pitch from cudaMallocPitch)",
}


def git_commit():
    try:
        return subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True).stdout.strip()
    except OSError:
        return "unknown"


def load_optional(path):
    return json.load(open(path)) if os.path.exists(path) else None


def fix_rows(rows):
    """Speedups of the fixed kernels (fixes.json + timings.json), with the
    sectors predicted and measured for each side."""
    fixes = load_optional(os.path.join(HERE, "fixes.json")) or []
    timings = load_optional(os.path.join(HERE, "results", "timings.json")) or {}
    by_kernel = {(os.path.basename(t["file"]), t["kernel"]): t
                 for t in timings.get("timings", [])}

    def worst(file, kernel):
        """The kernel's most expensive access (most sectors per request)."""
        candidates = [r for r in rows if r["file"] == file and r["kernel"] == kernel]
        return max(candidates, key=lambda r: r["measured"], default=None)

    out = []
    for f in fixes:
        slow = by_kernel.get((f["file"], f["slow"]))
        fast = by_kernel.get((f["file"], f["fixed"]))
        row = dict(f)
        if slow and fast and fast["ms"] > 0:
            row.update(slow_ms=round(slow["ms"], 5), fixed_ms=round(fast["ms"], 5),
                       speedup=round(slow["ms"] / fast["ms"], 2))
        bad = worst(f["file"], f["slow"])
        if bad:
            row["access"] = f'{bad["file"]}:{bad["line"]} {bad["kind"]} `{bad["source"]}`'
            row["slow_measured_sectors"] = bad["measured"]
            row["slow_predicted_sectors"] = bad.get("predicted")
            # The analyzer's own prediction after its fix, where it has one.
            after = [x["predicted_sectors_per_request"] for x in bad.get("fixes", [])
                     if x["predicted_sectors_per_request"] is not None]
            row["predicted_after_fix"] = min(after) if after else None
            row["suggested_fixes"] = sorted({x["kind"] for x in bad.get("fixes", [])})
        good = [r for r in rows if r["file"] == f["file"] and r["kernel"] == f["fixed"]]
        if good:
            row["fixed_measured_sectors"] = max(r["measured"] for r in good)
        out.append(row)
    return out


def markdown(meas, rows, fixes, summary):
    h = meas["header"]
    lines = ["# runtime-bench: predictions against an H200", "",
             f"- measured: {h.get('date')} on {h.get('gpu')} (sm_{h.get('compute_capability', '').replace('.', '')}), "
             f"driver {h.get('driver')}, CUDA {h.get('cuda_version')}, nvcc {h.get('nvcc_version')}, "
             f"Nsight Compute {h.get('ncu_version')}",
             f"- compiled with `{h.get('compile')}`; per-line sectors from `{h.get('export')}`",
             f"- predicted by cuda-coalesce {git_commit()} (`runtime-bench/compare.py`)",
             f"- exact: within 0.5% (or 0.01 sectors) of the measured sectors/request; lines with several "
             f"accesses of one kind compare the mean", "",
             "## Summary", "",
             "| status | accesses |", "|---|---|"]
    for status, n in summary["by_status"].items():
        lines.append(f"| {status} | {n} |")
    if fixes:
        lines += ["", "## Fixes: measured speedup", "",
                  "Per pair: the slow kernel's worst access, its sectors/request measured and predicted, "
                  "the analyzer's prediction after its own fix, the fixed kernel's worst access measured, "
                  "and the kernels' median times (CUDA events, 25 launches).", "",
                  "| slow -> fixed kernel | fix | worst access | sectors measured / predicted | predicted after fix (analyzer's fixes) | fixed kernel measured | slow ms | fixed ms | speedup |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for f in fixes:
            lines.append(f"| {f['file']} `{f['slow']}` -> `{f['fixed']}` | {f.get('fix_kind', '')} | "
                         f"{f.get('access', '')} | {f.get('slow_measured_sectors')} / {f.get('slow_predicted_sectors')} | "
                         f"{f.get('predicted_after_fix')} ({', '.join(f.get('suggested_fixes', []))}) | "
                         f"{f.get('fixed_measured_sectors')} | {f.get('slow_ms', '')} | {f.get('fixed_ms', '')} | "
                         f"{f.get('speedup', '')} |")
    others = [r for r in rows if r["status"] != "exact"]
    if others:
        lines += ["", "## Not exact, and why", "",
                  "| access | measured | predicted | why |", "|---|---|---|---|"]
        for r in others:
            pred = r.get("predicted_range", r.get("predicted"))
            lines.append(f"| {r['file']}:{r['line']} {r['kind']} `{r['source']}` ({r['kernel']}) | "
                         f"{r['measured']} | {pred} ({r.get('pattern', '')}) | {LIMITS.get(r['status'], 'a miss')} |")
    lines += ["", "## Every access", "",
              "| file:line | kind | kernel | source | measured | predicted | ideal (measured / predicted) | pattern | status |",
              "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        pred = r.get("predicted", r.get("predicted_range", ""))
        src = r["source"].replace("|", "\\|")
        lines.append(f"| {r['file']}:{r['line']} | {r['kind']} | {r['kernel']} | `{src}` | {r['measured']} | "
                     f"{pred} | {r['measured_ideal']} / {r.get('predicted_ideal', '')} | {r.get('pattern', '')} | {r['status']} |")
    lines += ["", f"{summary['exact']}/{summary['accesses']} accesses predicted exactly"]
    return "\n".join(lines) + "\n"


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
    # Nsight Compute lists an instruction of an inlined helper under the
    # helper's line or under the line that calls it (ptx-inlined-at,
    # through CUDA headers such as __ldcs): a measured line with no
    # prediction of its own takes those of the helpers called from it.
    by_call = defaultdict(list)
    for p in predictions:
        kernel = normalize_kernel(p["kernel"])
        key = (os.path.basename(p["file"]), p["line"], p["kind"], kernel)
        by_key[key].append(p)
        for call in p.get("call_chain", []):
            by_call[(os.path.basename(call["file"]), call["line"], p["kind"], kernel)].append(p)

    rows = []
    for r in meas["records"]:
        key = (os.path.basename(r["file"]), r["line"], r["kind"], normalize_kernel(r["kernel"]))
        preds = by_key.get(key, []) or by_call.get(key, [])
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
                row["fixes"] = definite[0].get("fixes", [])
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
    fixes = fix_rows(rows)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"header": meas["header"], "analyzer": git_commit(), "summary": summary,
                       "fixes": fixes, "rows": rows}, f, indent=1)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(markdown(meas, rows, fixes, summary))
    for r in rows:
        if r["status"] != "exact" or args.verbose:
            print(f'{r["status"]:14} {r["file"]}:{r["line"]} {r["kind"]:6} {r["kernel"]:28} '
                  f'measured {r["measured"]:8.4f} predicted {r.get("predicted", r.get("predicted_range"))} '
                  f'[{r.get("pattern", "")}]  {r["source"][:50]}')
    print(summary["by_status"])
    print(f"{n_exact}/{len(rows)} accesses predicted exactly")


if __name__ == "__main__":
    main()
