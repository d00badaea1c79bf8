#!/usr/bin/env python3
"""Helper of tools/real-code/gpu-check.sh (Python 3 standard library only).

  gpu_check_compare.py parse   --build NCU_DIR [-o measurements.json]
      NCU_DIR holds NAME.csv / NAME.raw.csv / NAME.ptx / versions.txt as written by
      `gpu-check.sh device`; parsed with runtime-bench/parse_ncu.py's build() (imported),
      the same per-line records as runtime-bench/results/measurements.json.
  gpu_check_compare.py compare --measurements M.json --pred PRED_DIR --src SRC_DIR
                               [-o report.md] [--json rows.json]
      joins the analyzer's JSON (PRED_DIR/NAME.json, `--format=json --show-all`) with the
      measurements on (file basename, line, kind, kernel), like runtime-bench/compare.py:
      where a line holds several accesses of one kind the prediction compared is their mean
      (Nsight Compute's per-line figure sums that line's instructions). Status:
      line status (as runtime-bench/compare.py):
        exact     |predicted - measured| <= max(0.01, 0.5% of measured)
        in range  the analyzer gave a range (pattern unknown / scattered, sectors_min..max)
                  and the measurement lies inside it (+-0.01)
        miss      otherwise
      per access: each analyzer entry is matched against the line's executed SASS instructions
      of that kind (see match_accesses): exact / in range / miss / no instruction.
      Predictions without a measured record are listed as "not measured" (the compiler removed or
      merged that access, or the kernel was not profiled); measured records without a
      prediction as "not predicted".
"""
import argparse
import datetime
import json
import os
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# runtime-bench's parser and its join rules, shared rather than copied.
sys.path.insert(0, os.path.join(ROOT, "runtime-bench"))
import parse_ncu  # noqa: E402
from compare import exact, normalize_kernel, request_weights  # noqa: E402


def cmd_parse(a):
    data = parse_ncu.build(a.build, os.path.join(a.build, "versions.txt"))
    data["header"]["profile"] = ("ncu --section SourceCounters --metrics <l1tex cross-check> --import-source yes "
                                 "--clock-control none --kernel-id ::regex:.*:1 (first launch of each kernel; "
                                 "a kernel missing from that report: -k regex:^NAME$ -c 1)")
    data["header"]["programs"] = "PolyBench/GPU, staged by tools/real-code/gpu-check.sh"
    parse_ncu.write_measurements(data, a.output)


def covers(p, v):
    """Whether the measured value v of one SASS instruction fits the prediction p."""
    if p["sectors_per_request"] is not None:
        if exact(p["sectors_per_request"], v):
            return True
        if p["pattern"] != "scattered":
            return False
    return p["sectors_min"] - 0.01 <= v <= p["sectors_max"] + 0.01


def match_accesses(ps, per_instruction):
    """Per predicted access of a line, against the line's executed SASS instructions of that kind:
    each prediction claims at most one instruction whose value it fits (closest pairs first, an
    instruction claimed once) -> 'exact' / 'in range'. A prediction left without one:
      - when the line has no more instructions than predictions (no unrolled copies), and an
        instruction is left unclaimed: 'miss' (that instruction is most likely this access);
      - when the line has more instructions (a loop unrolled by nvcc: several copies per access):
        'miss' if some instruction fits no prediction of the line, else 'no instruction';
      - 'no instruction' also when nothing is left: nvcc removed or merged the access (a load
        forwarded from a store to the same address, a repeated load, a hoisted load)."""
    pi = [v for v in per_instruction if v is not None]
    pairs = sorted((abs((p["sectors_per_request"] if p["sectors_per_request"] is not None
                         else (p["sectors_min"] + p["sectors_max"]) / 2) - v), i, k)
                   for i, p in enumerate(ps) for k, v in enumerate(pi) if covers(p, v))
    claim = {}
    used = set()
    for _, i, k in pairs:
        if i in claim or k in used:
            continue
        claim[i] = k
        used.add(k)
    unclaimed_instr = [k for k in range(len(pi)) if k not in used]
    explained = all(any(covers(p, v) for p in ps) for v in pi)
    out = []
    for i, p in enumerate(ps):
        if i in claim:
            v = pi[claim[i]]
            out.append("exact" if p["sectors_per_request"] is not None and exact(p["sectors_per_request"], v)
                       else "in range")
        elif len(pi) <= len(ps):
            out.append("miss" if unclaimed_instr else "no instruction")
        else:
            out.append("no instruction" if explained else "miss")
    return out


def judge_line(ps, m):
    """The line status of runtime-bench/compare.py for the analyzer entries ps of one line and kind
    against the measured sectors/request m: the mean of the entries' predictions, each weighed by
    its requests per launch where all are known, is compared;
    {"predicted", "predicted_range", "status": exact / in range / miss} (the keys that apply).
    m None (the line's instructions never executed in that launch): status "not executed"."""
    row = {}
    if m is None:
        row["status"] = "not executed"
        return row
    definite = [p for p in ps if p["sectors_per_request"] is not None]
    if len(definite) == len(ps):
        w = request_weights(ps)
        v = sum(x * p["sectors_per_request"] for x, p in zip(w, ps)) / sum(w)
        row["predicted"] = round(v, 4)
        row["status"] = "exact" if exact(v, m) else "miss"
        # A sample that ran out of budget states the range it stands for.
        if row["status"] == "miss" and any("sectors_low" in p for p in ps):
            lo = sum(x * p.get("sectors_low", p["sectors_per_request"]) for x, p in zip(w, ps)) / sum(w)
            hi = sum(x * p.get("sectors_high", p["sectors_per_request"]) for x, p in zip(w, ps)) / sum(w)
            row["predicted_range"] = [round(lo, 4), round(hi, 4)]
            row["status"] = "in range" if lo - 0.01 <= m <= hi + 0.01 else "miss"
        if row["status"] == "miss" and all(p["pattern"] == "scattered" for p in ps):
            lo = min(p["sectors_min"] for p in ps)
            hi = max(p["sectors_max"] for p in ps)
            row["predicted_range"] = [lo, hi]
            row["status"] = "in range" if lo - 0.01 <= m <= hi + 0.01 else "miss"
    else:
        lo = sum(p["sectors_min"] for p in ps) / len(ps)
        hi = sum(p["sectors_max"] for p in ps) / len(ps)
        row["predicted_range"] = [round(lo, 4), round(hi, 4)]
        row["status"] = "in range" if lo - 0.01 <= m <= hi + 0.01 else "miss"
    return row


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


def program_of(src_dir, base):
    """'atax.cu' -> 'ATAX' (its staged folder)."""
    cuda = os.path.join(src_dir, "CUDA")
    if os.path.isdir(cuda):
        for b in sorted(os.listdir(cuda)):
            if os.path.exists(os.path.join(cuda, b, base)):
                return b
    return base


def cmd_compare(a):
    meas = json.load(open(a.measurements))
    preds = load_predictions(a.pred)
    by_key = defaultdict(list)
    for p in preds:
        key = (os.path.basename(p["file"]), p["line"], p["kind"], normalize_kernel(p["kernel"]))
        by_key[key].append(p)
    kinfo = {(os.path.basename(k.get("file", "")), normalize_kernel(k["kernel"])): k for k in meas["kernels"]}

    rows = []
    seen = set()
    used = set()
    for r in meas["records"]:
        key = (os.path.basename(r["file"]), r["line"], r["kind"], normalize_kernel(r["kernel"]))
        if key in seen:       # the same kernel profiled twice: keep the first
            continue
        seen.add(key)
        ps = by_key.get(key, [])
        used.add(key)
        ki = kinfo.get((key[0], key[3]), {})
        row = {"program": program_of(a.src, key[0]), "file": key[0], "line": key[1], "kind": key[2],
               "kernel": r["kernel"], "source": r.get("source", ""),
               "measured": r["sectors_per_request"], "measured_ideal": r["ideal_per_request"],
               "instructions": r["instructions"], "sass": r.get("sass", []),
               "per_instruction": [round(x["sectors"] / x["instructions"], 4) if x["instructions"] else None
                                   for x in r.get("per_instruction", [])],
               "grid": ki.get("grid", ""), "block_measured": ki.get("block", "")}
        if not ps:
            row["status"] = "not predicted"
            row["flagged"] = False
        else:
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
            row.update(judge_line(ps, r["sectors_per_request"]))
            # Per instruction: when the line compiles to as many instructions as the analyzer
            # lists accesses, compare the sorted values one to one as well.
            row["access_status"] = match_accesses(ps, row["per_instruction"])
            pi = [x for x in row["per_instruction"] if x is not None]
            row["instructions_matched"] = all(any(covers(p, v) for p in ps) for v in pi)
        rows.append(row)
    unmeasured = []
    for key, ps in sorted(by_key.items()):
        if key in used:
            continue
        measured_kernel = any(os.path.basename(k.get("file", "")) == key[0] and normalize_kernel(k["kernel"]) == key[3]
                              for k in meas["kernels"])
        unmeasured.append({"program": program_of(a.src, key[0]), "file": key[0], "line": key[1], "kind": key[2],
                           "kernel": ps[0]["kernel"], "expressions": [p["expression"] for p in ps],
                           "patterns": [p["pattern"] for p in ps],
                           "pred_each": [p["sectors_per_request"] for p in ps],
                           "flagged": any(p.get("flagged") for p in ps),
                           "flagged_each": [bool(p.get("flagged")) for p in ps],
                           "access_status": ["no instruction" if measured_kernel else "kernel not profiled"] * len(ps),
                           "n_flagged": sum(bool(p.get("flagged")) for p in ps),
                           "why": "kernel profiled, no global instruction of this kind on this line"
                                  if measured_kernel else "kernel not profiled"})
    rows.sort(key=lambda x: (x["program"], x["file"], x["line"], x["kind"]))
    summary = summarize(rows, unmeasured, preds)
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
           "| lines | exact | in range | miss | not predicted | total |", "|---|---|---|---|---|---|"]
    for label in ("flagged", "not flagged", "all"):
        d = summary["lines_" + label]
        out.append("| %s | %d | %d | %d | %d | %d |" % (label, d.get("exact", 0), d.get("in range", 0),
                                                       d.get("miss", 0), d.get("not predicted", 0), d["total"]))
    out += ["", "## Totals per access (analyzer entries), matched to the line's SASS instructions", "",
            "exact / in range: one executed instruction of that line and kind has the predicted value (range); "
            "no instruction: none has it, but every executed instruction of the line is explained by the line's "
            "other predictions (nvcc removed or merged the access); miss: otherwise.", "",
            "| accesses | exact | in range | miss | no instruction | total |", "|---|---|---|---|---|---|"]
    for label in ("flagged", "not_flagged"):
        d = summary["accesses_" + label]
        out.append("| %s | %d | %d | %d | %d | %d |" % (label.replace("_", " "), d.get("exact", 0), d.get("in range", 0),
                                                       d.get("miss", 0), d.get("no instruction", 0), d["total"]))
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
    a = ap.parse_args()
    {"parse": cmd_parse, "compare": cmd_compare}[a.cmd](a)


if __name__ == "__main__":
    main()
