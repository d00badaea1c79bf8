#!/usr/bin/env python3
"""Scores the analyzer against the GPU over whole suites, with `cuda-coalesce verify`.

  suite_score.py --raw RAW_DIR --pred PRED_ROOT [--tool BIN] [--json OUT.json] [--markdown OUT.md]
                 [--rows OUT_ROWS.json] SUITE...

RAW_DIR/SUITE/NAME.csv are the source pages `suite-check.sh device` exported (NAME.raw.csv and
NAME.sass beside them), or RAW_DIR/SUITE/NAME.json the measurements kept in the repository
(tools/real-code/results/suites-*/: parse_ncu.py's records, compacted by compact_measurements.py); PRED_ROOT/SUITE/pred/NAME.json the analyzer's JSON of the same program
(`suite-check.sh analyze`). Each program is judged by `cuda-coalesce verify --measured=NAME.csv
--predictions=NAME.json --format=json`; this script only adds up verify's rows.

Every measured line (verdicts exact, in range, wrong, not predicted; `no instruction`,
`not executed` and `other launch` rows are counted apart, they have no measurement to judge) is put
in one of three groups, by what its predicted accesses say (the first that fits):
  data   the address or the lanes that take part depend on data loaded per lane or per warp: a
         scattered access, an unknown whose reason names data, a count averaged over per-warp data
         (the stated range is the claim);
  open   the count turns on a value the code does not give (a size read at run time in a guard or
         an address, whether nvcc predicates a guarded access or branches around it): the analyzer
         gives no count, a range and its reason (`unknown_reason`), or the count for sizes that are
         multiples of 32 (`alignment_assumed`) and the range of every size
         (`sectors_low`/`sectors_high`); the range is the claim;
  code   everything else: the code decides the addresses and the lanes (the count is the claim).
A line with no prediction (`not predicted`) has no group of its own and is counted under code.
The table says how many lines fall in each group, so that a range given where the code decides the
count shows as a smaller code group, not as a better score.
Python 3 standard library only.
"""
import argparse
import collections
import json
import os
import subprocess
import sys

MEASURED = ("exact", "in range", "wrong", "not predicted")
GROUPS = ("code", "open", "data")


def data_dependent(access):
    if access.get("pattern") == "scattered":
        return True
    reason = access.get("unknown_reason") or ""
    if ", data" in reason or "data loaded per lane" in reason:
        return True
    return any("data-dependent addresses" in a or "data from warp to warp" in a
               for a in access.get("assumptions", []))


def open_count(access):
    if access.get("alignment_assumed"):
        return True
    return access.get("sectors_per_request", access.get("wavefronts_per_request", 0)) is None


def group_of(accesses):
    if any(data_dependent(p) for p in accesses):
        return "data"
    return "open" if any(open_count(p) for p in accesses) else "code"


def judge(tool, page, pred):
    out = subprocess.run([tool, "verify", "--measured=" + page, "--predictions=" + pred,
                          "--format=json"], capture_output=True, text=True)
    if not out.stdout.strip():
        return None, out.stderr.strip().splitlines()[-1:] or ["no output"]
    return json.loads(out.stdout), []


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--raw", required=True)
    ap.add_argument("--pred", required=True)
    ap.add_argument("--tool", default=os.path.join(os.path.dirname(__file__), "..", "..", "build",
                                                   "tool", "cuda-coalesce"))
    ap.add_argument("--json")
    ap.add_argument("--markdown")
    ap.add_argument("--rows")
    ap.add_argument("suites", nargs="+")
    a = ap.parse_args()
    table = {}
    all_rows = []
    for suite in a.suites:
        counts = collections.Counter()
        programs = 0
        for fn in sorted(os.listdir(os.path.join(a.raw, suite))):
            if fn.count(".") != 1 or not fn.endswith((".csv", ".json")):
                continue
            name = fn.rsplit(".", 1)[0]
            pred = os.path.join(a.pred, suite, "pred", name + ".json")
            if not os.path.exists(pred):
                counts["no prediction file"] += 1
                continue
            report, errors = judge(a.tool, os.path.join(a.raw, suite, fn), pred)
            if report is None:
                print("%s/%s: %s" % (suite, name, errors[0]), file=sys.stderr)
                counts["verify failed"] += 1
                continue
            programs += 1
            preds = report.get("predictions", [])
            for row in report["rows"]:
                v = row["verdict"]
                accesses = [preds[x["prediction"]] for x in
                            (row.get("predicted") or {}).get("accesses", [])
                            if x.get("prediction") is not None and x["prediction"] < len(preds)]
                group = group_of(accesses)
                counts[(row["space"], group, v)] += 1
                row["suite"], row["program"], row["group"] = suite, name, group
                all_rows.append(row)
        table[suite] = {"programs": programs, "counts": counts}
    summary = {}
    for suite, t in table.items():
        s = {"programs": t["programs"]}
        for space in ("global", "shared"):
            for group in GROUPS:
                s["%s_%s" % (space, group)] = {v: t["counts"][(space, group, v)]
                                               for v in MEASURED + ("no instruction", "not executed",
                                                                    "other launch")}
        s["problems"] = {k: v for k, v in t["counts"].items() if isinstance(k, str)}
        summary[suite] = s
    if a.json:
        json.dump(summary, open(a.json, "w"), indent=1)
    if a.rows:
        json.dump(all_rows, open(a.rows, "w"), indent=1)
    lines = ["| suite | programs | space | lines | exact | in range | wrong | not predicted | "
             "code-decided lines: exact | open lines: in range or exact | "
             "data-dependent lines: in range or exact |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    total = {space: collections.Counter() for space in ("global", "shared")}

    def figures(c):
        n = sum(c[(g, v)] for g in GROUPS for v in MEASURED)
        cells = [str(n)] + [str(sum(c[(g, v)] for g in GROUPS)) for v in MEASURED]
        code_n = sum(c[("code", v)] for v in MEASURED)
        cells.append("%d of %d (%s)" % (c[("code", "exact")], code_n, "%.0f%%" % (
            100.0 * c[("code", "exact")] / code_n) if code_n else "-"))
        for g in ("open", "data"):
            cells.append("%d of %d" % (c[(g, "exact")] + c[(g, "in range")],
                                       sum(c[(g, v)] for v in MEASURED)))
        return cells

    for suite, s in summary.items():
        for space in ("global", "shared"):
            c = collections.Counter({(g, v): s["%s_%s" % (space, g)][v]
                                     for g in GROUPS for v in MEASURED})
            total[space].update(c)
            lines.append("| " + " | ".join([suite, str(s["programs"]), space] + figures(c)) + " |")
    for space in ("global", "shared"):
        lines.append("| **all** | | " + " | ".join([space] + figures(total[space])) + " |")
    text = "\n".join(lines) + "\n"
    if a.markdown:
        open(a.markdown, "w").write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
