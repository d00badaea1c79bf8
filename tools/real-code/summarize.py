#!/usr/bin/env python3
"""Summarises a run.sh output directory (standard library only).

Usage: summarize.py [--markdown] OUT_DIR [OUT_DIR...]    (several: one table
       per directory, then the totals; --markdown: one table row per directory)

Per directory: files total / parsed cleanly (exit 0 or 1) / failed (exit 2,
bucketed by the first error message, normalised) / crashed (any other status)
/ timed out (124, or 137 after the timeout's kill); kernels and accesses of
the files that parsed; accesses by pattern; the share with a definite pattern
(not "unknown") and the reasons for the unknown ones. Writes summary.json
beside the results.
"""
import collections
import json
import os
import re
import sys

TIMEOUT_CODES = {124, 137}


def norm_error(line, fine=True):
    """`cuda-coalesce: error: FILE: reason` -> reason without paths/positions."""
    s = line.strip()
    s = re.sub(r"^cuda-coalesce: error: ", "", s)
    s = re.sub(r"^\S+?: (does not compile|no such file|not a CUDA|the parse)", r"\1", s)
    s = re.sub(r"; the (\d+ )?kernels? free of errors (was|were) analysed( \(\d+ left out\))?$", "", s)
    s = re.sub(r" \(and \d+ more errors?\)$", "", s)
    s = re.sub(r"^(does not compile: )\S+?:\d+:\d+: ", r"\1", s)
    s = re.sub(r"^\S+: (not in the compile database).*", r"\1", s)
    s = re.sub(r"(/[^\s:']+)+:\d+:\d+: ", "", s)       # location of the error
    s = re.sub(r"[\w./+-]+\.(cu|cuh|h|hpp|c|cpp|cc|hxx|inl):\d+:\d+: ", "", s)
    if not fine:
        s = re.sub(r"'[^']*'", "'X'", s)
        s = re.sub(r"\d+", "N", s)
    return s


def unknown_reason(a):
    r = a.get("unknown_reason") or "(none given)"
    if r.startswith("no lane"):
        return r
    m = re.match(r"depends on (.*): [\d.e+-]+ to [\d.e+-]+ sectors/request$", r)
    if not m:
        return re.sub(r"\d+(\.\d+)?", "N", r)
    names = m.group(1)
    kinds = set()
    # Names are source text; split on ", " only at the top level.
    depth, cur, parts = 0, "", []
    for ch in names:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    parts.append(cur.strip())
    for p in parts:
        if p.startswith("iter("):
            kinds.add("loop iteration")
        elif re.match(r"^(blockDim|gridDim)\.[xyz]$", p):
            kinds.add(p.split(".")[0])
        elif re.match(r"^[A-Za-z_]\w*$", p):
            kinds.add("parameter/variable")
        elif p.endswith(" offset"):
            kinds.add("merged pointer offset")
        elif p == "cmp":
            kinds.add("comparison")
        else:
            kinds.add("loaded/computed value")
    where = a.get("byte_offset", "") + " " + a.get("index", "")
    in_address = any(p in where for p in parts)
    return "depends on " + " + ".join(sorted(kinds)) + (
        " (in the address)" if in_address else " (only through a guard or trip count)")


def summarise(out):
    jobs = []
    with open(os.path.join(out, "jobs.tsv")) as f:
        for line in f:
            jid, rel = line.rstrip("\n").split("\t", 1)
            jobs.append((jid, rel))
    S = {
        "dir": out, "files": len(jobs), "clean": 0, "clean_exit0": 0, "clean_exit1": 0,
        "failed": 0, "crashed": 0, "not_run": 0, "tool_mtimes": collections.Counter(), "timed_out": 0, "missing": 0,
        "kernels": 0, "accesses": 0, "access_sites": 0, "flagged": 0,
        "patterns": collections.Counter(), "unknown_reasons": collections.Counter(),
        "failure_reasons": collections.Counter(), "failure_classes": collections.Counter(),
        "failure_examples": {}, "failed_patterns": collections.Counter(), "crashes": [], "timeouts": [],
        "failed_files_with_accesses": 0, "accesses_in_failed_files": 0,
        "nvcc_checked": 0, "nvcc_ok": 0, "clean_and_nvcc_ok": 0,
        "nvcc_ok_failure_reasons": collections.Counter(), "nvcc_ok_failure_examples": {},
        "nvcc_ok_accesses": 0, "nvcc_ok_unknown": 0,
        "wall_total_s": 0.0, "slowest": [], "bad_json": [],
    }
    ws = os.path.join(out, "wall_seconds")
    if os.path.exists(ws):
        S["run_wall_s"] = int(open(ws).read().strip() or 0)
    walls = []
    for jid, rel in jobs:
        base = os.path.join(out, "res", jid)
        if not os.path.exists(base + ".meta"):
            S["missing"] += 1
            continue
        parts = open(base + ".meta").read().split()
        rc, wall = int(parts[0]), float(parts[1])
        if len(parts) > 2:
            S["tool_mtimes"][parts[2]] += 1
        if rc in (126, 127):          # the analyzer could not be executed
            S["not_run"] += 1
            continue
        S["wall_total_s"] += wall
        walls.append((wall, rel))
        err = open(base + ".err", errors="replace").read()
        errlines = [l for l in err.splitlines() if l.startswith("cuda-coalesce: error:")]
        try:
            doc = json.load(open(base + ".json")) if os.path.getsize(base + ".json") else None
        except ValueError:
            doc = None
            if rc in (0, 1):
                S["bad_json"].append(rel)
        accs = doc.get("accesses", []) if doc else []
        nvcc_ok = None
        if os.path.exists(base + ".nvcc"):
            S["nvcc_checked"] += 1
            nvcc_ok = open(base + ".nvcc").read().strip() == "0"
            S["nvcc_ok"] += nvcc_ok
            if nvcc_ok and rc in (0, 1):
                S["clean_and_nvcc_ok"] += 1
                S["nvcc_ok_accesses"] += len(accs)
                S["nvcc_ok_unknown"] += sum(a["pattern"] == "unknown" for a in accs)
            if nvcc_ok and rc == 2:
                r = norm_error(errlines[0]) if errlines else "(no error line)"
                S["nvcc_ok_failure_reasons"][r] += 1
                S["nvcc_ok_failure_examples"].setdefault(r, rel)
        if rc in (0, 1):
            S["clean"] += 1
            S["clean_exit%d" % rc] += 1
            kernels = {a["kernel"] for a in accs}
            S["kernels"] += len(kernels)
            S["accesses"] += len(accs)
            S["access_sites"] += len({(a["file"], a["line"], a["column"]) for a in accs})
            for a in accs:
                S["patterns"][a["pattern"]] += 1
                S["flagged"] += bool(a.get("flagged"))
                if a["pattern"] == "unknown":
                    S["unknown_reasons"][unknown_reason(a)] += 1
        elif rc == 2:
            S["failed"] += 1
            reason = norm_error(errlines[0]) if errlines else "(no error line) " + err.strip()[:200]
            S["failure_reasons"][reason] += 1
            S["failure_classes"][norm_error(errlines[0], fine=False) if errlines else "(no error line)"] += 1
            S["failure_examples"].setdefault(reason, rel)
            if accs:
                S["failed_files_with_accesses"] += 1
                S["accesses_in_failed_files"] += len(accs)
                for a in accs:
                    S["failed_patterns"][a["pattern"]] += 1
        elif rc in TIMEOUT_CODES:
            S["timed_out"] += 1
            S["timeouts"].append({"file": rel, "rc": rc, "wall_s": wall})
        else:
            S["crashed"] += 1
            tail = err.strip().splitlines()
            S["crashes"].append({"file": rel, "rc": rc, "wall_s": wall,
                                 "stderr_head": "\n".join(tail[:12])})
    walls.sort(reverse=True)
    S["slowest"] = [{"file": r, "wall_s": w} for w, r in walls[:5]]
    summarise_project(out, jobs, S)
    return S


def summarise_project(out, jobs, S):
    """The project pass (all files in one run): keys p_*."""
    path = os.path.join(out, "project.json")
    if not os.path.exists(path):
        return
    root = None
    info = os.path.join(out, "info.txt")
    if os.path.exists(info):
        for line in open(info):
            if line.startswith("checkout: "):
                root = line.split(": ", 1)[1].strip()
    nvcc_ok = set()
    for jid, rel in jobs:
        f = os.path.join(out, "res", jid + ".nvcc")
        if os.path.exists(f) and open(f).read().strip() == "0":
            nvcc_ok.add(rel)
    rels = {rel for _, rel in jobs}
    err = open(os.path.join(out, "project.err"), errors="replace").read().splitlines()
    failed, through, host = {}, set(), set()
    for line in err:
        m = re.match(r"cuda-coalesce: (error|note): (\S+?): (.*)", line)
        if not m or m.group(2) not in rels:
            continue
        kind, rel, rest = m.groups()
        if kind == "error":
            failed[rel] = norm_error(line)
        elif rest.startswith("analysed as part of"):
            through.add(rel)
        elif rest.startswith("host code does not compile"):
            host.add(rel)
    try:
        doc = json.load(open(path)) if os.path.getsize(path) else {}
    except ValueError:
        doc = {}
    accs = doc.get("accesses", [])
    S["p_ran"] = 1
    S["p_exit_abnormal"] = int(open(os.path.join(out, "project.rc")).read().strip() not in ("0", "1", "2"))
    S["p_wall_s"] = int(open(os.path.join(out, "project_wall_seconds")).read().strip() or 0)
    S["p_failed"] = len(failed)
    S["p_analysed"] = len(jobs) - len(failed)
    S["p_through_includer"] = len(through)
    S["p_despite_host_errors"] = len(host)
    S["p_nvcc_ok_analysed"] = len(nvcc_ok - set(failed))
    S["p_failure_reasons"] = collections.Counter(failed.values())
    S["p_nvcc_ok_failure_reasons"] = collections.Counter(
        r for rel, r in failed.items() if rel in nvcc_ok)
    S["p_kernels"] = len({a["kernel"] for a in accs})
    S["p_accesses"] = len(accs)
    S["p_flagged"] = sum(bool(a.get("flagged")) for a in accs)
    S["p_patterns"] = collections.Counter(a["pattern"] for a in accs)
    S["p_unknown_reasons"] = collections.Counter(
        unknown_reason(a) for a in accs if a["pattern"] == "unknown")
    # Accesses written in files nvcc accepts (or in headers).
    scope = []
    for a in accs:
        rel = os.path.relpath(a["file"], root) if root and os.path.isabs(a["file"]) else a["file"]
        if rel in nvcc_ok or rel not in rels:
            scope.append(a)
    S["p_nvcc_scope_accesses"] = len(scope)
    S["p_nvcc_scope_unknown"] = sum(a["pattern"] == "unknown" for a in scope)


def pct(a, b):
    return "%.1f%%" % (100.0 * a / b) if b else "-"


def show(S, name):
    definite = S["accesses"] - S["patterns"].get("unknown", 0)
    print("== %s" % name)
    print("files %d | parsed cleanly %d (%s; exit 0: %d, exit 1: %d) | failed %d | crashed %d | timed out %d%s"
          % (S["files"], S["clean"], pct(S["clean"], S["files"]), S["clean_exit0"], S["clean_exit1"],
             S["failed"], S["crashed"], S["timed_out"],
             ((" | no result %d" % S["missing"]) if S["missing"] else "") +
             ((" | not run (analyzer missing) %d" % S["not_run"]) if S["not_run"] else "")))
    print("kernels (with accesses) %d | accesses %d at %d source sites | flagged %d | definite pattern %d (%s)"
          % (S["kernels"], S["accesses"], S["access_sites"], S["flagged"], definite,
             pct(definite, S["accesses"])))
    if S["nvcc_checked"]:
        nd = S["nvcc_ok_accesses"] - S["nvcc_ok_unknown"]
        print("nvcc -cuda accepts %d of %d files; of those the tool parsed %d (%s); their accesses %d, definite %s"
              % (S["nvcc_ok"], S["nvcc_checked"], S["clean_and_nvcc_ok"],
                 pct(S["clean_and_nvcc_ok"], S["nvcc_ok"]), S["nvcc_ok_accesses"],
                 pct(nd, S["nvcc_ok_accesses"])))
        for r, n in S["nvcc_ok_failure_reasons"].most_common(10):
            print("  nvcc ok, tool failed: %3d  %s   e.g. %s" % (n, r[:200], S["nvcc_ok_failure_examples"][r]))
    print("wall: %.0fs summed over files%s; slowest: %s" % (
        S["wall_total_s"], (", %ds elapsed" % S["run_wall_s"]) if "run_wall_s" in S else "",
        ", ".join("%s %.1fs" % (x["file"], x["wall_s"]) for x in S["slowest"][:3])))
    print("patterns: " + ", ".join("%s %d" % kv for kv in S["patterns"].most_common()))
    if S["unknown_reasons"]:
        print("unknown because:")
        for r, n in S["unknown_reasons"].most_common():
            print("  %5d  %s" % (n, r))
    if S["failed"]:
        print("failed files that still reported accesses: %d (%d accesses: %s)"
              % (S["failed_files_with_accesses"], S["accesses_in_failed_files"],
                 ", ".join("%s %d" % kv for kv in S["failed_patterns"].most_common())))
        print("failure reasons (first error):")
        for r, n in S["failure_reasons"].most_common(15):
            print("  %3d  %s   e.g. %s" % (n, r[:200], S["failure_examples"][r]))
    for c in S["crashes"]:
        print("CRASH rc=%d %s\n    %s" % (c["rc"], c["file"], c["stderr_head"].replace("\n", "\n    ")))
    for t in S["timeouts"]:
        print("TIMEOUT rc=%d %s (%.0fs)" % (t["rc"], t["file"], t["wall_s"]))
    if S["bad_json"]:
        print("unparseable JSON: " + ", ".join(S["bad_json"]))
    if S.get("p_ran"):
        pd = S["p_accesses"] - S["p_patterns"].get("unknown", 0)
        nd = S["p_nvcc_scope_accesses"] - S["p_nvcc_scope_unknown"]
        print("project pass (all files in one run, %ds%s): analysed %d of %d files (%d through an "
              "including file, %d despite host-code errors); of the %d nvcc accepts: %d (%s)"
              % (S["p_wall_s"], ", ABNORMAL EXIT" if S["p_exit_abnormal"] else "",
                 S["p_analysed"], S["files"], S["p_through_includer"], S["p_despite_host_errors"],
                 S["nvcc_ok"], S["p_nvcc_ok_analysed"], pct(S["p_nvcc_ok_analysed"], S["nvcc_ok"])))
        print("  kernels %d | accesses %d | flagged %d | definite %d (%s); in files nvcc accepts "
              "and headers: %d accesses, definite %s"
              % (S["p_kernels"], S["p_accesses"], S["p_flagged"], pd, pct(pd, S["p_accesses"]),
                 S["p_nvcc_scope_accesses"], pct(nd, S["p_nvcc_scope_accesses"])))
        print("  patterns: " + ", ".join("%s %d" % kv for kv in S["p_patterns"].most_common()))
        for r, n in S["p_unknown_reasons"].most_common(8):
            print("  unknown %5d  %s" % (n, r))
        for r, n in S["p_nvcc_ok_failure_reasons"].most_common(10):
            print("  nvcc ok, tool failed: %3d  %s" % (n, r[:200]))
        for r, n in S["p_failure_reasons"].most_common(10):
            print("  failed: %3d  %s" % (n, r[:200]))
    print()


def markdown(rows):
    print("| project | .cu files | nvcc -cuda accepts | parsed cleanly | of nvcc-accepted | failed | crashed | timed out "
          "| kernels | accesses | definite pattern | flagged | wall (s) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, S in rows:
        definite = S["accesses"] - S["patterns"].get("unknown", 0)
        print("| %s | %d | %s | %d (%s) | %s | %d | %d | %d | %d | %d | %d (%s) | %d | %s |" % (
            name, S["files"], S["nvcc_ok"] if S["nvcc_checked"] else "-", S["clean"],
            pct(S["clean"], S["files"]),
            ("%d/%d (%s)" % (S["clean_and_nvcc_ok"], S["nvcc_ok"], pct(S["clean_and_nvcc_ok"], S["nvcc_ok"])))
            if S["nvcc_checked"] else "-",
            S["failed"], S["crashed"], S["timed_out"], S["kernels"], S["accesses"], definite,
            pct(definite, S["accesses"]), S["flagged"], S.get("run_wall_s", "%.0f" % S["wall_total_s"])))


def markdown_project(rows):
    print()
    print("| project | .cu files | nvcc accepts | analysed | of nvcc-accepted | through includer "
          "| despite host errors | kernels | accesses | definite | definite (nvcc-accepted files) "
          "| flagged | wall (s) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, S in rows:
        if not S.get("p_ran"):
            continue
        pd = S["p_accesses"] - S["p_patterns"].get("unknown", 0)
        nd = S["p_nvcc_scope_accesses"] - S["p_nvcc_scope_unknown"]
        print("| %s | %d | %d | %d | %d (%s) | %d | %d | %d | %d | %d (%s) | %s | %d | %d |" % (
            name, S["files"], S["nvcc_ok"], S["p_analysed"], S["p_nvcc_ok_analysed"],
            pct(S["p_nvcc_ok_analysed"], S["nvcc_ok"]), S["p_through_includer"],
            S["p_despite_host_errors"], S["p_kernels"], S["p_accesses"], pd,
            pct(pd, S["p_accesses"]), pct(nd, S["p_nvcc_scope_accesses"]), S["p_flagged"],
            S["p_wall_s"]))


def main():
    dirs = sys.argv[1:]
    md = bool(dirs) and dirs[0] == "--markdown"
    if md:
        dirs = dirs[1:]
        rows = []
    if not dirs:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    total = None
    for d in dirs:
        S = summarise(d)
        if md:
            rows.append((os.path.basename(os.path.normpath(d)), S))
        else:
            show(S, os.path.basename(os.path.normpath(d)))
        with open(os.path.join(d, "summary.json"), "w") as f:
            json.dump(S, f, indent=1, default=dict)
        if total is None:
            total = {k: (collections.Counter(v) if isinstance(v, collections.Counter) else
                         (list(v) if isinstance(v, list) else (dict(v) if isinstance(v, dict) else v)))
                     for k, v in S.items()}
        else:
            for k, v in S.items():
                if isinstance(v, collections.Counter):
                    total.setdefault(k, collections.Counter()).update(v)
                elif isinstance(v, list):
                    total[k] += v
                elif isinstance(v, dict):
                    for kk, vv in v.items():
                        total[k].setdefault(kk, vv)
                elif isinstance(v, (int, float)) and k != "dir":
                    total[k] = total.get(k, 0) + v
    if md:
        if len(dirs) > 1:
            rows.append(("all", total))
        markdown(rows)
        markdown_project(rows)
        return
    if len(dirs) > 1:
        total["slowest"] = sorted(total["slowest"], key=lambda x: -x["wall_s"])[:5]
        show(total, "ALL")


if __name__ == "__main__":
    main()
