#!/usr/bin/env python3
"""The comparing half of runtime-bench: runs cuda-coalesce on the corpus and
joins its predictions with the GPU measurements on (file, line, kind, kernel).

  compare.py [--tool build/tool/cuda-coalesce] [--measurements results/measurements.json]
             [--json out.json] [--markdown out.md]

Where a source line holds several accesses of one kind (or a kernel is
predicted under several launches), the prediction compared is their mean,
as Nsight Compute's per-line figure is. A measured line with no access of
its own that an access names in "also_filed_under" (instructions nvcc gives
no line, which the profiler files under a line nearby) is measured together
with that access's line. A prediction is exact when it is
within 0.5% (or 0.01 sectors) of the measured sectors per request.

Shared memory: measured records with "space": "shared" are joined with the
analyzer's accesses of "space": "shared" (an access without "space" is
global) on (file, line, kind, kernel, space) and compare wavefronts per
request (same exactness rule; a null prediction is a range
[wavefronts_min, wavefronts_max]). They are counted apart: summary["shared"]
in --json, a "## Shared memory" section in --markdown, one more line here;
the global summary and its figures cover global rows only.
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


def request_weights(ps):
    """How the predictions of one line weigh in its count per request: by their requests per
    launch, where those are known and differ as different code's do (a load hoisted out of a
    loop beside one in it, the trips of an unrolled loop, a helper called in two contexts: 25%
    apart or more); else alike. Requests per launch are estimated from a sample of the launch's
    warps, a few percent apart for accesses that run equally often, which must not tilt the
    mean (tools/real-code's comparisons use it too)."""
    w = [p.get("requests_per_launch") for p in ps]
    if any(x is None or x <= 0 for x in w) or max(w) < 1.25 * min(w):
        return [1] * len(ps)
    return w


def space_of(x):
    """'global' or 'shared'; predictions and records written before shared memory was
    modelled have no "space" and are global."""
    return x.get("space") or "global"


# Per space: the measured record's figures and the prediction's (value, ideal, min, max).
FIELDS = {
    "global": {"measured": "sectors_per_request", "measured_ideal": "ideal_per_request",
               "value": "sectors_per_request", "ideal": "ideal_sectors_per_request",
               "min": "sectors_min", "max": "sectors_max", "unit": "sectors"},
    "shared": {"measured": "wavefronts_per_request", "measured_ideal": "ideal_wavefronts_per_request",
               "value": "wavefronts_per_request", "ideal": "ideal_wavefronts_per_request",
               "min": "wavefronts_min", "max": "wavefronts_max", "unit": "wavefronts"},
}
SHARED_FIX_KINDS = {"pad-shared", "swizzle-shared", "shared-thread-mapping"}


def summarize(rows):
    return {"accesses": len(rows), "exact": sum(r["status"] == "exact" for r in rows),
            "by_status": {s: sum(r["status"] == s for r in rows)
                          for s in sorted({r["status"] for r in rows})}}


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
        unit = FIELDS[space]["unit"]
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


def per_launch(row, record, preds, space):
    """The line's total per launch (sectors, or wavefronts in shared memory): the
    measured sum over its instructions against the sum of its accesses'
    predicted per-launch counts, where every one of them is known. A line
    predicted under several launch shapes is left out (one launch is
    measured)."""
    unit = "sectors" if space == "global" else "wavefronts"
    measured = record.get(unit)
    if measured is None or not preds:
        return
    row["measured_total"] = measured
    if len({tuple(p.get("assumptions", [""])[:1]) for p in preds}) > 1:
        row["per_launch_status"] = "several launches"
        return
    values = [p.get(unit + "_per_launch") for p in preds]
    if any(v is None for v in values):
        row["per_launch_status"] = "unknown count"
        return
    total = sum(values)
    row["predicted_total"] = round(total, 1)
    ok = abs(total - measured) <= 0.01 * max(measured, 1)
    row["per_launch_status"] = "within 1%" if ok else "miss"


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
    predictions = predict(args.tool, files)

    by_key = defaultdict(list)
    # Nsight Compute lists an instruction of an inlined helper under the
    # helper's line or under the line that calls it (ptx-inlined-at,
    # through CUDA headers such as __ldcs): a measured line with no
    # prediction of its own takes those of the helpers called from it.
    by_call = defaultdict(list)
    for p in predictions:
        kernel = normalize_kernel(p["kernel"])
        space = space_of(p)
        key = (os.path.basename(p["file"]), p["line"], p["kind"], kernel, space)
        by_key[key].append(p)
        for call in p.get("call_chain", []):
            by_call[(os.path.basename(call["file"]), call["line"], p["kind"], kernel, space)].append(p)

    # nvcc gives some instructions no line of their own (a store merged from
    # both branches of an `if`, copies of a fully unrolled loop's body), and
    # the profiler files them under a line nearby: the access says which
    # ("also_filed_under"). A measured line with no prediction of its own
    # that one access names is measured with that access's line: their
    # instructions together against its prediction.
    by_filed = defaultdict(set)
    for p in predictions:
        home = (os.path.basename(p["file"]), p["line"], p["kind"], normalize_kernel(p["kernel"]),
                space_of(p))
        for line in p.get("also_filed_under", []):
            by_filed[home[:1] + (line,) + home[2:]].add(home)
    group_of = {}
    for i, r in enumerate(meas["records"]):
        key = (os.path.basename(r["file"]), r["line"], r["kind"], normalize_kernel(r["kernel"]),
               space_of(r))
        homes = by_filed.get(key, set())
        if not by_key.get(key) and not by_call.get(key) and len(homes) == 1:
            group_of[i] = next(iter(homes))
        else:
            group_of[i] = key
    groups = defaultdict(list)
    for i, r in enumerate(meas["records"]):
        groups[group_of[i]].append(r)

    def together(records, field):
        """The records' figure per request over all their instructions, or the single
        record's where it stands alone or a count is missing."""
        unit = field.split("_per_request")[0]
        if len(records) == 1 or any(x.get(unit) is None or not x.get("instructions")
                                    for x in records):
            return records[0].get(field) if len(records) == 1 else None
        return round(sum(x[unit] for x in records) / sum(x["instructions"] for x in records), 4)

    rows = []
    for i, r in enumerate(meas["records"]):
        space = space_of(r)
        F = FIELDS[space]
        key = (os.path.basename(r["file"]), r["line"], r["kind"], normalize_kernel(r["kernel"]), space)
        group = groups[group_of[i]]
        preds = by_key.get(group_of[i], []) or by_call.get(group_of[i], [])
        measured = r.get(F["measured"])
        row = {"file": key[0], "line": key[1], "kind": key[2], "kernel": r["kernel"], "space": space,
               "source": r.get("source", ""), "measured": measured,
               "measured_ideal": r.get(F["measured_ideal"])}
        if len(group) > 1:
            # Compared as one with the other lines of its access.
            row["filed_with"] = sorted(x["line"] for x in group)
            measured = together(group, F["measured"])
            row["measured_together"] = measured
        if not preds:
            row["status"] = "not predicted"
        elif measured is None:
            row["status"] = "not executed"
        else:
            definite = [p for p in preds if p.get(F["value"]) is not None]
            patterns = sorted({str(p.get("pattern")) for p in preds})
            row["pattern"] = "/".join(patterns)
            if len(definite) < len(preds):
                lo = min(p[F["min"]] for p in preds)
                hi = max(p[F["max"]] for p in preds)
                row["predicted_range"] = [lo, hi]
                row["status"] = "range" if lo - 0.01 <= measured <= hi + 0.01 else "range-miss"
            else:
                # Several instructions on one line (a helper called twice,
                # the trips of an unrolled list): the profiler's count per
                # request is over all their requests, so each weighs by its
                # requests (request_weights says when).
                weights = request_weights(definite)
                value = sum(w * p[F["value"]] for w, p in zip(weights, definite)) / sum(weights)
                row["predicted"] = round(value, 4)
                row["fixes"] = definite[0].get("fixes", [])
                ideals = [p.get(F["ideal"]) for p in definite]
                if all(v is not None for v in ideals):
                    row["predicted_ideal"] = round(
                        sum(w * v for w, v in zip(weights, ideals)) / sum(weights), 4)
                row["status"] = "exact" if exact(value, measured) else "miss"
                # A sample that ran out of budget states the range it
                # stands for.
                low, high = F["value"].replace("_per_request", "_low"), \
                    F["value"].replace("_per_request", "_high")
                if row["status"] == "miss" and any(low in p for p in definite):
                    lo = sum(w * p.get(low, p[F["value"]]) for w, p in zip(weights, definite)) / sum(weights)
                    hi = sum(w * p.get(high, p[F["value"]]) for w, p in zip(weights, definite)) / sum(weights)
                    row["predicted_range"] = [round(lo, 4), round(hi, 4)]
                    row["status"] = "range" if lo - 0.01 <= measured <= hi + 0.01 else "miss"
                # Data-dependent addresses are predicted as a bound: the
                # worst case (a sector per lane) down to one shared sector.
                if (space == "global" and row["status"] == "miss"
                        and all(p["pattern"] == "scattered" for p in definite)):
                    lo = min(p["sectors_min"] for p in definite)
                    hi = max(p["sectors_max"] for p in definite)
                    row["predicted_range"] = [lo, hi]
                    inside = lo - 0.01 <= measured <= hi + 0.01
                    row["status"] = "range" if inside else "range-miss"
        if len(group) == 1 or group_of[i] == key:
            per_launch(row, r if len(group) == 1 else {
                u: sum(x.get(u) or 0 for x in group) for u in ("sectors", "wavefronts")}, preds, space)
        rows.append(row)

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
