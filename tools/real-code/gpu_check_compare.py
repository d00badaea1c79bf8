#!/usr/bin/env python3
"""Helper of tools/real-code/gpu-check.sh (Python 3 standard library only).

  gpu_check_compare.py parse   --build NCU_DIR [-o measurements.json]
      NCU_DIR holds NAME.csv / NAME.raw.csv / NAME.ptx / versions.txt as written by
      `gpu-check.sh device`; parsed with runtime-bench/parse_ncu.py's build() (imported),
      the same per-line records as runtime-bench/results/measurements.json.
  gpu_check_compare.py compare --measurements M.json --pred PRED_DIR --src SRC_DIR
                               [--tool cuda-coalesce] [-o report.md] [--json rows.json]
      judges the analyzer's JSON (PRED_DIR/NAME.json, `--format=json --show-all`) by the
      measurements with `cuda-coalesce verify` (docs/verify.md: the scorer runtime-bench and
      llm.c's comparisons use too) and writes the tables. Line status (verify's verdict):
        exact      |predicted - measured| <= max(0.01, 0.5% of measured), the line's accesses'
                   mean against the line's measurement
        in range   the analyzer gave a range (pattern unknown, a scattered access's bounds) and
                   the measurement lies inside it (+-0.01)
        wrong      otherwise
        not predicted / not executed / other launch
      per access: each analyzer entry against the line's executed SASS instructions of that
      kind: exact / in range / wrong / no instruction.
      Predictions of a profiled kernel without a measured line are listed as "predicted, no
      instruction" (the compiler removed or merged that access); the summary counts the
      accesses of kernels not profiled.
"""
import argparse
import datetime
import json
import os
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# runtime-bench's parser, and its scorer: cuda-coalesce verify.
sys.path.insert(0, os.path.join(ROOT, "runtime-bench"))
import parse_ncu  # noqa: E402
from compare import normalize_kernel, run_verify  # noqa: E402


def cmd_parse(a):
    data = parse_ncu.build(a.build, os.path.join(a.build, "versions.txt"))
    data["header"]["profile"] = ("ncu --section SourceCounters --metrics <l1tex cross-check> --import-source yes "
                                 "--clock-control none --kernel-id ::regex:.*:1 (first launch of each kernel; "
                                 "a kernel missing from that report: -k regex:^NAME$ -c 1)")
    data["header"]["programs"] = "PolyBench/GPU, staged by tools/real-code/gpu-check.sh"
    parse_ncu.write_measurements(data, a.output)


def compress(vals):
    """[1, 32, 1, 32, None] -> '1 x2, 32 x2' (executed instructions only)."""
    seen = []
    for v in vals:
        if v is None:
            continue
        for e in seen:
            if abs(e[0] - v) < 1e-9:
                e[1] += 1
                break
        else:
            seen.append([v, 1])
    return ", ".join(fmt(v) + (" x%d" % n if n > 1 else "") for v, n in seen)


def fmt(v):
    if v is None:
        return "-"
    if isinstance(v, float):
        return ("%.4f" % v).rstrip("0").rstrip(".")
    return str(v)


def md_escape(s):
    return s.replace("|", "\\|")


def prediction_files(pred_dir):
    """The analyzer's JSON files of PRED_DIR (unreadable ones left out, as a failed analysis
    leaves them)."""
    out = []
    for fn in sorted(os.listdir(pred_dir)):
        path = os.path.join(pred_dir, fn)
        try:
            if fn.endswith(".json") and "accesses" in json.load(open(path)):
                out.append(path)
        except (ValueError, OSError):
            continue
    return out


def default_tool():
    return os.environ.get("CUDA_COALESCE") or os.path.join(ROOT, "build", "tool", "cuda-coalesce")


def program_of(src_dir, base):
    """'atax.cu' -> 'ATAX' (its staged folder)."""
    cuda = os.path.join(src_dir, "CUDA")
    if os.path.isdir(cuda):
        for b in sorted(os.listdir(cuda)):
            if os.path.exists(os.path.join(cuda, b, base)):
                return b
    return base


def accesses_of(v, predictions):
    """The analyzer's entries a verify row judged, with each one's verdict."""
    p = v["predicted"] or {"accesses": []}
    return [(predictions[x["prediction"]], x.get("verdict", "no instruction")) for x in p["accesses"]]


def line_row(v, verified, src):
    """One table row of a measured line from verify's row."""
    m = v["measured"]
    launch = verified["launches"][v["launch"]]
    base = os.path.basename(v["file"])
    row = {"program": program_of(src, base), "file": base, "line": v["line"], "kind": v["kind"],
           "kernel": v["kernel"], "source": m["source"], "measured": m["per_request"],
           "measured_ideal": m["ideal_per_request"], "instructions": m["instructions"],
           "per_instruction": [x["per_request"] for x in m["per_instruction"]],
           "grid": launch["grid"], "block_measured": launch["block"], "status": v["verdict"],
           "flagged": False}
    each = accesses_of(v, verified["predictions"])
    if each:
        ps = [p for p, _ in each]
        row["expressions"] = [p["expression"] for p in ps]
        row["patterns"] = [p["pattern"] for p in ps]
        row["pred_each"] = [p["sectors_per_request"] for p in ps]
        row["pred_min"] = [p.get("sectors_min") for p in ps]
        row["pred_max"] = [p.get("sectors_max") for p in ps]
        row["flagged"] = any(p.get("flagged") for p in ps)
        row["flagged_each"] = [bool(p.get("flagged")) for p in ps]
        row["n_flagged"] = sum(bool(p.get("flagged")) for p in ps)
        row["block"] = ps[0].get("block")
        row["assumptions"] = sorted({s for p in ps for s in p.get("assumptions", [])})
        row["access_status"] = [verdict for _, verdict in each]
        if v["predicted"]["per_request"] is not None:
            row["predicted"] = v["predicted"]["per_request"]
        if v["predicted"]["range"] is not None:
            row["predicted_range"] = v["predicted"]["range"]
    return row


def cmd_compare(a):
    meas = json.load(open(a.measurements))
    verified = run_verify(a.tool, [a.measurements], predictions=prediction_files(a.pred))
    rows, unmeasured, seen = [], [], set()
    for v in verified["rows"]:
        key = (os.path.basename(v["file"]), v["line"], v["kind"], normalize_kernel(v["kernel"]))
        if v["measured"] is None:
            ps = [p for p, _ in accesses_of(v, verified["predictions"])]
            unmeasured.append({"program": program_of(a.src, key[0]), "file": key[0], "line": key[1],
                               "kind": key[2], "kernel": v["kernel"],
                               "expressions": [p["expression"] for p in ps],
                               "patterns": [p["pattern"] for p in ps],
                               "pred_each": [p["sectors_per_request"] for p in ps],
                               "flagged": any(p.get("flagged") for p in ps),
                               "flagged_each": [bool(p.get("flagged")) for p in ps],
                               "access_status": ["no instruction"] * len(ps),
                               "n_flagged": sum(bool(p.get("flagged")) for p in ps),
                               "why": "kernel profiled, no global instruction of this kind on this line"})
            continue
        if key in seen:       # the same kernel profiled twice: keep the first
            continue
        seen.add(key)
        rows.append(line_row(v, verified, a.src))
    rows.sort(key=lambda x: (x["program"], x["file"], x["line"], x["kind"]))
    summary = summarize(rows, unmeasured, verified["predictions"])
    summary["accesses_of_kernels_not_profiled"] = verified["summary"]["accesses_not_profiled"]
    if a.json:
        with open(a.json, "w") as fh:
            json.dump({"header": meas["header"], "summary": summary, "rows": rows, "unmeasured": unmeasured}, fh, indent=1)
    text = markdown(meas, rows, unmeasured, summary, a)
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as fh:
            fh.write(text)
    print(json.dumps(summary, indent=1), file=sys.stderr)


def summarize(rows, unmeasured, preds):
    s = {"predicted_accesses": len(preds), "flagged_accesses": sum(bool(p.get("flagged")) for p in preds),
         "measured_lines": len(rows), "not_measured_lines": len(unmeasured)}
    for label, sel in (("all", rows), ("flagged", [r for r in rows if r.get("flagged")]),
                       ("not flagged", [r for r in rows if not r.get("flagged")])):
        d = defaultdict(int)
        for r in sel:
            d[r["status"]] += 1
        s["lines_" + label] = dict(sorted(d.items()))
        s["lines_" + label]["total"] = len(sel)
    for label, want in (("flagged", True), ("not_flagged", False)):
        d = defaultdict(int)
        for r in list(rows) + list(unmeasured):
            for st, fl in zip(r.get("access_status", []), r.get("flagged_each", [])):
                if fl == want:
                    d[st] += 1
        s["accesses_" + label] = dict(sorted(d.items()))
        s["accesses_" + label]["total"] = sum(d.values())
    s["flagged_accesses_on_measured_lines"] = sum(r.get("n_flagged", 0) for r in rows)
    s["flagged_accesses_by_line_status"] = dict(sorted(
        {st: sum(r.get("n_flagged", 0) for r in rows if r["status"] == st) for st in {r["status"] for r in rows}}.items()))
    return s


def markdown(meas, rows, unmeasured, summary, a):
    h = meas["header"]
    out = ["# GPU spot check: PolyBench/GPU on an H200", "",
           "- measured: %s on %s (cc %s), driver %s, CUDA %s, nvcc %s, Nsight Compute %s" % (
               h.get("date"), h.get("gpu"), h.get("compute_capability"), h.get("driver"),
               h.get("cuda_version"), h.get("nvcc_version"), h.get("ncu_version")),
           "- compiled `%s`; profiled `%s`" % (h.get("compile"), h.get("profile")),
           "- table written %s by tools/real-code/gpu_check_compare.py" % datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
           "", "## Totals (source lines: one row per (file, line, kind, kernel))", "",
           "| lines | exact | in range | wrong | not predicted | total |", "|---|---|---|---|---|---|"]
    for label in ("flagged", "not flagged", "all"):
        d = summary["lines_" + label]
        out.append("| %s | %d | %d | %d | %d | %d |" % (label, d.get("exact", 0), d.get("in range", 0),
                                                       d.get("wrong", 0), d.get("not predicted", 0), d["total"]))
    out += ["", "## Totals per access (analyzer entries), matched to the line's SASS instructions", "",
            "exact / in range: one executed instruction of that line and kind has the predicted value (range); "
            "no instruction: none has it, but every executed instruction of the line is explained by the line's "
            "other predictions (nvcc removed or merged the access); wrong: otherwise (cuda-coalesce verify's "
            "verdicts, docs/verify.md).", "",
            "| accesses | exact | in range | wrong | no instruction | total |", "|---|---|---|---|---|---|"]
    for label in ("flagged", "not_flagged"):
        d = summary["accesses_" + label]
        out.append("| %s | %d | %d | %d | %d | %d |" % (label.replace("_", " "), d.get("exact", 0), d.get("in range", 0),
                                                       d.get("wrong", 0), d.get("no instruction", 0), d["total"]))
    out += ["", "Flagged accesses (analyzer entries) on measured lines: %d of %d flagged in all; by their line's status: %s" % (
        summary["flagged_accesses_on_measured_lines"], summary["flagged_accesses"],
        ", ".join("%s %d" % kv for kv in summary["flagged_accesses_by_line_status"].items())), ""]
    out += ["## Every measured line", "",
            "pred = the analyzer's sectors/request (mean over the line's accesses of that kind; each access in "
            "brackets when several); meas = Nsight Compute's sectors/request for the line (per SASS instruction "
            "in brackets when several).", "",
            "| program | kernel | line | kind | expression(s) | pattern | pred | meas | line status | per access | flagged | block |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        exprs = "; ".join("`%s`" % md_escape(e) for e in r.get("expressions", [])) or "`%s`" % md_escape(r["source"][:60])
        pats = "/".join(sorted(set(r.get("patterns", [])))) or "-"
        if "predicted_range" in r and r.get("predicted") is None:
            pred = "%s..%s" % (fmt(r["predicted_range"][0]), fmt(r["predicted_range"][1]))
        else:
            pred = fmt(r.get("predicted"))
            if "predicted_range" in r:
                pred += " (%s..%s)" % (fmt(r["predicted_range"][0]), fmt(r["predicted_range"][1]))
        if len(r.get("pred_each", [])) > 1:
            pred += " [" + ", ".join(fmt(x) if x is not None else "%s..%s" % (fmt(lo), fmt(hi))
                                     for x, lo, hi in zip(r["pred_each"], r["pred_min"], r["pred_max"])) + "]"
        meas = fmt(r["measured"])
        if len([x for x in r["per_instruction"] if x is not None]) > 1:
            meas += " [" + compress(r["per_instruction"]) + "]"
        blk = "x".join(str(x) for x in r["block"]) if r.get("block") else r.get("block_measured", "")
        acc = ", ".join(r.get("access_status", [])) or "-"
        out.append("| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["program"], r["kernel"], r["line"], r["kind"], exprs, pats, pred, meas, r["status"], acc,
            ("yes (%d)" % r["n_flagged"]) if r.get("flagged") else "no", blk))
    if unmeasured:
        out += ["", "## Predicted but not measured", "",
                "| program | kernel | line | kind | expression(s) | pattern | pred | flagged | why |",
                "|---|---|---|---|---|---|---|---|---|"]
        for u in unmeasured:
            out.append("| %s | %s | %d | %s | %s | %s | %s | %s | %s |" % (
                u["program"], u["kernel"], u["line"], u["kind"], "; ".join("`%s`" % md_escape(e) for e in u["expressions"]),
                "/".join(sorted(set(u["patterns"]))), ", ".join(fmt(x) for x in u["pred_each"]),
                ("yes (%d)" % u["n_flagged"]) if u["flagged"] else "no", u["why"]))
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("parse")
    p.add_argument("--build", required=True)
    p.add_argument("-o", "--output", default="-")
    c = sub.add_parser("compare")
    c.add_argument("--measurements", required=True)
    c.add_argument("--pred", required=True)
    c.add_argument("--src", required=True)
    c.add_argument("-o", "--output", default="-")
    c.add_argument("--json")
    c.add_argument("--tool", default=default_tool(), help="cuda-coalesce (verify is its scorer)")
    a = ap.parse_args()
    {"parse": cmd_parse, "compare": cmd_compare}[a.cmd](a)


if __name__ == "__main__":
    main()
