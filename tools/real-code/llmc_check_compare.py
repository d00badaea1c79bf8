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
      joins the analyzer's JSON (PRED_DIR/NAME.json, `--format=json --show-all`) with the
      measurements on (file basename, line, kind, kernel, block). An analyzer access matches a
      measured line at its own line, or else at one of its call_chain sites (a helper inlined
      into the kernel: parse_ncu.py files such instructions under the call site); a line with
      neither that one access names in "also_filed_under" (instructions nvcc gives no line) is
      measured together with that access's line in the same launch. Status per
      measured (launch, line, kind):
        exact / in range / wrong   the accesses analysed under the measured block shape, judged by
                                   gpu_check_compare.judge_line() (runtime-bench/compare.py's rules:
                                   exact within max(0.01, 0.5%) of the measured sectors/request,
                                   in range when the analyzer gave sectors_min..max and the
                                   measurement lies inside; "wrong" is its "miss")
        block not analysed         the analyzer has the line, but under other block shapes only
                                   (which, and what it predicts there, are listed)
        not predicted              no analyzer access on that line (nor a call site there)
        not executed               the line's instructions did not run in that launch
      A kernel profiled at the same block twice (two check calls) is compared once per launch.
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
from compare import normalize_kernel  # noqa: E402
from gpu_check_compare import judge_line, fmt, md_escape  # noqa: E402

STATUSES = ["exact", "in range", "wrong", "block not analysed", "not predicted", "not executed"]
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

def load_predictions(pred_dir):
    preds = []
    for fn in sorted(os.listdir(pred_dir)):
        if not fn.endswith(".json"):
            continue
        try:
            d = json.load(open(os.path.join(pred_dir, fn)))
        except (ValueError, OSError):
            continue
        for p in d.get("accesses", []):
            if p.get("space", "global") != "global":
                continue  # shared memory is compared by runtime-bench's shared records
            p["_program"] = fn[:-5]
            preds.append(p)
    return preds


def blk(b):
    return "x".join(str(x) for x in b) if b else "?"


def compare_rows(meas, preds, src_line=lambda f, n: ""):
    """rows (one per measured record, in the records' order) and the predicted-not-measured list."""
    own = defaultdict(list)        # (program, file, line, kind, kernel) -> accesses at that line
    site = defaultdict(list)       # the same key at a call site of the access
    for p in preds:
        k = normalize_kernel(p["kernel"])
        own[(p["_program"], os.path.basename(p["file"]), p["line"], p["kind"], k)].append(p)
        for c in p.get("call_chain", []):
            key = (p["_program"], os.path.basename(c["file"]), c["line"], p["kind"], k)
            if p not in site[key]:
                site[key].append(p)
    # Instructions nvcc gives no line of their own, which the profiler files
    # under a line nearby: a line with no access of its own that one access
    # names in "also_filed_under" is measured with that access's line, in the
    # same launch (runtime-bench/compare.py's rule).
    filed = defaultdict(set)
    for p in preds:
        home = (p["_program"], os.path.basename(p["file"]), p["line"], p["kind"],
                normalize_kernel(p["kernel"]))
        for line in p.get("also_filed_under", []):
            filed[home[:2] + (line,) + home[3:]].add(home)

    def key_of(r):
        prog = r.get("program") or os.path.basename(r["file"]).rsplit(".", 1)[0]
        return (prog, os.path.basename(r["file"]), r["line"], r["kind"], normalize_kernel(r["kernel"]))

    home_of, members = [], defaultdict(list)
    for r in meas["records"]:
        key = key_of(r)
        homes = filed.get(key, set())
        home = next(iter(homes)) if (not own.get(key) and not site.get(key)
                                     and len(homes) == 1) else key
        home_of.append(home)
        members[(r.get("launch"), home)].append(r)

    rows = []
    matched = set()
    for i, r in enumerate(meas["records"]):
        key = key_of(r)
        prog = key[0]
        block = tuple(r["block"]) if r.get("block") else None
        group = members[(r.get("launch"), home_of[i])]
        ps, via = own.get(home_of[i], []), "line" if home_of[i] == key else "filed under"
        if not ps:
            ps, via = site.get(key, []), "call site"
        at = [p for p in ps if block is not None and tuple(p.get("block") or ()) == block]
        for p in at:
            matched.add(id(p))
        row = {"program": prog,
               "launch": r.get("launch"), "kernel": r["kernel"], "file": key[1], "line": r["line"],
               "kind": r["kind"], "block": list(block) if block else None, "grid": r.get("grid"),
               "source": r.get("source") or src_line(os.path.basename(r["file"]), r["line"]),
               "sass": r.get("sass", []),
               "measured": r["sectors_per_request"], "measured_ideal": r["ideal_per_request"],
               "instructions": r["instructions"], "attribution": r.get("attribution")}
        if r["sectors_per_request"] is None:
            row["status"] = "not executed"
            rows.append(row)
            continue
        if not ps:
            row["status"] = "not predicted"
            rows.append(row)
            continue
        row["matched_via"] = via
        row["expressions"] = sorted({p["expression"] for p in ps})
        measured = r["sectors_per_request"]
        if len(group) > 1 and all(x.get("instructions") for x in group):
            row["filed_with"] = sorted(x["line"] for x in group)
            measured = round(sum(x["sectors"] for x in group) /
                             sum(x["instructions"] for x in group), 4)
            row["measured_together"] = measured
        if at:
            j = judge_line(at, measured)
            row["status"] = {"miss": "wrong"}.get(j["status"], j["status"])
            row.update({k: v for k, v in j.items() if k != "status"})
            row["patterns"] = sorted({p["pattern"] for p in at})
        else:
            row["status"] = "block not analysed"
            shapes = sorted({tuple(p.get("block") or ()) for p in ps})
            row["analysed_blocks"] = [list(s) for s in shapes]
            row["assumptions"] = sorted({s for p in ps for s in p.get("assumptions", [])
                                         if "block" in s})[:3]
            # what the analyzer says under the shape(s) it did analyse, for the reader
            under = {}
            for s in shapes:
                j = judge_line([p for p in ps if tuple(p.get("block") or ()) == s], measured)
                under[blk(s)] = {"predicted": j.get("predicted"), "predicted_range": j.get("predicted_range"),
                                 "would_be": {"miss": "wrong"}.get(j["status"], j["status"])}
            row["at_analysed_blocks"] = under
        rows.append(row)
    # accesses of profiled (kernel, block)s with no measured record: nvcc removed or merged them,
    # or they sit in code this launch never reached (counted, not judged)
    profiled = {(k.get("program"), normalize_kernel(k["kernel"]), tuple(k.get("block_dim") or ()))
                for k in meas["kernels"]}
    unmeasured = []
    for p in preds:
        if id(p) in matched:
            continue
        kb = (p["_program"], normalize_kernel(p["kernel"]), tuple(p.get("block") or ()))
        if kb in profiled:
            unmeasured.append({"program": p["_program"], "kernel": p["kernel"], "file": os.path.basename(p["file"]),
                               "line": p["line"], "kind": p["kind"], "block": p.get("block"),
                               "expression": p.get("expression"), "pattern": p.get("pattern")})
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
    preds = load_predictions(a.pred)
    rows, unmeasured = compare_rows(meas, preds, source_reader(a.src))
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
    meas = json.load(open(os.path.join(a.data, "llmc-check-measurements.json")))
    preds = load_predictions(os.path.join(a.data, "llmc-check-pred"))
    rows, unmeasured = compare_rows(meas, preds)
    bad = 0
    for r, row in zip(meas["records"], rows):
        ok = row["status"] == r["expect"] and (not r.get("expect_via") or row.get("matched_via") == r["expect_via"])
        bad += not ok
        print("%-4s %-8s line %-3d %-6s block %-9s -> %-18s (expected %s%s)" % (
            "ok" if ok else "FAIL", r["kernel"], r["line"], r["kind"], blk(r.get("block")), row["status"],
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
    print("%d passed, %d failed" % (len(rows) + 2 - bad, bad))
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
         "One row per measured (launch, source line, kind). exact / in range / wrong: the analyzer's accesses "
         "of that line under the measured block shape (mean over the line's accesses, runtime-bench/compare.py's "
         "rules); block not analysed: the analyzer has the line only under other block shapes; not predicted: "
         "no analyzer access there.", "",
         "## Totals", "",
         "| program | launches | block shapes | exact | in range | wrong | block not analysed | not predicted | "
         "not executed | lines | predicted, no measured line |",
         "|---|---|---|---|---|---|---|---|---|---|---|"]
    for g, d in summary.items():
        o.append("| %s | %d | %s | %s | %d | %d |" % (
            "**all** (%d programs)" % d["programs"] if g == "all" else g, d["launches"], d.get("blocks", "-"),
            " | ".join(str(d[s]) for s in STATUSES), d["total"], d["predicted, no measured line"]))
    o += ["", "## Every measured line", "",
          "pred: the analyzer's sectors/request under the measured block (for \"block not analysed\": under "
          "the block it analysed, and what the status would be there).", "",
          "| program | launch | kernel | block | line | kind | source | meas | pred | status | note |",
          "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        note = []
        if r.get("matched_via") == "call site":
            note.append("via call site")
        if r["status"] == "block not analysed":
            for b, u in r["at_analysed_blocks"].items():
                pv = fmt(u["predicted"]) if u["predicted"] is not None else (
                    "%s..%s" % tuple(fmt(x) for x in u["predicted_range"]) if u["predicted_range"] else "-")
                note.append("analysed at %s: %s (%s there)" % (b, pv, u["would_be"]))
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
    t = sub.add_parser("selftest")
    t.add_argument("--data", default=os.path.join(HERE, "testdata"))
    a = ap.parse_args()
    {"kernels": cmd_kernels, "parse": cmd_parse, "compare": cmd_compare, "selftest": cmd_selftest}[a.cmd](a)


if __name__ == "__main__":
    main()
