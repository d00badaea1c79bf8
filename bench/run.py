#!/usr/bin/env python3
"""Times cuda-coalesce against the parse it cannot avoid (standard library only).

  bench/run.py [--tool T] [--repeat N] [--tidy] [--scaling] [--stress]
               [--markdown OUT.md] [--json OUT.json] FILE... [-- FLAGS]

Per file, the best of N runs (CPU time, user + sys, of the process and
peak resident memory, from wait4):
  floor      cuda-coalesce --parse-only: the same device-side parse, same
             flags and headers, no analysis
  analysis   cuda-coalesce --format=json --show-all
  ratio      analysis / floor (the goal: at most 1.10)
With --tidy, also clang-tidy-22 with the plugin (check cuda-memory-coalescing)
against clang-tidy-22 running one cheap stock check on the same file.
With --scaling, the whole file list in one run with -j 1 and -j 2 (wall).
With --stress, generated inputs of growing size (kernels per file, accesses
per kernel) to show whether the time grows linearly.
This is a benchmark, not a test: ctest does not run it.
"""
import argparse
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


def wall(cmd):
    t0 = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - t0


def write_stress(directory, kind, n):
    """The hostile-input tests' generator (test/lit/hostile), at size n."""
    path = os.path.join(directory, "%s-%d.cu" % (kind, n))
    subprocess.run([sys.executable, os.path.join(ROOT, "test", "lit", "Inputs", "make-hostile.py"),
                    kind, path, str(n)], check=True)
    return path


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
    ap.add_argument("--scaling", action="store_true")
    ap.add_argument("--stress", action="store_true")
    ap.add_argument("--markdown")
    ap.add_argument("--json")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)

    rows = []
    for f in args.files:
        floor, floor_rss, _ = measure([args.tool, "--parse-only", f] + flags, args.repeat)
        full, full_rss, rc = measure([args.tool, "--format=json", "--show-all", f] + flags,
                                     args.repeat)
        row = {"file": os.path.relpath(f, ROOT), "floor_s": floor, "analysis_s": full,
               "ratio": full / floor if floor else None, "floor_rss_mib": floor_rss,
               "rss_mib": full_rss, "exit": rc}
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
        print("%-50s floor %6.2fs  analysis %6.2fs  ratio %5.2f  rss %5.0f MiB%s" % (
            row["file"], floor, full, row["ratio"] or 0, full_rss,
            "  tidy %.2fs / %.2fs" % (row["tidy_s"], row["tidy_floor_s"]) if args.tidy else ""),
            flush=True)

    result = {"machine": "%s, %d cores" % (platform.platform(), os.cpu_count()),
              "date": time.strftime("%Y-%m-%d"), "files": rows}
    if rows:
        result["total_floor_s"] = sum(r["floor_s"] for r in rows)
        result["total_analysis_s"] = sum(r["analysis_s"] for r in rows)
        result["total_ratio"] = result["total_analysis_s"] / result["total_floor_s"]
        print("total: floor %.1fs, analysis %.1fs, ratio %.3f" % (
            result["total_floor_s"], result["total_analysis_s"], result["total_ratio"]))
    if args.scaling and args.files:
        result["scaling"] = {j: wall([args.tool, "--format=json", "-j", str(j)] + args.files + flags)
                             for j in (1, 2)}
        print("scaling (wall, all files in one run):", result["scaling"])
    if args.stress:
        result["stress"] = []
        with tempfile.TemporaryDirectory() as d:
            for kind, sizes in (("many-kernels", (500, 1000, 2000, 4000)),
                                ("many-accesses", (500, 1000, 2000, 4000))):
                for n in sizes:
                    path = write_stress(d, kind, n)
                    floor, _, _ = measure([args.tool, "--no-cuda-toolkit", "--parse-only", path],
                                          args.repeat)
                    full, rss, _ = measure([args.tool, "--no-cuda-toolkit", "--format=json", path],
                                           args.repeat)
                    result["stress"].append({"kind": kind, "n": n, "floor_s": floor,
                                             "analysis_s": full, "rss_mib": rss})
                    print("stress %-13s %5d: floor %6.2fs analysis %6.2fs (%.2f ms per unit)"
                          " rss %.0f MiB" % (kind, n, floor, full, 1000 * (full - floor) / n, rss),
                          flush=True)
    if args.json:
        json.dump(result, open(args.json, "w"), indent=1)
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write("| file | floor (s) | analysis (s) | ratio | peak RSS (MiB) |\n|---|---|---|---|---|\n")
            for r in rows:
                out.write("| %s | %.2f | %.2f | %.2f | %.0f |\n" % (
                    r["file"], r["floor_s"], r["analysis_s"], r["ratio"] or 0, r["rss_mib"]))


if __name__ == "__main__":
    main()
