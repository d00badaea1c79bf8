#!/usr/bin/env python3
"""Helper of tools/real-code/llmc-check.sh (Python 3 standard library only).

  llmc_check_compare.py kernels FILE.cu
      the names of the __global__ functions defined in FILE.cu, one per line (ncu's filter)
  llmc_check_compare.py parse --build NCU_DIR [-o measurements.json] [--programs TEXT]
      NCU_DIR holds NAME.csv / NAME.raw.csv / NAME.ptx / versions.txt as `llmc-check.sh device`
      writes them. Each profiled launch is parsed on its own by runtime-bench/parse_ncu.py's
      build() (imported, not copied), so a kernel launched at six block sizes gives six sets of
      records: one record per (launch, line, kind), parse_ncu.py's record plus "program",
      "launch" (0-based, in profiling order), "block" and "grid" ([x, y, z], from the raw page's
      Block Size / Grid Size, i.e. launch__block_size / launch__grid_size).
  llmc_check_compare.py compare --measurements M.json --pred PRED_DIR [-o report.md] [--json out.json]
                                [--tool cuda-coalesce]
      judges the analyzer's JSON (PRED_DIR/NAME.json, `--format=json --show-all`) by the
      measurements with `cuda-coalesce verify` (docs/verify.md; the scorer runtime-bench and
      PolyBench's comparisons use too): per measured (launch, line, kind), the accesses analysed
      under the launch's block shape, met at their own line, at a call site (a helper inlined
      into the kernel), at a line of their statement, or at a line they name in
      "also_filed_under" (instructions nvcc gives no line). Status (verify's verdict):
        exact / in range / wrong   the accesses' mean against the line's measurement: exact within
                                   max(0.01, 0.5%) of the measured sectors/request, in range when
                                   the analyzer gave a range that holds it
        other launch               the analyzer has the kernel, but under other block shapes only
                                   (which ones are listed)
        not predicted              no analyzer access meets the line
        not executed               the line's instructions did not run in that launch
      A kernel profiled at the same block twice (two check calls) is compared once per launch.
  llmc_check_compare.py selftest [--data DIR] [--tool cuda-coalesce]
      compare on the hand-made DIR/llmc-check-measurements.json (each record's "expect": its
      status) and DIR/llmc-check-pred/
"""
import argparse
import datetime
import json
import os
import re
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "runtime-bench"))
import parse_ncu  # noqa: E402
from compare import run_verify  # noqa: E402
from gpu_check_compare import default_tool, fmt, md_escape, prediction_files  # noqa: E402

STATUSES = ["exact", "in range", "wrong", "other launch", "not predicted", "not executed"]
RE_GLOBAL = re.compile(r"__global__\s+(?:[\w:<>,\s]*?\s)?(?:__launch_bounds__\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*)?"
                       r"(?:void\s+)?(?:__launch_bounds__\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*)?([A-Za-z_]\w*)\s*\(")


def kernel_names(path):
    text = open(path, errors="replace").read()
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    names = []
    for m in RE_GLOBAL.finditer(text):
        n = m.group(1)
        if n not in names and n not in ("void", "__launch_bounds__"):
            names.append(n)
    return names


def cmd_kernels(a):
    for n in kernel_names(a.file):
        print(n)


def parse_dim(s):
    """'(256, 1, 1)' -> [256, 1, 1]; anything else -> None."""
    nums = re.findall(r"\d+", (s or "").replace(",", " "))
    return [int(x) for x in nums[:3]] if len(nums) >= 3 else None


def cmd_parse(a):
    versions = os.path.join(a.build, "versions.txt")
    names = sorted(os.path.basename(p)[:-4] for p in os.listdir(a.build)
                   if re.match(r"^[^.]+\.csv$", p))
    out = {"header": parse_ncu.read_versions(versions), "kernels": [], "records": [], "notes": []}
    real_psc, real_raw = parse_ncu.parse_source_csv, parse_ncu.read_raw
    fixed = {}
    for name in names:
        try:
            results, dups = real_psc(os.path.join(a.build, name + ".csv"))
        except (OSError, ValueError, IndexError) as e:
            out["notes"].append("%s: source page not parsed: %r" % (name, e))
            continue
        raw = real_raw(os.path.join(a.build, name + ".raw.csv"))
        if len(raw) != len(results):
            out["notes"].append("%s: %d results in the source page, %d in the raw page; launches paired "
                                "in order" % (name, len(results), len(raw)))
        for i, res in enumerate(results):
            rk = raw[i] if i < len(raw) else {}
            # build() on this one launch alone: it reads the pages through these two functions
            parse_ncu.parse_source_csv = lambda _p, res=res, dups=dups: ([res], dups)
            parse_ncu.read_raw = lambda _p, rk=rk: [rk] if rk else []
            try:
                d = parse_ncu.build(a.build, versions, only={name})
            finally:
                parse_ncu.parse_source_csv, parse_ncu.read_raw = real_psc, real_raw
            block, grid = parse_dim(rk.get("block")), parse_dim(rk.get("grid"))
            for r in d["records"]:
                r.update(program=name, launch=i, block=block, grid=grid)
                out["records"].append(r)
            for k in d["kernels"]:
                k.update(program=name, launch=i, block_dim=block, grid_dim=grid)
                out["kernels"].append(k)
            for n in d["notes"]:
                if n not in out["notes"]:
                    out["notes"].append(n)
            fixed = d["header"]
    for k, v in fixed.items():
        out["header"].setdefault(k, v)
    out["header"]["compile"] = ("nvcc -O3 -lineinfo -arch=sm_90 NAME.cu -lcublas -lcublasLt "
                                "(+ -Xcompiler -fopenmp where llm.c's dev/cuda Makefile has it)")
    out["header"]["profile"] = ("ncu --section SourceCounters --metrics <l1tex cross-check> --import-source yes "
                                "--clock-control none --kernel-name regex:^(<the file's __global__ names>)$ "
                                "--launch-count LAUNCH_CAP, the program run with its default arguments and "
                                "LLMC_CHECK_ONLY=1 (benchmark_kernel returns at once: only check-phase launches)")
    out["header"]["programs"] = a.programs or "llm.c dev/cuda, staged by tools/real-code/llmc-check.sh"
    out["header"]["records"] = "one per (launch, line, kind); launch = 0-based index in the program's profile"
    parse_ncu.write_measurements(out, a.output)


# ---------------------------------------------------------------------------------------------

def blk(b):
    return "x".join(str(x) for x in b) if b else "?"


def compare_rows(verified, src_line=lambda f, n: ""):
    """rows (one per measured record) and the predicted-not-measured list, from verify's JSON."""
    predictions = verified["predictions"]
    rows, unmeasured = [], []
    for v in verified["rows"]:
        launch = verified["launches"][v["launch"]]
        base = os.path.basename(v["file"])
        accesses = [predictions[a["prediction"]] for a in (v["predicted"] or {}).get("accesses", [])]
        if v["measured"] is None:
            for p in accesses:
                unmeasured.append({"program": launch["page"], "kernel": p["kernel"], "file": base,
                                   "line": p["line"], "kind": p["kind"], "block": p.get("block"),
                                   "expression": p.get("expression"), "pattern": p.get("pattern")})
            continue
        m = v["measured"]
        row = {"program": launch["page"], "launch": launch["index"], "kernel": v["kernel"],
               "file": base, "line": v["line"], "kind": v["kind"], "block": launch["block"],
               "grid": launch["grid"], "source": m["source"] or src_line(base, v["line"]),
               "sass": [x["sass"] for x in m["per_instruction"]], "measured": m["per_request"],
               "measured_ideal": m["ideal_per_request"], "instructions": m["instructions"],
               "attribution": m["attribution"], "status": v["verdict"]}
        if v.get("matched_by"):
            row["matched_via"] = v["matched_by"]
        if v.get("measured_with"):
            row["filed_with"] = sorted(v["measured_with"] + [v["line"]])
            row["measured_together"] = v["measured_together"]
        if accesses:
            row["expressions"] = sorted({p["expression"] for p in accesses})
            row["patterns"] = sorted({p["pattern"] for p in accesses})
            if v["predicted"]["per_request"] is not None:
                row["predicted"] = v["predicted"]["per_request"]
            if v["predicted"]["range"] is not None:
                row["predicted_range"] = v["predicted"]["range"]
        if v["verdict"] == "other launch":
            row["analysed_blocks"] = v.get("analysed_blocks", [])
        rows.append(row)
    return rows, unmeasured


def source_reader(src_dir):
    cache = {}

    def line(base, n):
        if not src_dir:
            return ""
        if base not in cache:
            try:
                cache[base] = open(os.path.join(src_dir, base), errors="replace").read().split("\n")
            except OSError:
                cache[base] = []
        L = cache[base]
        return L[n - 1].strip() if 0 < n <= len(L) else ""
    return line


def cmd_compare(a):
    meas = json.load(open(a.measurements))
    verified = run_verify(a.tool, [a.measurements], predictions=prediction_files(a.pred))
    rows, unmeasured = compare_rows(verified, source_reader(a.src))
    rows.sort(key=lambda x: (x["program"], x["launch"] if x["launch"] is not None else -1, x["line"], x["kind"]))
    summary = summarize(rows, unmeasured, meas)
    if a.json:
        with open(a.json, "w") as fh:
            json.dump({"header": meas["header"], "analyzer": analyzer_label(a.pred), "summary": summary,
                       "rows": rows, "predicted_not_measured": unmeasured}, fh, indent=1)
    text = markdown(meas, rows, summary, a)
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as fh:
            fh.write(text)
    print(json.dumps(summary["all"], indent=1), file=sys.stderr)


def cmd_selftest(a):
    """compare_rows on the hand-made testdata/llmc-check-measurements.json against the hand-made
    analyzer output testdata/llmc-check-pred/: each record's "expect" is the status it must get."""
    path = os.path.join(a.data, "llmc-check-measurements.json")
    meas = json.load(open(path))
    verified = run_verify(a.tool, [path], predictions=prediction_files(os.path.join(a.data, "llmc-check-pred")))
    rows, unmeasured = compare_rows(verified)
    by_key = {(r["program"], r["launch"], r["kernel"], r["line"], r["kind"]): r for r in rows}
    bad = 0
    for r in meas["records"]:
        row = by_key.get((r.get("program"), r.get("launch"), r["kernel"], r["line"], r["kind"]), {})
        got = row.get("status", "(no row)")
        ok = got == r["expect"] and (not r.get("expect_via") or row.get("matched_via") == r["expect_via"])
        bad += not ok
        print("%-4s %-8s line %-3d %-6s block %-9s -> %-18s (expected %s%s)" % (
            "ok" if ok else "FAIL", r["kernel"], r["line"], r["kind"], blk(r.get("block")), got,
            r["expect"], ", via " + r["expect_via"] if r.get("expect_via") else ""))
    want_unmeasured = meas.get("expect_predicted_not_measured", 0)
    ok = len(unmeasured) == want_unmeasured
    bad += not ok
    print("%-4s predicted, no measured line: %d (expected %d)" % ("ok" if ok else "FAIL", len(unmeasured), want_unmeasured))
    seen = {row["status"] for row in rows}
    missing = [x for x in STATUSES if x not in seen]
    if missing:
        print("FAIL statuses not exercised: %s" % ", ".join(missing))
        bad += 1
    print("%d passed, %d failed" % (len(meas["records"]) + 2 - bad, bad))
    sys.exit(1 if bad else 0)


def analyzer_label(pred_dir):
    try:
        return open(os.path.join(pred_dir, "analyzer.txt")).read().strip()
    except OSError:
        return "?"


def summarize(rows, unmeasured, meas):
    per = defaultdict(lambda: defaultdict(int))
    launches = defaultdict(set)
    blocks = defaultdict(set)
    for k in meas["kernels"]:
        launches[k.get("program", "?")].add(k.get("launch"))
        if k.get("block_dim"):
            blocks[k.get("program", "?")].add(tuple(k["block_dim"]))
    for r in rows:
        for g in (r["program"], "all"):
            per[g][r["status"]] += 1
            per[g]["total"] += 1
    for u in unmeasured:
        for g in (u["program"], "all"):
            per[g]["predicted, no measured line"] += 1
    out = {}
    for g in sorted(per, key=lambda x: (x == "all", x)):
        d = {s: per[g].get(s, 0) for s in STATUSES}
        d["total"] = per[g]["total"]
        d["predicted, no measured line"] = per[g].get("predicted, no measured line", 0)
        if g != "all":
            d["launches"] = len(launches.get(g, ()))
            d["blocks"] = ", ".join(blk(b) for b in sorted(blocks.get(g, ()), key=lambda b: b[0] * b[1] * b[2]))
        else:
            d["launches"] = sum(len(v) for v in launches.values())
            d["programs"] = len(launches)
        out[g] = d
    return out


def markdown(meas, rows, summary, a):
    h = meas["header"]
    o = ["# llm.c dev/cuda on an H200: analyzer against Nsight Compute, per line and block", "",
         "- measured: %s on %s (cc %s), driver %s, CUDA %s, nvcc %s, Nsight Compute %s" % (
             h.get("date"), h.get("gpu"), h.get("compute_capability"), h.get("driver"), h.get("cuda_version"),
             h.get("nvcc_version"), h.get("ncu_version")),
         "- profiled: `%s`" % h.get("profile"),
         "- %s" % analyzer_label(a.pred).replace("\n", "; "),
         "- table written %s by tools/real-code/llmc_check_compare.py" %
         datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "",
         "One row per measured (launch, source line, kind), judged by `cuda-coalesce verify` (docs/verify.md). "
         "exact / in range / wrong: the analyzer's accesses of that line under the measured block shape (mean "
         "over the line's accesses); other launch: the analyzer has the kernel only under other block shapes; "
         "not predicted: no analyzer access there.", "",
         "## Totals", "",
         "| program | launches | block shapes | exact | in range | wrong | other launch | not predicted | "
         "not executed | lines | predicted, no measured line |",
         "|---|---|---|---|---|---|---|---|---|---|---|"]
    for g, d in summary.items():
        o.append("| %s | %d | %s | %s | %d | %d |" % (
            "**all** (%d programs)" % d["programs"] if g == "all" else g, d["launches"], d.get("blocks", "-"),
            " | ".join(str(d[s]) for s in STATUSES), d["total"], d["predicted, no measured line"]))
    o += ["", "## Every measured line", "",
          "pred: the analyzer's sectors/request under the measured block.", "",
          "| program | launch | kernel | block | line | kind | source | meas | pred | status | note |",
          "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        note = []
        if r.get("matched_via") == "call site":
            note.append("via call site")
        if r["status"] == "other launch":
            note.append("analysed at %s only" % ", ".join(blk(b) for b in r["analysed_blocks"]))
            pred = "-"
        else:
            pred = fmt(r.get("predicted")) if r.get("predicted") is not None else (
                "%s..%s" % tuple(fmt(x) for x in r["predicted_range"]) if r.get("predicted_range") else "-")
            if r.get("predicted") is not None and r.get("predicted_range"):
                pred += " (%s..%s)" % tuple(fmt(x) for x in r["predicted_range"])
        o.append("| %s | %s | %s | %s | %d | %s | `%s` | %s | %s | %s | %s |" % (
            r["program"], r["launch"], r["kernel"], blk(r["block"]), r["line"], r["kind"],
            md_escape(r["source"][:70]).replace("`", "'") or " ", fmt(r["measured"]), pred, r["status"],
            md_escape("; ".join(note))))
    return "\n".join(o) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    k = sub.add_parser("kernels")
    k.add_argument("file")
    p = sub.add_parser("parse")
    p.add_argument("--build", required=True)
    p.add_argument("-o", "--output", default="-")
    p.add_argument("--programs")
    c = sub.add_parser("compare")
    c.add_argument("--measurements", required=True)
    c.add_argument("--pred", required=True)
    c.add_argument("-o", "--output", default="-")
    c.add_argument("--json")
    c.add_argument("--src", help="folder of the staged sources (source text of lines ncu gives none)")
    c.add_argument("--tool", default=default_tool(), help="cuda-coalesce (verify is its scorer)")
    t = sub.add_parser("selftest")
    t.add_argument("--data", default=os.path.join(HERE, "testdata"))
    t.add_argument("--tool", default=default_tool(), help="cuda-coalesce (verify is its scorer)")
    a = ap.parse_args()
    {"kernels": cmd_kernels, "parse": cmd_parse, "compare": cmd_compare, "selftest": cmd_selftest}[a.cmd](a)


if __name__ == "__main__":
    main()
