#!/usr/bin/env python3
"""Times cuda-coalesce against the parse it cannot avoid (standard library only).

  bench/run.py [--tool T] [--repeat N] [--tidy] [--project] [--stress]
               [-p BUILD_DIR] [--markdown OUT.md] [--json OUT.json]
               FILE... [-- FLAGS]

Per file, the best of N runs (CPU time, user + sys, of the process and its
children, and peak resident memory, from wait4), each file alone:
  floor      cuda-coalesce --parse-only: the same device-side parse, same
             flags and headers, no analysis
  analysis   cuda-coalesce --format=json --show-all
  ratio      analysis / floor (the goal: at most 1.10)
  vs clang   analysis / `clang++ -fsyntax-only --cuda-device-only` of the
             same file (the compat header and flags included in the
             analysis; files given without -p and without extra flags). A
             header clang cannot find is given to it as an empty file, as
             the tool parses it: clang would stop the parse there.
The commands of one file (or one stress input) run in turn in each repeat,
and each keeps its best.
  phases     the parse and the analysis timed inside one process
             (--print-phase-times): the same ratio without the noise of
             comparing two processes
With --tidy, also clang-tidy-22 with the plugin (check cuda-memory-coalescing)
against clang-tidy-22 running one cheap stock check on the same file.
With --project, the whole file list in one run, as a project lints: the
floor (every file parsed from scratch), the analysis with the shared
preamble of the CUDA headers (the default) and without it, CPU with -j 1,
and wall time with -j 1 and -j 2.
With --stress, the generated inputs of bench/stress_inputs.py (the shapes
of issue 18, each at two sizes): the tool's CPU time against a plain
`clang++ -fsyntax-only --cuda-device-only` of the same file.
This is a benchmark, not a test: ctest does not run it.
"""
import argparse
import re
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def measure(cmd, repeat):
    """Best CPU seconds and peak RSS (MiB) over `repeat` runs, and exit status."""
    best, rss, status = None, 0, None
    for _ in range(repeat):
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        cpu = usage.ru_utime + usage.ru_stime
        best = cpu if best is None else min(best, cpu)
        rss = max(rss, usage.ru_maxrss / 1024.0)
    return best, rss, os.waitstatus_to_exitcode(status)


def measure_interleaved(cmds, repeat):
    """measure() of several commands, run in turn within each repeat, so
    that a slow spell of the machine (a 2-core VM whose other work comes and
    goes) falls on all of them alike rather than on one."""
    best = {name: (None, 0.0, None) for name in cmds}
    for _ in range(repeat):
        for name, cmd in cmds.items():
            cpu, rss, status = measure(cmd, 1)
            b, r, _ = best[name]
            best[name] = (cpu if b is None else min(b, cpu), max(r, rss), status)
    return best


MISSING_HEADER = re.compile(r"fatal error: '([^']+)' file not found")


def clang_baseline(cmd):
    """`cmd` (a plain clang parse) with each header it stops at for not
    finding supplied as an empty file, as cuda-coalesce parses a missing
    header: clang stops the whole parse at the first one (runtime-bench's
    39 includes <omp.h>), which would compare a parse of part of the file
    with the tool's parse of all of it. Returns the command and the names
    supplied; the empty files live in a directory that is not removed."""
    stand_ins = None
    names = []
    for _ in range(16):
        err = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True).stderr
        m = MISSING_HEADER.search(err)
        if not m:
            break
        if stand_ins is None:
            stand_ins = tempfile.mkdtemp(prefix="cc-bench-headers-")
            cmd = cmd + ["-isystem", stand_ins]
        path = os.path.join(stand_ins, m.group(1))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w").close()
        names.append(m.group(1))
    return cmd, names


def wall(cmd):
    t0 = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - t0


PHASES = re.compile(r"phase times: (.*): parse ([0-9.]+) s, analysis ([0-9.]+) s \((.*)\)")


def phases(cmd, repeat):
    """Per file, (parse, analysis) CPU seconds summed over its passes (a
    project run parses a file again, or for its launches only), from the run
    whose sum is least."""
    best = {}
    for _ in range(repeat):
        err = subprocess.run(cmd + ["--print-phase-times"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True).stderr
        run = {}
        for m in PHASES.finditer(err):
            f, p, a = m.group(1), float(m.group(2)), float(m.group(3))
            q, b = run.get(f, (0.0, 0.0))
            run[f] = (q + p, b + a)
        for f, t in run.items():
            if f not in best or sum(t) < sum(best[f]):
                best[f] = t
    return best


# The shapes of issue 18 at the sizes it names and twice them: the tool's CPU
# time against a plain clang parse of the same file (the CUDA toolkit's
# headers included, as users run it).
STRESS = (("stencil-const", (1000, 2000)), ("stencil-runtime", (100, 200)),
          ("guarded-runtime", (1000, 2000)), ("nested-ifs", (100, 200)),
          ("helper-fanout", (7, 8)), ("templates", (1000, 2000)),
          ("tensor-index", (12, 16)),
          # issue 44: its shapes at its sizes and ten times them (the nest
          # at 250: clang stops at 256 nested brackets)
          ("nested-2d-guards", (100, 250)), ("guarded-runtime", (10000,)),
          ("tensor-index", (120,)), ("nested-loops", (30, 100)))
CLANG_PARSE = ["clang++-22", "-fsyntax-only", "--cuda-device-only", "-x", "cuda",
               "--cuda-gpu-arch=sm_90", "--cuda-path=/usr/local/cuda",
               "-Wno-unknown-cuda-version"]


def stress(tool, repeat, scale):
    sys.path.insert(0, HERE)
    import stress_inputs
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for kind, sizes in STRESS:
            for n in sizes:
                n = max(1, int(n * scale)) if kind not in ("helper-fanout", "tensor-index") else n
                path = stress_inputs.write(kind, os.path.join(d, "%s-%d.cu" % (kind, n)), n)
                best = measure_interleaved({"clang": CLANG_PARSE + [path],
                                            "tool": [tool, "--format=json", path]}, repeat)
                clang = best["clang"][0]
                full, rss, rc = best["tool"]
                parse_s, analysis_s = phases([tool, "--format=json", path], 1).get(path, (0.0, 0.0))
                rows.append({"kind": kind, "n": n, "clang_parse_s": clang, "tool_s": full,
                             "ratio": full / clang if clang else None, "rss_mib": rss,
                             "exit": rc, "phase_parse_s": parse_s,
                             "phase_analysis_s": analysis_s})
                print("stress %-16s %5d: clang parse %6.2fs  tool %7.2fs  ratio %6.2f"
                      "  (analysis %.2fs in process)  rss %4.0f MiB" % (
                          kind, n, clang, full, full / clang if clang else 0, analysis_s, rss),
                      flush=True)
    return rows


def in_process(tool, files, flags, repeat, json_out):
    """(parse + analysis) / parse in process for each file alone, with the
    file's own directory searched where no compile database gives its
    command; the median, the worst and the totals."""
    rows = []
    for f in files:
        extra = flags
        if "-p" not in tool:
            extra = (flags or ["--"]) + ["-I", os.path.dirname(os.path.abspath(f))]
        cmd = tool + ["--format=json", "--show-all", f] + extra
        parse_s, analysis_s = phases(cmd, repeat).get(f, (0.0, 0.0))
        ratio = (parse_s + analysis_s) / parse_s if parse_s else None
        rows.append({"file": f, "phase_parse_s": parse_s, "phase_analysis_s": analysis_s,
                     "phase_ratio": ratio})
        print("%-60s parse %7.3fs  analysis %7.3fs  ratio %6.3f" % (
            f[-60:], parse_s, analysis_s, ratio or 0), flush=True)
    ratios = sorted(r["phase_ratio"] for r in rows if r["phase_ratio"])
    parse_total = sum(r["phase_parse_s"] for r in rows)
    analysis_total = sum(r["phase_analysis_s"] for r in rows)
    summary = {"files": rows, "measured": len(ratios), "parse_total_s": parse_total,
               "analysis_total_s": analysis_total}
    if ratios:
        summary.update(median=ratios[len(ratios) // 2], worst=ratios[-1],
                       total_ratio=(parse_total + analysis_total) / parse_total,
                       over_2x=sum(1 for r in ratios if r > 2.0))
        print("in process, %d of %d files: median %.3f, worst %.3f, total %.1fs parse +"
              " %.1fs analysis = %.3f, %d over 2x" % (
                  len(ratios), len(rows), summary["median"], summary["worst"], parse_total,
                  analysis_total, summary["total_ratio"], summary["over_2x"]))
    if json_out:
        json.dump(summary, open(json_out, "w"), indent=1)


def main():
    argv = sys.argv[1:]
    flags = []
    if "--" in argv:
        flags = argv[argv.index("--"):]
        argv = argv[:argv.index("--")]
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "tool", "cuda-coalesce"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--tidy", action="store_true")
    ap.add_argument("--project", action="store_true")
    ap.add_argument("-p", dest="build_dir")
    ap.add_argument("--stress", action="store_true")
    ap.add_argument("--stress-scale", type=float, default=1.0,
                    help="multiplies the stress sizes (0.1 for a quick look)")
    ap.add_argument("--in-process", action="store_true",
                    help="only the in-process CPU times (--print-phase-times), one file"
                    " at a time: for a whole project's files")
    ap.add_argument("--markdown")
    ap.add_argument("--json")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)

    tool = [args.tool] + (["-p", args.build_dir] if args.build_dir else [])
    if args.in_process:
        in_process(tool, args.files, flags, args.repeat, args.json)
        return
    rows = []
    for f in args.files:
        full_cmd = tool + ["--format=json", "--show-all", f] + flags
        cmds = {"floor": tool + ["--parse-only", f] + flags, "analysis": full_cmd}
        stand_ins = []
        if not args.build_dir and not flags:
            cmds["clang"], stand_ins = clang_baseline(
                CLANG_PARSE + ["-I", os.path.dirname(os.path.abspath(f)), f])
        best = measure_interleaved(cmds, args.repeat)
        floor, floor_rss, _ = best["floor"]
        full, full_rss, rc = best["analysis"]
        clang = best["clang"][0] if "clang" in best else None
        parse_s, analysis_s = phases(full_cmd, args.repeat).get(f, (0.0, 0.0))
        row = {"file": os.path.relpath(f, ROOT), "floor_s": floor, "analysis_s": full,
               "ratio": full / floor if floor else None, "floor_rss_mib": floor_rss,
               "clang_parse_s": clang, "clang_ratio": full / clang if clang else None,
               "clang_empty_headers": stand_ins,
               "rss_mib": full_rss, "exit": rc, "phase_parse_s": parse_s,
               "phase_analysis_s": analysis_s,
               "phase_ratio": (parse_s + analysis_s) / parse_s if parse_s else None}
        if args.tidy:
            module = os.path.join(os.path.dirname(args.tool), "libCudaCoalesceTidyModule.so")
            cuda = ["--", "-x", "cuda", "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version"]
            base = ["clang-tidy-22", "--load=" + module, f]
            row["tidy_floor_s"], _, _ = measure(
                base[:1] + ["--checks=-*,readability-misleading-indentation"] + base[1:] + cuda,
                args.repeat)
            row["tidy_s"], _, _ = measure(
                base[:1] + ["--checks=-*,cuda-memory-coalescing"] + base[1:] + cuda, args.repeat)
        rows.append(row)
        print("%-50s floor %6.2fs  analysis %6.2fs  ratio %5.2f  vs clang %5.2f  phases %5.3f"
              "  rss %5.0f MiB%s" % (
            row["file"], floor, full, row["ratio"] or 0, row["clang_ratio"] or 0,
            row["phase_ratio"] or 0, full_rss,
            "  tidy %.2fs / %.2fs" % (row["tidy_s"], row["tidy_floor_s"]) if args.tidy else ""),
            flush=True)

    result = {"machine": "%s, %d cores" % (platform.platform(), os.cpu_count()),
              "date": time.strftime("%Y-%m-%d"), "files": rows}
    if rows:
        result["total_floor_s"] = sum(r["floor_s"] for r in rows)
        result["total_analysis_s"] = sum(r["analysis_s"] for r in rows)
        result["total_ratio"] = result["total_analysis_s"] / result["total_floor_s"]
        parse_total = sum(r["phase_parse_s"] for r in rows)
        analysis_total = sum(r["phase_analysis_s"] for r in rows)
        result["phase_total_ratio"] = (parse_total + analysis_total) / parse_total if parse_total else None
        within = sum(1 for r in rows if r["phase_ratio"] and r["phase_ratio"] <= 1.10)
        versus = sorted(r["clang_ratio"] for r in rows if r["clang_ratio"])
        if versus:
            result["clang_ratio_median"] = versus[len(versus) // 2]
            result["clang_ratio_max"] = versus[-1]
            print("against plain clang++ -fsyntax-only --cuda-device-only: median %.3f, max %.3f"
                  % (versus[len(versus) // 2], versus[-1]))
        print("total: floor %.1fs, analysis %.1fs, ratio %.3f; phases: parse %.2fs, analysis %.2fs,"
              " ratio %.3f, %d of %d files within 1.10" % (
                  result["total_floor_s"], result["total_analysis_s"], result["total_ratio"],
                  parse_total, analysis_total, result["phase_total_ratio"] or 0, within, len(rows)))
    if args.project and args.files:
        run = tool + args.files + flags
        project = {}
        for name, extra in (("floor", ["--parse-only", "--no-shared-preamble"]),
                            ("analysis", ["--format=json"]),
                            ("analysis_no_preamble", ["--format=json", "--no-shared-preamble"])):
            cpu, rss, _ = measure(run[:1] + extra + ["-j", "1"] + run[1:], args.repeat)
            project[name] = {"cpu_s": cpu, "rss_mib": rss}
            for j in (1, 2):
                project[name]["wall_j%d_s" % j] = min(
                    wall(run[:1] + extra + ["-j", str(j)] + run[1:]) for _ in range(args.repeat))
            print("project %-22s cpu %6.1fs  wall -j1 %6.1fs  -j2 %6.1fs  rss %4.0f MiB" % (
                name, cpu, project[name]["wall_j1_s"], project[name]["wall_j2_s"], rss), flush=True)
        result["project"] = project
    if args.stress:
        result["stress"] = stress(args.tool, args.repeat, args.stress_scale)
    if args.json:
        json.dump(result, open(args.json, "w"), indent=1)
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write("| file | floor (s) | analysis (s) | ratio | parse, in process (s) |"
                      " analysis, in process (s) | ratio, in process | peak RSS (MiB) |\n"
                      "|---|---|---|---|---|---|---|---|\n")
            for r in rows:
                out.write("| %s | %.2f | %.2f | %.2f | %.3f | %.3f | %.3f | %.0f |\n" % (
                    r["file"], r["floor_s"], r["analysis_s"], r["ratio"] or 0, r["phase_parse_s"],
                    r["phase_analysis_s"], r["phase_ratio"] or 0, r["rss_mib"]))


if __name__ == "__main__":
    main()
