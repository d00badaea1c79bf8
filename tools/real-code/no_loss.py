#!/usr/bin/env python3
"""Helper of no-loss.sh (Python 3 standard library only): the measurements each program is scored
against, the analysis tasks, llm.c's and runtime-bench's rows, and OUTDIR/rows.json and summary.md.

  no_loss.py overlay --results DIR --dest DEST [--staged SUITES_DIR] SUITE...
      DEST/SUITE/NAME.json: a link to NAME's most recent committed measurement
      (DIR/suites-*/SUITE/NAME.json; folders ordered by their date, then the letter after it:
      suites-h100-2026-12-06c follows suites-h100-2026-12-06 and suites-h200-2026-12-06) for
      every suite staged in SUITES_DIR; DEST/sources.tsv says which folder each program's came
      from, DEST/unstaged.txt lists the suites with measurements and no staged sources.
  no_loss.py tasks --manifests DIR --measured DEST SUITE...
      one line per analysis task, `SUITE NAME...`: the measured programs of a suite, those sharing
      a folder in one task (suite-check.sh analyze analyses programs built from the same files
      with the same flags once; they share a folder); the programs the manifest lacks on lines
      `# not in the manifest: SUITE NAME...`.
  no_loss.py llmc --tool BIN --measurements M.json --pred DIR [--src DIR] -o ROWS.json
      llm.c's rows: llmc_check_compare.py's compare_rows over verify's JSON, with each row's group.
  no_loss.py rb --tool BIN [--measurements M.json] -o ROWS.json
      runtime-bench's rows: compare.py's rows_of over verify's JSON (the kernels' files analysed
      by verify itself, as compare.py does), with each row's group; compare.py's summary beside.
  no_loss.py collect OUTDIR
      OUTDIR/work/score/*.rows.json (suite_score.py --rows), work/llmc-rows.json and
      work/rb-rows.json -> OUTDIR/rows.json (one row per measured line: suite, program, file,
      line, kernel, kind, space, launch, verdict, group, measured, predicted) and summary.md.

Verdicts are verify's (exact, in range, wrong, not predicted; and no instruction, not executed,
other launch, which have no measurement to judge and are counted apart). Groups are
suite_score.py's (code, open, data); "code-decided exact" is the code group's exact lines of its
lines.
"""
import argparse
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "runtime-bench"))
import suite_check  # noqa: E402
from suite_score import MEASURED, group_of  # noqa: E402

OTHER = ("no instruction", "not executed", "other launch")
FOLDER_RE = re.compile(r"^suites-[^-]+-(\d{4}-\d{2}-\d{2})([a-z]*)$")


def folder_key(name):
    m = FOLDER_RE.match(name)
    return (m.group(1), m.group(2), name) if m else ("", "", name)


def cmd_overlay(a):
    folders = sorted((f for f in os.listdir(a.results) if FOLDER_RE.match(f)), key=folder_key)
    latest = {}
    for f in folders:                                   # later folders replace earlier ones
        for suite in a.suites:
            d = os.path.join(a.results, f, suite)
            if not os.path.isdir(d):
                continue
            for fn in os.listdir(d):
                if fn.endswith(".json") and fn.count(".") == 1:
                    latest[(suite, fn[:-5])] = f
    os.makedirs(a.dest, exist_ok=True)
    unstaged = sorted({s for s, _ in latest if a.staged and not os.path.isdir(
        os.path.join(a.staged, s, "src"))})
    with open(os.path.join(a.dest, "sources.tsv"), "w") as fh:
        fh.write("suite\tprogram\tfolder\n")
        for (suite, name), f in sorted(latest.items()):
            if suite in unstaged:
                continue
            os.makedirs(os.path.join(a.dest, suite), exist_ok=True)
            link = os.path.join(a.dest, suite, name + ".json")
            if os.path.lexists(link):
                os.remove(link)
            os.symlink(os.path.abspath(os.path.join(a.results, f, suite, name + ".json")), link)
            fh.write("%s\t%s\t%s\n" % (suite, name, f))
    with open(os.path.join(a.dest, "unstaged.txt"), "w") as fh:
        fh.write("".join(s + "\n" for s in unstaged))
    per = collections.Counter(s for s, _ in latest if s not in unstaged)
    for s in a.suites:
        if per[s]:
            print("measured %-26s %4d programs" % (s, per[s]))
    for s in unstaged:
        print("NOT STAGED %s: its measured programs are left out" % s)


def cmd_tasks(a):
    for suite in a.suites:
        d = os.path.join(a.measured, suite)
        if not os.path.isdir(d):
            continue
        names = sorted(fn[:-5] for fn in os.listdir(d) if fn.endswith(".json"))
        progs = {p["name"]: p for p in suite_check.read_manifest(
            os.path.join(a.manifests, suite + ".tsv"))}
        by_dir = collections.OrderedDict()
        for n in names:
            if n in progs:
                by_dir.setdefault(progs[n]["dir"] or ".", []).append(n)
        lacking = [n for n in names if n not in progs]
        for group in by_dir.values():
            print(suite, " ".join(group))
        if lacking:
            print("# not in the manifest:", suite, " ".join(lacking))


def row_group(verified, v):
    preds = verified.get("predictions", [])
    accesses = [preds[x["prediction"]] for x in (v.get("predicted") or {}).get("accesses", [])
                if x.get("prediction") is not None and x["prediction"] < len(preds)]
    return group_of(accesses)


def predicted_of(v):
    p = v.get("predicted")
    if not p:
        return None
    return p["per_request"] if p.get("range") is None else [p["per_request"], p["range"]]


def cmd_llmc(a):
    from llmc_check_compare import compare_rows, source_reader
    from gpu_check_compare import prediction_files
    from compare import run_verify
    verified = run_verify(a.tool, [a.measurements], predictions=prediction_files(a.pred))
    measured_rows = [v for v in verified["rows"] if v["measured"] is not None]
    rows, _ = compare_rows(verified, source_reader(a.src))
    assert len(rows) == len(measured_rows)
    out = []
    for r, v in zip(rows, measured_rows):
        out.append({"suite": "llm.c", "program": r["program"], "file": r["file"], "line": r["line"],
                    "kernel": r["kernel"], "kind": r["kind"], "space": v["space"],
                    "launch": r["launch"], "block": r["block"], "verdict": r["status"],
                    "group": row_group(verified, v), "measured": r["measured"],
                    "predicted": predicted_of(v)})
    json.dump(out, open(a.output, "w"), indent=0)
    print("llm.c: %d rows, %s" % (len(out), dict(collections.Counter(r["verdict"] for r in out))))


def cmd_rb(a):
    from compare import rows_of, run_verify, summarize
    meas = json.load(open(a.measurements))
    files = sorted({os.path.join(ROOT, r["file"]) for r in meas["records"]})
    verified = run_verify(a.tool, [a.measurements], files=files)
    measured_rows = [v for v in verified["rows"] if v["measured"] is not None]
    rows = rows_of(verified)
    assert len(rows) == len(measured_rows)
    out = []
    for r, v in zip(rows, measured_rows):
        out.append({"suite": "runtime-bench", "program": os.path.splitext(r["file"])[0],
                    "file": r["file"], "line": r["line"], "kernel": r["kernel"], "kind": r["kind"],
                    "space": r["space"], "launch": v["launch"], "verdict": r["status"],
                    "group": row_group(verified, v), "measured": r["measured"],
                    "predicted": predicted_of(v)})
    json.dump(out, open(a.output, "w"), indent=0)
    g = [r for r in rows if r["space"] == "global"]
    s = [r for r in rows if r["space"] == "shared"]
    summary = {"global": summarize(g), "shared": summarize(s)}
    json.dump(summary, open(os.path.splitext(a.output)[0] + "-summary.json", "w"), indent=1)
    print("runtime-bench: global %d/%d exact, shared %d/%d exact" % (
        summary["global"]["exact"], len(g), summary["shared"]["exact"], len(s)))


def rel_path(path, roots):
    """A row's file relative to the staged sources (the same on any machine)."""
    for r in roots:
        if r and path.startswith(r.rstrip("/") + "/"):
            return path[len(r.rstrip("/")) + 1:]
    m = re.search(r"/build-suites/[^/]+/src/(.*)$", path)
    return m.group(1) if m else path


def suite_rows(out):
    score = os.path.join(out, "work", "score")
    staged = {}
    try:
        for line in open(os.path.join(out, "work", "staged.tsv")):
            suite, link, real = line.rstrip("\n").split("\t")
            staged[suite] = [real, link]
    except OSError:
        pass
    sources = {}
    try:
        for line in list(open(os.path.join(out, "work", "measured", "sources.tsv")))[1:]:
            s, n, f = line.rstrip("\n").split("\t")
            sources[(s, n)] = f
    except OSError:
        pass
    rows = []
    for fn in sorted(os.listdir(score)) if os.path.isdir(score) else []:
        if not fn.endswith(".rows.json"):
            continue
        for v in json.load(open(os.path.join(score, fn))):
            m, p = v.get("measured"), v.get("predicted")
            rows.append({"suite": v["suite"], "program": v["program"],
                         "file": rel_path(v["file"], staged.get(v["suite"], [])),
                         "line": v["line"], "kernel": v["kernel"], "kind": v["kind"],
                         "space": v["space"], "launch": v["launch"], "verdict": v["verdict"],
                         "group": v["group"],
                         "measured": m.get("per_request") if m else None,
                         "predicted": predicted_of(v),
                         "measurement": sources.get((v["suite"], v["program"]), "")})
    return rows


def tally(rows):
    c = collections.Counter()
    for r in rows:
        c[(r["space"], r["verdict"])] += 1
        if r["verdict"] in MEASURED:
            c[(r["space"], "lines")] += 1
            if r["group"] == "code":
                c[(r["space"], "code")] += 1
                c[(r["space"], "code exact")] += r["verdict"] == "exact"
    c["rows"] = len(rows)
    return c


def fig(n):
    return "{:,}".format(n)


def space_cells(c, space):
    code = c[(space, "code")]
    return ([fig(c[(space, "lines")])] + [fig(c[(space, v)]) for v in MEASURED] +
            ["%s of %s (%s)" % (fig(c[(space, "code exact")]), fig(code),
                                "%.0f%%" % (100.0 * c[(space, "code exact")] / code) if code else "-")] +
            [fig(c[(space, v)]) for v in OTHER])


HEAD = ("| {} | space | lines | exact | in range | wrong | not predicted | code-decided exact | "
        "no instruction | not executed | other launch |")
RULE = "|---|---|---|---|---|---|---|---|---|---|---|"


def table(title, groups):
    out = [HEAD.format(title), RULE]
    for name, rows in groups:
        c = tally(rows)
        for space in ("global", "shared"):
            out.append("| %s | %s | %s |" % (name, space, " | ".join(space_cells(c, space))))
    return out


def read_text(path, default=""):
    try:
        return open(path).read().strip()
    except OSError:
        return default


def cmd_collect(a):
    out = a.outdir
    work = os.path.join(out, "work")
    rows = suite_rows(out)
    srows = list(rows)
    for extra in ("llmc-rows.json", "rb-rows.json"):
        p = os.path.join(work, extra)
        if os.path.exists(p):
            rows += json.load(open(p))
    with open(os.path.join(out, "rows.json"), "w") as fh:
        fh.write("[\n" + ",\n".join(json.dumps(r, sort_keys=True) for r in rows) + "\n]\n")
    md = ["# No loss: %s" % read_text(os.path.join(work, "analyzer.txt"), "?"), ""]
    md += [read_text(os.path.join(work, "header.md")), ""]
    suites = sorted({r["suite"] for r in srows}, key=lambda s: (s != "hecbench", s))
    c = tally(srows)
    md += ["## Suites (committed measurements, each program against its most recent folder)", "",
           "Global %s / %s / %s / %s, shared %s / %s / %s / %s (exact / in range / wrong / not "
           "predicted); code-decided exact: global %s of %s, shared %s of %s; %s rows in all "
           "(%s no instruction, %s not executed, %s other launch)." % tuple(
               [fig(c[("global", v)]) for v in MEASURED] + [fig(c[("shared", v)]) for v in MEASURED] +
               [fig(c[("global", "code exact")]), fig(c[("global", "code")]),
                fig(c[("shared", "code exact")]), fig(c[("shared", "code")]), fig(len(srows))] +
               [fig(c[("global", v)] + c[("shared", v)]) for v in OTHER]), ""]
    by_suite = [(s, [r for r in srows if r["suite"] == s]) for s in suites]
    md += table("suite", by_suite + [("**all**", srows)]) + [""]
    folders = sorted({r["measurement"] for r in srows}, key=folder_key)
    md += ["By measurement folder (rows: every verdict):", "",
           "| folder | suites | programs | rows |", "|---|---|---|---|"]
    for f in folders:
        fr = [r for r in srows if r["measurement"] == f]
        md.append("| %s | %s | %d | %s |" % (f, " ".join(sorted({r["suite"] for r in fr})),
                                              len({(r["suite"], r["program"]) for r in fr}),
                                              fig(len(fr))))
    md.append("")
    md += table("folder", [(f, [r for r in srows if r["measurement"] == f]) for f in folders]) + [""]
    problems = read_text(os.path.join(work, "problems.txt"))
    if problems:
        md += ["Not scored:", "", "```", problems, "```", ""]
    lrows = [r for r in rows if r["suite"] == "llm.c"]
    if lrows:
        lc = collections.Counter(r["verdict"] for r in lrows)
        md += ["## llm.c (%s)" % read_text(os.path.join(work, "llmc-header.txt"), ""), "",
               "%s exact / %s in range / %s wrong of %s lines (%s)." % (
                   fig(lc["exact"]), fig(lc["in range"]), fig(lc["wrong"]), fig(len(lrows)),
                   ", ".join("%s %d" % (k, v) for k, v in sorted(lc.items())))]
        md += [""] + table("llm.c", [("llm.c", lrows)]) + [""]
    rrows = [r for r in rows if r["suite"] == "runtime-bench"]
    if rrows:
        md += ["## runtime-bench (results/measurements.json, `compare.py`'s verdicts)", ""]
        for space in ("global", "shared"):
            sr = [r for r in rrows if r["space"] == space]
            sc = collections.Counter(r["verdict"] for r in sr)
            md.append("- %s: %s of %s exact (%s)" % (space, fig(sc["exact"]), fig(len(sr)), ", ".join(
                "%s %d" % (k, v) for k, v in sorted(sc.items()))))
        md += [""] + table("runtime-bench", [("runtime-bench", rrows)]) + [""]
    times = read_text(os.path.join(work, "times.tsv"))
    if times:
        md += ["## Time", "", "```", times, "```", ""]
    with open(os.path.join(out, "summary.md"), "w") as fh:
        fh.write("\n".join(md).rstrip("\n") + "\n")
    print("wrote %s (%d rows) and %s" % (os.path.join(out, "rows.json"), len(rows),
                                          os.path.join(out, "summary.md")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    o = sub.add_parser("overlay")
    o.add_argument("--results", required=True)
    o.add_argument("--dest", required=True)
    o.add_argument("--staged")
    o.add_argument("suites", nargs="+")
    t = sub.add_parser("tasks")
    t.add_argument("--manifests", required=True)
    t.add_argument("--measured", required=True)
    t.add_argument("suites", nargs="+")
    lc = sub.add_parser("llmc")
    lc.add_argument("--tool", required=True)
    lc.add_argument("--measurements", required=True)
    lc.add_argument("--pred", required=True)
    lc.add_argument("--src")
    lc.add_argument("-o", "--output", required=True)
    rb = sub.add_parser("rb")
    rb.add_argument("--tool", required=True)
    rb.add_argument("--measurements",
                    default=os.path.join(ROOT, "runtime-bench", "results", "measurements.json"))
    rb.add_argument("-o", "--output", required=True)
    c = sub.add_parser("collect")
    c.add_argument("outdir")
    a = ap.parse_args()
    {"overlay": cmd_overlay, "tasks": cmd_tasks, "llmc": cmd_llmc, "rb": cmd_rb,
     "collect": cmd_collect}[a.cmd](a)


if __name__ == "__main__":
    main()
