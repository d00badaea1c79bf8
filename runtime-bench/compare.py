#!/usr/bin/env python3
"""The comparing half of runtime-bench: judges the analyzer's predictions by
the GPU measurements with `cuda-coalesce verify` (the one scorer, see
docs/verify.md) and writes its tables.

  compare.py [--tool build/tool/cuda-coalesce] [--measurements results/measurements.json]
             [--json out.json] [--markdown out.md]

verify analyses the measured kernels' files and joins its predictions with
the measured records on (file, line, kind, kernel, space): where a source
line holds several accesses of one kind (or a kernel is predicted under
several launches) the prediction compared is their mean, as Nsight
Compute's per-line figure is; lines nvcc files an access's instructions
under (call sites, the statement's other lines, "also_filed_under") are
measured together with it. A prediction is exact when it is within 0.5% (or
0.01 units) of the measured units per request; "in range" when the analyzer
gave a range that holds the measurement; else "wrong". The verdicts are
verify's; this script adds the fixes' speedups, the time estimates and the
per-launch totals, and writes the Markdown.

Shared memory (records with "space": "shared", wavefronts per request) is
counted apart: summary["shared"] in --json, a "## Shared memory" section in
--markdown, one more line here; the global summary and its figures cover
global rows only.
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


def space_of(x):
    """'global' or 'shared'; predictions and records written before shared memory was
    modelled have no "space" and are global."""
    return x.get("space") or "global"


SHARED_FIX_KINDS = {"pad-shared", "swizzle-shared", "shared-thread-mapping"}


def summarize(rows):
    return {"accesses": len(rows), "exact": sum(r["status"] == "exact" for r in rows),
            "by_status": {s: sum(r["status"] == s for r in rows)
                          for s in sorted({r["status"] for r in rows})}}


def run_verify(tool, measured, files=(), predictions=()):
    """`cuda-coalesce verify --format=json` over MEASURED (pages or measurements JSON), analysing
    FILES or reading the analyzer's JSON PREDICTIONS: its JSON document (docs/verify.schema.json).
    The scorer of runtime-bench and of tools/real-code's comparisons."""
    out = subprocess.run([tool, "verify", "--format=json"] + ["--measured=" + m for m in measured] +
                         ["--predictions=" + p for p in predictions] + list(files),
                         capture_output=True, text=True)
    if out.returncode not in (0, 1, 2) or not out.stdout.strip():
        sys.exit("cuda-coalesce verify failed (exit %d): %s" % (out.returncode, out.stderr.strip()))
    if out.returncode == 2:
        sys.stderr.write(out.stderr)
    return json.loads(out.stdout)


LIMITS = {
    "in range": "within the range the analyzer reports: the count depends on run-time data "
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
    sectors (shared fix kinds: wavefronts) predicted and measured for each side."""
    fixes = load_optional(os.path.join(HERE, "fixes.json")) or []
    timings = load_optional(os.path.join(HERE, "results", "timings.json")) or {}
    by_kernel = {(os.path.basename(t["file"]), normalize_kernel(t["kernel"])): t
                 for t in timings.get("timings", [])}

    def worst(file, kernel, space):
        """The kernel's most expensive access of that space (most sectors or wavefronts per
        request)."""
        candidates = [r for r in rows if r["file"] == file and r["space"] == space
                      and normalize_kernel(r["kernel"]) == normalize_kernel(kernel)
                      and r["measured"] is not None]
        return max(candidates, key=lambda r: r["measured"], default=None)

    out = []
    for f in fixes:
        space = "shared" if f.get("fix_kind") in SHARED_FIX_KINDS else "global"
        unit = "sectors" if space == "global" else "wavefronts"
        slow = by_kernel.get((f["file"], normalize_kernel(f["slow"])))
        fast = by_kernel.get((f["file"], normalize_kernel(f["fixed"])))
        row = dict(f)
        if space == "shared":
            row["unit"] = unit
        if slow and fast and fast["ms"] > 0:
            row.update(slow_ms=round(slow["ms"], 5), fixed_ms=round(fast["ms"], 5),
                       speedup=round(slow["ms"] / fast["ms"], 2))
        bad = worst(f["file"], f["slow"], space)
        if bad:
            row["access"] = f'{bad["file"]}:{bad["line"]} {bad["kind"]} `{bad["source"]}`'
            row[f"slow_measured_{unit}"] = bad["measured"]
            row[f"slow_predicted_{unit}"] = (bad.get("predicted") if space == "global"
                                             else bad.get("predicted", bad.get("predicted_range")))
            # The analyzer's own prediction after its fix, where it has one.
            after = []
            for x in bad.get("fixes", []):
                v = x.get(f"predicted_{unit}_per_request", x.get("predicted_sectors_per_request"))
                if v is not None:
                    after.append(v)
            row["predicted_after_fix"] = min(after) if after else None
            row["suggested_fixes"] = sorted({x["kind"] for x in bad.get("fixes", [])})
        good = [r for r in rows if r["file"] == f["file"] and r["space"] == space
                and normalize_kernel(r["kernel"]) == normalize_kernel(f["fixed"])
                and r["measured"] is not None]
        if good:
            row[f"fixed_measured_{unit}"] = max(r["measured"] for r in good)
        out.append(row)
    return out


def access_table(rows, unit):
    lines = [f"| file:line | kind | kernel | source | measured | predicted | ideal (measured / predicted) | pattern | status |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        pred = r.get("predicted", r.get("predicted_range", ""))
        src = r["source"].replace("|", "\\|")
        if r.get("filed_with"):
            src += f"` (with lines {', '.join(map(str, r['filed_with']))}: {r.get('measured_together')}) `"
        lines.append(f"| {r['file']}:{r['line']} | {r['kind']} | {r['kernel']} | `{src}` | {r['measured']} | "
                     f"{pred} | {r['measured_ideal']} / {r.get('predicted_ideal', '')} | {r.get('pattern', '')} | {r['status']} |")
    return lines


def not_exact_table(rows):
    lines = ["| access | measured | predicted | why |", "|---|---|---|---|"]
    for r in rows:
        pred = r.get("predicted_range", r.get("predicted"))
        lines.append(f"| {r['file']}:{r['line']} {r['kind']} `{r['source']}` ({r['kernel']}) | "
                     f"{r['measured']} | {pred} ({r.get('pattern', '')}) | {LIMITS.get(r['status'], 'a miss')} |")
    return lines


def markdown(meas, rows, fixes, summary):
    h = meas["header"]
    grows = [r for r in rows if r["space"] == "global"]
    srows = [r for r in rows if r["space"] == "shared"]
    lines = ["# runtime-bench: predictions against an H200", "",
             f"- measured: {h.get('date')} on {h.get('gpu')} (sm_{h.get('compute_capability', '').replace('.', '')}), "
             f"driver {h.get('driver')}, CUDA {h.get('cuda_version')}, nvcc {h.get('nvcc_version')}, "
             f"Nsight Compute {h.get('ncu_version')}",
             f"- compiled with `{h.get('compile')}`; per-line sectors from `{h.get('export')}`",
             f"- predicted by cuda-coalesce {git_commit()} (`runtime-bench/compare.py`)",
             f"- exact: within 0.5% (or 0.01 sectors) of the measured sectors/request; lines with several "
             f"accesses of one kind compare the mean",
             f"- global memory: sectors per request (the sections below); shared memory: wavefronts per "
             f"request (its own section at the end)", "",
             "## Summary (global memory)", "",
             "| status | accesses |", "|---|---|"]
    for status, n in summary["by_status"].items():
        lines.append(f"| {status} | {n} |")
    if summary.get("shared", {}).get("accesses"):
        sh = summary["shared"]
        lines += ["", f"Shared memory: {sh['exact']}/{sh['accesses']} exact "
                      f"({', '.join(f'{k} {v}' for k, v in sh['by_status'].items())}); see the last section."]
    pl, te = summary.get("per_launch"), summary.get("time_estimate")
    if pl:
        lines += ["", f"Per launch: {pl['within_1pct']} of {pl['known']} lines whose count is known statically "
                      f"are within 1% of the measured total ({', '.join(f'{k} {v}' for k, v in pl['by_status'].items())})."]
    if te and te.get("pairs"):
        lines += ["", f"Time estimate (wasted bytes over the bandwidth, no caches): Spearman rank correlation "
                      f"{te['spearman']} with the measured time saved, over {te['pairs']} fix pairs "
                      f"(columns est. / measured saved us below)."]
    if fixes:
        lines += ["", "## Fixes: measured speedup", "",
                  "Per pair: the slow kernel's worst access, its sectors/request measured and predicted "
                  "(shared-memory fix kinds: wavefronts/request), "
                  "the analyzer's prediction after its own fix, the fixed kernel's worst access measured, "
                  "and the kernels' median times (CUDA events, 25 launches).", "",
                  "| slow -> fixed kernel | fix | worst access | measured / predicted | predicted after fix (analyzer's fixes) | fixed kernel measured | slow ms | fixed ms | speedup | saved us est. / measured |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for f in fixes:
            unit = f.get("unit", "sectors")
            lines.append(f"| {f['file']} `{f['slow']}` -> `{f['fixed']}` | {f.get('fix_kind', '')} | "
                         f"{f.get('access', '')} | {f.get(f'slow_measured_{unit}')} / {f.get(f'slow_predicted_{unit}')} {unit} | "
                         f"{f.get('predicted_after_fix')} ({', '.join(f.get('suggested_fixes', []))}) | "
                         f"{f.get(f'fixed_measured_{unit}')} | {f.get('slow_ms', '')} | {f.get('fixed_ms', '')} | "
                         f"{f.get('speedup', '')} | {f.get('estimated_saved_us', '')} / {f.get('measured_saved_us', '')} |")
    others = [r for r in grows if r["status"] != "exact"]
    if others:
        lines += ["", "## Not exact, and why", ""] + not_exact_table(others)
    lines += ["", "## Every access", ""] + access_table(grows, "sectors")
    lines += ["", f"{summary['exact']}/{summary['accesses']} accesses predicted exactly"]
    if srows:
        sh = summary["shared"]
        lines += ["", "## Shared memory", "",
                  "Wavefronts per request: measured = sum(L1 Wavefronts Shared) / sum(Instructions Executed) "
                  "over the line's LDS/STS/ATOMS instructions of that kind (a warp whose lanes are all "
                  "predicated off counts as a request of 0 wavefronts); predicted = the analyzer's "
                  "wavefronts_per_request (null: the range wavefronts_min..wavefronts_max).", "",
                  "| status | accesses |", "|---|---|"]
        for status, n in sh["by_status"].items():
            lines.append(f"| {status} | {n} |")
        sothers = [r for r in srows if r["status"] not in ("exact", "not predicted")]
        if sothers:
            lines += ["", "### Not exact, and why", ""] + not_exact_table(sothers)
        lines += ["", "### Every shared-memory access", ""] + access_table(srows, "wavefronts")
        lines += ["", f"{sh['exact']}/{sh['accesses']} shared-memory accesses predicted exactly"]
    return "\n".join(lines) + "\n"


def per_launch(row, verified, accesses):
    """The line's total per launch (sectors, or wavefronts in shared memory), on the first line of
    verify's group: the measured sum over its instructions against the sum of its accesses'
    predicted per-launch counts, where every one of them is known. A line predicted under several
    launches is left out (one launch is measured)."""
    totals = verified.get("per_launch")
    if not totals or not accesses:
        return
    row["measured_total"] = totals["measured"]
    if len({tuple(a.get("assumptions", [""])[:1]) for a in accesses}) > 1:
        row["per_launch_status"] = "several launches"
        return
    if totals["predicted"] is None:
        row["per_launch_status"] = "unknown count"
        return
    row["predicted_total"] = round(totals["predicted"], 1)
    ok = abs(totals["predicted"] - totals["measured"]) <= 0.01 * max(totals["measured"], 1)
    row["per_launch_status"] = "within 1%" if ok else "miss"


def rows_of(verified):
    """One row per measured record from verify's JSON, in the fields the tables read; the
    verdict is verify's."""
    predictions = verified["predictions"]
    rows = []
    for v in verified["rows"]:
        m, p = v["measured"], v["predicted"]
        if m is None:
            continue  # predicted with no instruction: not a measured line
        row = {"file": os.path.basename(v["file"]), "line": v["line"], "kind": v["kind"],
               "kernel": v["kernel"], "space": v["space"], "source": m["source"],
               "measured": m["per_request"], "measured_ideal": m["ideal_per_request"],
               "status": v["verdict"]}
        if v.get("measured_with"):
            # Compared as one with the other lines of its access.
            row["filed_with"] = sorted(v["measured_with"] + [v["line"]])
            row["measured_together"] = v["measured_together"]
        accesses = [predictions[a["prediction"]] for a in (p or {}).get("accesses", [])]
        if p:
            row["pattern"] = p["pattern"]
            if p["per_request"] is not None:
                row["predicted"] = p["per_request"]
                row["fixes"] = accesses[0].get("fixes", [])
            if p["range"] is not None:
                row["predicted_range"] = p["range"]
            if p["ideal_per_request"] is not None:
                row["predicted_ideal"] = p["ideal_per_request"]
        per_launch(row, v, accesses)
        rows.append(row)
    return rows


def spearman(xs, ys):
    """Spearman's rank correlation (average ranks for ties)."""
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx and vy else None


def time_estimates(fixes, predictions):
    """Issue 17: the analyzer's estimate of the time a fix saves (the slow
    kernel's estimated_wasted_us summed over its accesses, minus the fixed
    kernel's) against the measured time saved, per fix pair; and how well
    the estimate ranks the pairs."""
    per_kernel = defaultdict(float)
    unknown = set()
    for p in predictions:
        if space_of(p) != "global":
            continue
        key = (os.path.basename(p["file"]), normalize_kernel(p["kernel"]))
        if p.get("estimated_wasted_us") is None:
            unknown.add(key)
        else:
            per_kernel[key] += p["estimated_wasted_us"]
    pairs = []
    for f in fixes:
        slow = (f["file"], normalize_kernel(f["slow"]))
        fixed = (f["file"], normalize_kernel(f["fixed"]))
        # Shared-memory fixes save no DRAM bytes: the estimate has no say.
        if ("slow_ms" not in f or slow in unknown or fixed in unknown
                or f.get("fix_kind") in SHARED_FIX_KINDS):
            continue
        est = per_kernel[slow] - per_kernel[fixed]
        f["estimated_saved_us"] = round(est, 3)
        f["measured_saved_us"] = round((f["slow_ms"] - f["fixed_ms"]) * 1000, 3)
        pairs.append((est, f["measured_saved_us"]))
    rho = spearman([a for a, _ in pairs], [b for _, b in pairs]) if len(pairs) > 2 else None
    return {"pairs": len(pairs), "spearman": round(rho, 3) if rho is not None else None}


def per_launch_summary(rows):
    statuses = [r["per_launch_status"] for r in rows if "per_launch_status" in r]
    return {"lines": len(statuses),
            "known": sum(s in ("within 1%", "miss") for s in statuses),
            "within_1pct": statuses.count("within 1%"),
            "by_status": {s: statuses.count(s) for s in sorted(set(statuses))}}


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
    verified = run_verify(args.tool, [args.measurements], files=files)
    predictions = verified["predictions"]
    rows = rows_of(verified)

    grows = [r for r in rows if r["space"] == "global"]
    srows = [r for r in rows if r["space"] == "shared"]
    n_exact = sum(r["status"] == "exact" for r in grows)
    summary = summarize(grows)
    summary["shared"] = summarize(srows)
    summary["per_launch"] = per_launch_summary(rows)
    fixes = fix_rows(rows)
    summary["time_estimate"] = time_estimates(fixes, predictions)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"header": meas["header"], "analyzer": git_commit(), "summary": summary,
                       "fixes": fixes, "rows": rows}, f, indent=1)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(markdown(meas, rows, fixes, summary))
    def show(r, prefix=""):
        m = "%8.4f" % r["measured"] if r["measured"] is not None else "    None"
        print(f'{prefix}{r["status"]:14} {r["file"]}:{r["line"]} {r["kind"]:6} {r["kernel"]:28} '
              f'measured {m} predicted {r.get("predicted", r.get("predicted_range"))} '
              f'[{r.get("pattern", "")}]  {r["source"][:50]}')

    for r in grows:
        if r["status"] != "exact" or args.verbose:
            show(r)
    print(summary["by_status"])
    print(f"{n_exact}/{len(grows)} accesses predicted exactly")
    te = summary["time_estimate"]
    print(f"time estimate (issue 17): rank correlation {te['spearman']} between the estimated and the "
          f"measured time saved, over {te['pairs']} fix pairs")
    pl = summary["per_launch"]
    for r in rows:
        if r.get("per_launch_status") == "miss":
            print(f'per-launch miss {r["space"]} {r["file"]}:{r["line"]} {r["kind"]} {r["kernel"]}: '
                  f'measured {r["measured_total"]} predicted {r["predicted_total"]}')
    print(f"per launch (issue 17): {pl['within_1pct']}/{pl['known']} lines within 1% of the measured "
          f"total where the count is known statically ({pl['lines']} lines measured)")
    if srows:
        # Shared memory apart; rows without a prediction are listed with --verbose only.
        for r in srows:
            if args.verbose or r["status"] not in ("exact", "not predicted"):
                show(r, "shared ")
        sh = summary["shared"]
        print(f"shared memory (wavefronts/request): {sh['by_status']}")
        print(f"shared memory: {sh['exact']}/{sh['accesses']} accesses predicted exactly")


if __name__ == "__main__":
    main()
