#!/usr/bin/env python3
"""SASS coverage: the global-memory instructions nvcc emits that cuda-coalesce does not report.

For each .cu file: compile the device code to a cubin, disassemble it with line and inlining
information, list per kernel the source lines that hold a global-memory instruction, run the
analyzer on the same file with the same flags, and report per kernel
  - the lines with a global-memory instruction and no analyzer access ("missing"),
  - the analyzer's accesses on lines with no memory instruction (nvcc removed or merged them),
  - totals.
Python 3 standard library only.

Usage:
  sass-coverage.py --checkout ROOT [FILE-OR-GLOB ...]      # flags per file from prepare.py
  sass-coverage.py --prepare-dir DIR [FILE ...]            # DIR/jobs.tsv + DIR/args/ID.args
  sass-coverage.py FILE.cu [FILE.cu ...] -- FLAGS          # the same flags for every file
Options:
  --tool PATH          analyzer (default $CUDA_COALESCE, else <repo>/build/tool/cuda-coalesce)
  --tool-label TEXT    how the analyzer is named in the report (default: git HEAD of the repo
                       holding --tool, else its path)
  --nvcc PATH          default $NVCC, nvcc on PATH, /usr/local/cuda/bin/nvcc
  --nvdisasm PATH      default $NVDISASM, nvdisasm on PATH, /usr/local/cuda/bin/nvdisasm
  --nvcc-flag FLAG     one more nvcc flag for every file (repeatable; nvcc only)
  --add-flag FLAGS     more flags (shell-split) for nvcc and the analyzer, every file (repeatable)
  --add-flag-for GLOB FLAGS    the same for the files matching GLOB (relative to ROOT)
  --drop-flag FLAG, --drop-flag-for GLOB FLAG   remove a flag (e.g. prepare.py's -DENABLE_BF16)
  --exclude GLOB       leave out files matching GLOB (relative to ROOT; repeatable)
  --work DIR           cubins, disassembly, analyzer output (default ./build-sass)
  -j N                 files at once (default 2); every child runs under nice
  --timeout S          per nvcc / analyzer run (default 900)
  --reuse              keep cubins, disassembly and analyzer JSON already in --work
  --json OUT.json      everything (per file, kernel, source line, instruction)
  --validate-against M.json   instead: check this nvcc + nvdisasm pair against Nsight Compute. For
                       every kernel of runtime-bench's measurements (M.json, the SASS that ncu
                       printed for the same nvcc), compile runtime-bench/kernels/NAME.cu here,
                       disassemble it, and compare the global-memory opcodes (with modifiers),
                       per kernel as a multiset and per source line where ncu attributed them
                       to the kernel's own line; exit 1 on any difference
  --markdown OUT.md    totals per file and the missing lines ('-': stdout; default stdout)

Per file:
  nvcc -O3 -lineinfo -arch=sm_90 -cubin -o WORK/NAME.cubin FILE <nvcc flags>
  nvdisasm --print-line-info-inline --print-code WORK/NAME.cubin   (-gi -c)
  cuda-coalesce --format=json --show-all FILE -- <flags>
The nvcc flags are the analyzer's flags translated: -I/-D/-U/-include/-std/-isystem kept
(-isystem <cuda>/include/cccl dropped: nvcc adds it), -fgpu-rdc -> -rdc=true, the rest dropped.
A file nvcc cannot compile is listed as skipped with the first error (e.g. a missing mpi.h).

An nvdisasm older than the nvcc (CUDA 11.8's, say, with CUDA 13) rejects the cubin ("does not
contain Cuda architecture information"): CUDA 12.8+ writes a new ELF header (OS ABI 0x41, ABI
version 8, the SM number in e_flags bits 8-15). The instruction encoding of an SM does not change
with the toolkit, so the script then disassembles a copy whose header is rewritten to the old form
(OS ABI 0x33, ABI version 7, e_flags = SM | 0x100 | 0x400 | SM << 16) and says so in the report.

Instructions (opcode before the first '.'):
  global:  LDG, STG, ATOMG, REDG, LDGSTS (async global->shared copy, a load), UTMALDG/UTMASTG,
           UBLKCP (bulk copies)
  generic: LD, ST, ATOM, RED (on sm_90 RED is the generic-address reduction, REDG the global one);
           global or shared or local: listed apart, never counted as global.
Width from the modifiers: .U8/.S8 1 byte, .U16/.S16 2, none 4, .64 8, .128 16.

Source lines: nvdisasm -gi prints, before an instruction, the chain of inlined frames
  //## File "cuda_bf16.hpp", line 112 inlined at "gelu_forward.cu", line 46
  //## File "gelu_forward.cu", line 46
(innermost first). Frames in toolkit/system headers (CUDA's include dir, /usr/include, /usr/lib)
are dropped from the inner end, so the line of an instruction is the innermost frame in the
project's own code, and its inlined-at call sites come with it; a line reached through several
call sites counts once per call site. Each such line is related to the analyzer's accesses of the
same kernel:
  line              an access at that line (and, if the access has a call_chain, one whose
                    call sites are among the line's inlined-at sites)
  line, other call site  an access at that line, but only reached through other call sites
  call site         an access whose own position is one of the line's inlined-at call sites
                    (the analyzer reports a helper's access at the call)
  call chain        the line is a call site in an access's call_chain
  missing           none of these
An analyzer access "has an instruction" when some global (else generic) line relates to it by
the same rules; otherwise "no instruction" (nvcc removed, merged or hoisted it elsewhere).
Kernels are matched by name (demangled, template arguments normalised as compare.py does);
non-inlined __device__ functions are compared with the accesses whose "function" they are.
"""
import argparse
import concurrent.futures
import datetime
import fnmatch
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "runtime-bench"))
import prepare  # noqa: E402  (flags per file, shared with run.sh)
from parse_ncu import short_kernel  # noqa: E402
from compare import normalize_kernel  # noqa: E402
from sass_lines import GLOBAL_OPS, RE_PRED, demangle, disassemble, parse_sass, real  # noqa: E402

CUDA = os.environ.get("CUDA_PATH", "/usr/local/cuda")
NVCC_BASE = ["-O3", "-lineinfo", "-arch=sm_90", "-cubin"]



def which(env, name, fallback):
    if os.environ.get(env):
        return os.environ[env]
    return shutil.which(name) or fallback


def run(cmd, cwd=None, timeout=900):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return 124, e.stdout or "", "timed out after %ss" % timeout
    except OSError as e:
        return 127, "", str(e)


# ---------------------------------------------------------------------------------------------
# flags

def nvcc_flags(flags):
    """The analyzer's (clang-style) flags -> the ones nvcc takes (see the module docstring)."""
    out = []
    it = iter(flags)
    for a in it:
        if a in ("-isystem", "-include", "-I", "-D", "-U"):
            v = next(it, None)
            if v is None:
                break
            if a == "-isystem" and v.rstrip("/").endswith("/cccl"):
                continue
            out += [a, v]
        elif a.startswith(("-I", "-D", "-U", "-std=", "-include")):
            out.append(a)
        elif a.startswith("-isystem"):
            if not a.rstrip("/").endswith("/cccl"):
                out.append(a)
        elif a == "-fgpu-rdc":
            out.append("-rdc=true")
    return out


def jobs_from_args(a):
    """[(label, absolute path, analyzer flags)]"""
    jobs = []
    excl = a.exclude or []

    def excluded(rel):
        return any(fnmatch.fnmatch(rel, g) for g in excl)

    if a.prepare_dir:
        rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(a.prepare_dir, "jobs.tsv")) if l.strip()]
        root = a.checkout or ""
        want = set(a.files)
        for jid, rel in rows:
            if want and rel not in want and not any(fnmatch.fnmatch(rel, w) for w in want):
                continue
            if excluded(rel):
                continue
            flags = [l for l in open(os.path.join(a.prepare_dir, "args", jid + ".args")).read().split("\n") if l]
            path = os.path.join(root, rel) if root else rel
            jobs.append((rel, os.path.abspath(path), flags))
    elif a.checkout:
        root = os.path.realpath(a.checkout)
        files = prepare.index_checkout(root)
        by_suffix = {}
        for p in files:
            by_suffix.setdefault(os.path.basename(p), []).append(p)
        pats = a.files or ["**/*.cu"]
        seen = set()
        for pat in pats:
            for p in sorted(glob.glob(os.path.join(root, pat), recursive=True)):
                p = os.path.realpath(p)
                rel = os.path.relpath(p, root)
                if p in seen or not p.endswith(".cu") or excluded(rel):
                    continue
                seen.add(p)
                jobs.append((rel, p, prepare.flags_for(root, p, by_suffix)))
    else:
        for f in a.files:
            if excluded(f):
                continue
            jobs.append((f, os.path.abspath(f), list(a.flags)))
    return [(rel, path, edit_flags(rel, flags, a)) for rel, path, flags in jobs]


def edit_flags(rel, flags, a):
    flags = list(flags)
    for glob_, flag in [("*", f) for f in a.drop_flag or []] + [tuple(x) for x in a.drop_flag_for or []]:
        if fnmatch.fnmatch(rel, glob_):
            flags = [f for f in flags if f != flag]
    for glob_, more in [("*", f) for f in a.add_flag or []] + [tuple(x) for x in a.add_flag_for or []]:
        if fnmatch.fnmatch(rel, glob_):
            flags += shlex.split(more)
    return flags


# ---------------------------------------------------------------------------------------------
# kernel names

RE_FNPTR_ARG = re.compile(r"&\(([\w:]+)\([^()]*\)\)")


def norm_name(name):
    """compare.py's normalize_kernel, and a function-pointer template argument as the analyzer
    writes it: c++filt's `k<&(f(float*, int))>` -> `k<&f>`."""
    return normalize_kernel(RE_FNPTR_ARG.sub(r"&\1", name))


# ---------------------------------------------------------------------------------------------
# relating SASS lines to analyzer accesses

def is_system(path, sysdirs):
    return any(path == d or path.startswith(d + os.sep) for d in sysdirs)


def user_chain(chain, sysdirs):
    """Drop toolkit/system frames from the inner end (keep at least the outermost frame)."""
    i = 0
    while i < len(chain) - 1 and is_system(chain[i][0], sysdirs):
        i += 1
    return tuple(chain[i:])


def relate(site, acc):
    """How one analyzer access relates to a SASS line (site = user chain, innermost first)."""
    inner, outer = site[0], set(site[1:])
    if acc["pos"] == inner:
        ch = set(acc["chain"])
        return "line" if not ch or ch <= outer else "line, other call site"
    if acc["pos"] in outer:
        return "call site"
    if inner in set(acc["chain"]):
        return "call chain"
    return None


NEAR_LINES = 25
RANK = ["line", "line, other call site", "call site", "call chain"]


def best_relation(site, accs):
    best = None
    for a in accs:
        r = relate(site, a)
        if r and (best is None or RANK.index(r) < RANK.index(best)):
            best = r
            if r == "line":
                break
    return best or "missing"


def fmt_frame(fr, root):
    p, l = fr
    if root and p.startswith(root + os.sep):
        p = os.path.relpath(p, root)
    else:
        p = os.path.basename(p)
    return "%s:%d" % (p, l)


class Sources:
    def __init__(self):
        self.cache = {}

    def line(self, path, n):
        if path not in self.cache:
            try:
                self.cache[path] = open(path, errors="replace").read().split("\n")
            except OSError:
                self.cache[path] = []
        L = self.cache[path]
        return L[n - 1].strip() if 0 < n <= len(L) else ""


def compare_file(funcs, accesses, sysdirs, src, root):
    """Per SASS function: its global / generic lines and the analyzer's accesses, related."""
    names = sorted(funcs)
    dem = demangle(names)
    # analyzer accesses, deduplicated per (kernel, position, call chain, kind)
    acc_by_kernel = defaultdict(dict)
    acc_by_function = defaultdict(dict)
    for a in accesses:
        pos = (real(a["file"]), a["line"])
        chain = tuple((real(c["file"]), c["line"]) for c in a.get("call_chain", []))
        rec = {"pos": pos, "chain": chain, "kind": a["kind"], "column": a.get("column"),
               "expression": a.get("expression", ""), "function": a.get("function", ""),
               "kernel": a.get("kernel", ""), "pattern": a.get("pattern")}
        key = (pos, chain, a["kind"], a.get("column"))
        acc_by_kernel[norm_name(a.get("kernel", ""))].setdefault(key, rec)
        acc_by_function[norm_name(a.get("function", ""))].setdefault(key, rec)
    base_index = defaultdict(set)
    for k in acc_by_kernel:
        base_index[k.split("<")[0]].add(k)
    used_kernels = set()
    kernels = []
    for mangled in names:
        f = funcs[mangled]
        sig = dem.get(mangled, mangled)
        short = short_kernel(sig) if "(" in sig else sig
        norm = norm_name(short)
        match = "name"
        if f["entry"]:
            accs = acc_by_kernel.get(norm)
            if accs is None:
                cands = base_index.get(norm.split("<")[0], set())
                if len(cands) == 1:
                    accs = acc_by_kernel[next(iter(cands))]
                    match = "base name"
                elif cands:
                    accs = {}
                    for c in cands:
                        accs.update(acc_by_kernel[c])
                    match = "base name (%d instantiations)" % len(cands)
                else:
                    accs = {}
                    match = "none"
            used_kernels.update(k for k in acc_by_kernel if acc_by_kernel[k] is accs or k == norm)
        else:
            accs = acc_by_function.get(norm, {})
            match = "function" if accs else "none"
        accs = list(accs.values())
        sites = {}
        for ins in f["instrs"]:
            if not ins["chain"]:
                site = (("?", 0),)
            else:
                site = user_chain(ins["chain"], sysdirs)
            s = sites.setdefault((ins["space"], site), {"space": ins["space"], "site": site, "instrs": []})
            s["instrs"].append(ins)
        out_sites = []
        for (space, site), s in sorted(sites.items(), key=lambda x: (x[0][0], x[0][1])):
            st = best_relation(site, accs) if site[0][0] != "?" else "no line info"
            skinds = {("load" if i["kind"] == "copy" else i["kind"]) for i in s["instrs"]}
            akinds = {a["kind"] for a in accs if relate(site, a)}
            ops = defaultdict(int)
            for ins in s["instrs"]:
                ops[ins["full"]] += 1
            out_sites.append({
                "space": space, "status": st,
                "line": fmt_frame(site[0], root), "file": site[0][0], "line_no": site[0][1],
                "inlined_at": [fmt_frame(fr, root) for fr in site[1:]],
                "kinds": sorted({i["kind"] for i in s["instrs"]}),
                # kinds of instruction on a covered line that no related access has (an atomic
                # the analyzer reports as a load, a store it does not see beside a load, ...)
                "kinds_unreported": sorted(skinds - akinds) if st not in ("missing", "no line info") else [],
                "ops": dict(sorted(ops.items())),
                "widths": sorted({i["width"] for i in s["instrs"]}),
                "instructions": len(s["instrs"]),
                "innermost": [fmt_frame(fr, root) for fr in s["instrs"][0]["chain"][:1]],
                "source": src.line(site[0][0], site[0][1]),
                "sass": [i["addr"] + " " + i["sass"] for i in s["instrs"]],
                "_site": site,
            })
        # analyzer accesses: with a (global / generic) instruction or not
        acc_out = {}
        for a in accs:
            key = (a["pos"], a["chain"])
            r = acc_out.setdefault(key, {"line": fmt_frame(a["pos"], root),
                                         # the analyzer lists call sites outermost first; here innermost
                                         # first, like the inlined-at chain of a SASS line
                                         "call_sites": [fmt_frame(c, root) for c in reversed(a["chain"])],
                                         "kinds": set(), "expressions": [], "function": a["function"],
                                         "source": src.line(*a["pos"])})
            r["kinds"].add(a["kind"])
            if a["expression"] not in r["expressions"]:
                r["expressions"].append(a["expression"])
            sa = {"pos": a["pos"], "chain": a["chain"]}
            g = [x for x in out_sites if x["space"] == "global" and relate(x["_site"], sa)]
            gen = [x for x in out_sites if x["space"] == "generic" and relate(x["_site"], sa)]
            st = "global" if g else ("generic only" if gen else "no instruction")
            if "status" not in r or ["global", "generic only", "no instruction"].index(st) < \
                    ["global", "generic only", "no instruction"].index(r["status"]):
                r["status"] = st
        acc_list = []
        for r in acc_out.values():
            r["kinds"] = sorted(r["kinds"])
            acc_list.append(r)
        acc_list.sort(key=lambda r: r["line"])
        # A hint, not a status: a missing line next to an access of the same kind that has no
        # instruction is most likely that access, attributed by nvcc to another line (a load
        # hoisted to the loop header, copies of an unrolled loop given the line of their use).
        lonely = [(k, r) for k, r in acc_out.items() if r["status"] == "no instruction"]
        for x in out_sites:
            if x["status"] != "missing":
                continue
            frames = x["_site"]
            kinds = {("load" if k == "copy" else k) for k in x["kinds"]}
            near = []
            for (pos, chain), r in lonely:
                if not kinds & set(r["kinds"]):
                    continue
                if any(p == q[0] and abs(l - q[1]) <= NEAR_LINES for p, l in (pos,) + chain for q in frames):
                    near.append(" <- ".join([r["line"]] + r["call_sites"]))
            x["nearby_access_without_instruction"] = near
        for x in out_sites:
            del x["_site"]
        kernels.append({"kernel": short, "mangled": mangled, "signature": sig, "entry": f["entry"],
                        "analyzer_match": match, "analyzer_accesses": len(accs),
                        "sass_instructions": f["n_instr"], "lines": out_sites, "analyzer": acc_list})
    unmatched = sorted(k for k in acc_by_kernel if k not in used_kernels)
    return kernels, unmatched


# ---------------------------------------------------------------------------------------------

def process(job, a, tool, nvcc, nvdisasm, sysdirs):
    label, path, flags = job
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", label)
    w = os.path.join(a.work, name)
    cubin, sass, pred = w + ".cubin", w + ".sass", w + ".json"
    res = {"file": label, "path": path, "flags": flags}
    nflags = nvcc_flags(flags) + list(a.nvcc_flag or [])
    res["nvcc_command"] = " ".join(["nvcc"] + NVCC_BASE + ["-o", os.path.basename(cubin), label] + nflags)
    if not (a.reuse and os.path.exists(cubin)):
        rc, out, err = run([nvcc] + NVCC_BASE + ["-o", cubin, path] + nflags, cwd=os.path.dirname(path),
                           timeout=a.timeout)
        open(w + ".nvcc.log", "w").write(out + err)
        if rc != 0:
            first = next((l for l in err.split("\n") if "error" in l.lower()), err.strip().split("\n")[0] if err.strip() else "")
            m = re.search(r"fatal error: ([^:]+): No such file", err) or re.search(r"cannot open source file \"([^\"]+)\"", err)
            res["status"] = ("skipped: needs %s" % m.group(1)) if m else "compile failed"
            res["error"] = first.strip()[:300]
            return res
    if not (a.reuse and os.path.exists(sass)):
        rc, out, err, res["nvdisasm_header_patched"] = disassemble(nvdisasm, cubin, a.timeout)
        if rc != 0 or not out.strip():
            res["status"] = "disassembly failed"
            res["error"] = err.strip()[:300]
            return res
        open(sass, "w").write(out)
        open(w + ".nvdisasm.meta", "w").write("patched\n" if res["nvdisasm_header_patched"] else "plain\n")
    else:
        try:
            res["nvdisasm_header_patched"] = open(w + ".nvdisasm.meta").read().strip() == "patched"
        except OSError:
            res["nvdisasm_header_patched"] = None
    funcs = parse_sass(open(sass, errors="replace").read())
    if not (a.reuse and os.path.exists(pred)):
        cwd = os.path.realpath(a.checkout) if a.checkout else os.path.dirname(path)
        rc, out, err = run([tool, "--format=json", "--show-all", "-j", "1", path, "--"] + flags, cwd=cwd,
                           timeout=a.timeout)
        open(pred, "w").write(out)
        open(w + ".analyzer.err", "w").write(err)
        open(w + ".analyzer.rc", "w").write("%d\n" % rc)
    try:
        arc = int(open(w + ".analyzer.rc").read().strip())
    except (OSError, ValueError):
        arc = None
    res["analyzer_rc"] = arc
    try:
        accesses = json.load(open(pred)).get("accesses", [])
    except (OSError, ValueError):
        accesses = []
    err = open(w + ".analyzer.err", errors="replace").read() if os.path.exists(w + ".analyzer.err") else ""
    res["analyzer_error"] = next((l for l in err.split("\n") if "error" in l), "")[:300]
    res["status"] = "ok" if arc in (0, 1) else ("analyzer rc %s" % arc)
    root = os.path.realpath(a.checkout) if a.checkout else None
    kernels, unmatched = compare_file(funcs, accesses, sysdirs, Sources(), root)
    res["kernels"] = kernels
    res["analyzer_kernels_not_in_sass"] = unmatched
    res["totals"] = totals(kernels)
    return res


def totals(kernels):
    t = defaultdict(int)
    for k in kernels:
        t["functions"] += 1
        t["kernels"] += k["entry"]
        gl = [s for s in k["lines"] if s["space"] == "global"]
        ge = [s for s in k["lines"] if s["space"] == "generic"]
        if k["entry"] and (gl or ge) and not k["analyzer_accesses"]:
            t["kernels_without_analyzer_access"] += 1
        t["global_lines"] += len(gl)
        t["global_instructions"] += sum(s["instructions"] for s in gl)
        for s in gl:
            t["global_" + s["status"].replace(", ", "_").replace(" ", "_")] += 1
            t["global_lines_with_kind_unreported"] += bool(s.get("kinds_unreported"))
            t["global_missing_near_unmatched_access"] += bool(s.get("nearby_access_without_instruction"))
        t["generic_lines"] += len(ge)
        t["generic_instructions"] += sum(s["instructions"] for s in ge)
        t["generic_missing"] += sum(s["status"] == "missing" for s in ge)
        t["analyzer_lines"] += len(k["analyzer"])
        for r in k["analyzer"]:
            t["analyzer_" + r["status"].replace(" ", "_")] += 1
    return dict(sorted(t.items()))


def tool_label(tool):
    d = os.path.dirname(os.path.realpath(tool))
    rc, out, _ = run(["git", "-C", d, "log", "-1", "--format=%h"], timeout=30)
    return out.strip() if rc == 0 and out.strip() else tool


def version_line(cmd):
    rc, out, err = run(cmd, timeout=60)
    m = re.search(r"release [^\n]*", out + err)
    return m.group(0) if m else (out + err).strip().split("\n")[-1]


def none_row(o, header_at):
    """Closes a table that got no row with a '(none)' row."""
    if len(o) == header_at:
        o.append("| (none) |")


def markdown(data):
    h = data["header"]
    o = ["# SASS coverage: global-memory instructions the analyzer does not see", "",
         "- date: %s" % h["date"],
         "- nvcc: %s (`%s`)" % (h["nvcc_version"], " ".join(["nvcc"] + NVCC_BASE + ["..."])),
         "- nvdisasm: %s%s" % (h["nvdisasm_version"], "; cubin header rewritten to the pre-12.8 form for it "
                               "(see sass-coverage.py)" if h.get("header_patched_files") else ""),
         "- analyzer: %s (`--format=json --show-all`)" % h["tool_label"], "",
         "Source line = innermost frame outside toolkit headers, with its inlined-at call sites; "
         "\"missing\": no analyzer access at the line, at one of its call sites, or with the line in its "
         "call_chain (same kernel). \"no instr.\": analyzer accesses (distinct positions) related to no "
         "global or generic instruction.", "",
         "| file | status | kernels | kernels w/o access | global lines | missing | covered | kind unreported | "
         "generic lines | generic missing | analyzer lines | no instr. | generic only |",
         "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    T = defaultdict(int)
    for f in data["files"]:
        t = f.get("totals", {})
        for k, v in t.items():
            T[k] += v
        gl, miss = t.get("global_lines", 0), t.get("global_missing", 0)
        cov = "%.1f%%" % (100.0 * (gl - miss) / gl) if gl else "-"
        st = f["status"] + (" (%s)" % f.get("error", "")[:80] if f["status"] != "ok" and f.get("error") else "")
        o.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            f["file"], st.replace("|", "\\|"), t.get("kernels", "-"), t.get("kernels_without_analyzer_access", "-"),
            gl if t else "-", miss if t else "-", cov, t.get("global_lines_with_kind_unreported", "-"),
            t.get("generic_lines", "-"), t.get("generic_missing", "-"),
            t.get("analyzer_lines", "-"), t.get("analyzer_no_instruction", "-"), t.get("analyzer_generic_only", "-")))
    gl, miss = T.get("global_lines", 0), T.get("global_missing", 0)
    o.append("| **all** | %d ok of %d | %d | %d | %d | %d | %s | %d | %d | %d | %d | %d | %d |" % (
        sum(f["status"] == "ok" for f in data["files"]), len(data["files"]), T["kernels"],
        T["kernels_without_analyzer_access"], gl, miss, "%.1f%%" % (100.0 * (gl - miss) / gl) if gl else "-",
        T["global_lines_with_kind_unreported"], T["generic_lines"], T["generic_missing"], T["analyzer_lines"], T["analyzer_no_instruction"],
        T["analyzer_generic_only"]))
    rel = ["line", "line_other_call_site", "call_site", "call_chain", "missing", "no_line_info"]
    o += ["", "Global lines by relation: " + ", ".join(
        "%s %d" % (k.replace("_", " "), T["global_" + k]) for k in rel if T.get("global_" + k)) +
        "; missing lines next to an access of the same kind that has no instruction: %d; covered lines "
        "with an instruction kind no related access has (\"kind unreported\"): %d." % (
            T["global_missing_near_unmatched_access"], T["global_lines_with_kind_unreported"]), ""]
    o += ["## Missing global-memory lines", "",
          "\"nearby\": analyzer accesses of the same kind within %d lines that have no instruction of their "
          "own (likely the same access, which nvcc attributed to this line)." % NEAR_LINES, "",
          "| file | kernel | line | inlined at | SASS | source | nearby |", "|---|---|---|---|---|---|---|"]
    at = len(o)
    for f in data["files"]:
        for k in f.get("kernels", []):
            for s in k["lines"]:
                if s["space"] == "global" and s["status"] == "missing":
                    ops = ", ".join("%s%s" % (op, " x%d" % n if n > 1 else "") for op, n in s["ops"].items())
                    o.append("| %s | %s | %s | %s | %s | `%s` | %s |" % (
                        f["file"], k["kernel"], s["line"], " <- ".join(s["inlined_at"]) or "-", ops,
                        s["source"][:90].replace("|", "\\|").replace("`", "'"),
                        "; ".join(s.get("nearby_access_without_instruction", [])) or "-"))
    none_row(o, at)
    o += ["", "## Covered lines with an instruction kind no related access has", "",
          "| file | kernel | line | SASS | kinds unreported | source |", "|---|---|---|---|---|---|"]
    at = len(o)
    for f in data["files"]:
        for k in f.get("kernels", []):
            for s in k["lines"]:
                if s["space"] == "global" and s.get("kinds_unreported"):
                    ops = ", ".join("%s%s" % (op, " x%d" % n if n > 1 else "") for op, n in s["ops"].items())
                    o.append("| %s | %s | %s | %s | %s | `%s` |" % (
                        f["file"], k["kernel"], s["line"], ops, "/".join(s["kinds_unreported"]),
                        s["source"][:90].replace("|", "\\|").replace("`", "'")))
    none_row(o, at)
    o += ["", "## Analyzer accesses with no memory instruction", "",
          "| file | kernel | line | call sites | kinds | expression(s) |", "|---|---|---|---|---|---|"]
    at = len(o)
    for f in data["files"]:
        for k in f.get("kernels", []):
            for r in k["analyzer"]:
                if r["status"] == "no instruction":
                    o.append("| %s | %s | %s | %s | %s | %s |" % (
                        f["file"], k["kernel"], r["line"], " <- ".join(r["call_sites"]) or "-",
                        "/".join(r["kinds"]), "; ".join("`%s`" % e.replace("|", "\\|").replace("`", "'")
                                                        for e in r["expressions"][:3])))
    none_row(o, at)
    o += ["", "## Per kernel", "",
          "| file | kernel | SASS instr. | global lines | missing | generic lines | analyzer lines | no instr. | "
          "analyzer match |", "|---|---|---|---|---|---|---|---|---|"]
    for f in data["files"]:
        for k in f.get("kernels", []):
            t = totals([k])
            o.append("| %s | %s%s | %d | %d | %d | %d | %d | %d | %s |" % (
                f["file"], k["kernel"].replace("|", "\\|"), "" if k["entry"] else " (device function)",
                k["sass_instructions"], t.get("global_lines", 0), t.get("global_missing", 0),
                t.get("generic_lines", 0), t.get("analyzer_lines", 0), t.get("analyzer_no_instruction", 0),
                k["analyzer_match"]))
    nk = [(f["file"], k) for f in data["files"] for k in f.get("analyzer_kernels_not_in_sass", [])]
    if nk:
        o += ["", "Analyzer kernels with no SASS function of that name (not instantiated, or named "
              "differently): " + ", ".join("%s `%s`" % x for x in nk)]
    return "\n".join(o) + "\n"


def validate(meas_path, nvcc, nvdisasm, work, sysdirs):
    """See --validate-against."""
    meas = json.load(open(meas_path))
    kdir = os.path.join(ROOT, "runtime-bench", "kernels")
    ncu_k = defaultdict(lambda: defaultdict(int))
    ncu_l = defaultdict(lambda: defaultdict(int))
    for r in meas["records"]:
        name = os.path.basename(r["file"])[:-3]
        for x in r["per_instruction"]:
            toks = RE_PRED.sub("", x["sass"]).split()
            if not toks or toks[0].split(".")[0] not in GLOBAL_OPS:
                continue
            ncu_k[(name, norm_name(r["kernel"]))][toks[0]] += 1
            if r.get("attribution") == "ncu":
                ncu_l[(name, norm_name(r["kernel"]), r["line"])][toks[0]] += 1
    bad = 0
    same_k = same_l = 0
    for name in sorted({k[0] for k in ncu_k}):
        src = os.path.join(kdir, name + ".cu")
        cubin = os.path.join(work, "validate-" + name + ".cubin")
        rc, _, err = run([nvcc] + NVCC_BASE + ["-o", cubin, src], cwd=kdir)
        out = ""
        if rc == 0:
            rc, out, err, _ = disassemble(nvdisasm, cubin)
        funcs = parse_sass(out) if rc == 0 else {}
        dem = demangle(sorted(funcs))
        mine_k = defaultdict(lambda: defaultdict(int))
        mine_l = defaultdict(lambda: defaultdict(int))
        for m, f in funcs.items():
            k = norm_name(short_kernel(dem[m]))
            for i in f["instrs"]:
                if i["space"] != "global":
                    continue
                mine_k[k][i["full"]] += 1
                uc = user_chain(i["chain"], sysdirs)
                ln = next((l for p, l in uc if os.path.basename(p) == name + ".cu"), None)
                mine_l[(k, ln)][i["full"]] += 1
        for (n, k), c in ncu_k.items():
            if n != name:
                continue
            if dict(mine_k.get(k, {})) == dict(c):
                same_k += 1
            else:
                bad += 1
                print("DIFF %s %s: ncu %s, nvdisasm %s" % (n, k, dict(c), dict(mine_k.get(k, {}))))
        for (n, k, l), c in ncu_l.items():
            if n != name:
                continue
            got = mine_l.get((k, l), {})
            if all(got.get(o, 0) >= v for o, v in c.items()):
                same_l += 1
            else:
                bad += 1
                print("DIFF %s %s line %d: ncu %s, nvdisasm %s" % (n, k, l, dict(c), dict(got)))
    print("kernels with the same global-memory opcodes (multiset): %d of %d" % (same_k, len(ncu_k)))
    print("lines where ncu's opcodes are also at that line in nvdisasm's output: %d of %d" % (same_l, len(ncu_l)))
    print("nvcc: %s; nvdisasm: %s" % (version_line([nvcc, "--version"]), version_line([nvdisasm, "--version"])))
    return 1 if bad else 0


def main():
    argv = sys.argv[1:]
    flags = []
    if "--" in argv:
        i = argv.index("--")
        argv, flags = argv[:i], argv[i + 1:]
    # options whose values start with '-' (flags): taken out before argparse sees them
    taken = {"--add-flag": [], "--add-flag-for": [], "--drop-flag": [], "--drop-flag-for": [], "--nvcc-flag": []}
    rest = []
    i = 0
    while i < len(argv):
        o = argv[i]
        name, eq, val = o.partition("=")
        if name in taken and (eq or i + 1 < len(argv)):
            n = 2 if name.endswith("-for") else 1
            if eq:
                vals = [val] + argv[i + 1:i + n]
                i += n
            else:
                vals = argv[i + 1:i + 1 + n]
                i += 1 + n
            if len(vals) < n:
                sys.exit("sass-coverage.py: %s needs %d value(s)" % (name, n))
            taken[name].append(vals if n == 2 else vals[0])
            continue
        rest.append(o)
        i += 1
    argv = rest
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*")
    ap.add_argument("--checkout")
    ap.add_argument("--prepare-dir")
    ap.add_argument("--tool")
    ap.add_argument("--tool-label")
    ap.add_argument("--nvcc")
    ap.add_argument("--nvdisasm")
    ap.add_argument("--exclude", action="append")
    ap.add_argument("--work", default="build-sass")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--reuse", action="store_true")
    ap.add_argument("--json")
    ap.add_argument("--markdown", default="-")
    ap.add_argument("--validate-against")
    a = ap.parse_args(argv)
    a.flags = flags
    a.add_flag, a.add_flag_for = taken["--add-flag"], taken["--add-flag-for"]
    a.drop_flag, a.drop_flag_for = taken["--drop-flag"], taken["--drop-flag-for"]
    a.nvcc_flag = taken["--nvcc-flag"]
    tool = a.tool or os.environ.get("CUDA_COALESCE") or os.path.join(ROOT, "build", "tool", "cuda-coalesce")
    nvcc = a.nvcc or which("NVCC", "nvcc", os.path.join(CUDA, "bin", "nvcc"))
    nvdisasm = a.nvdisasm or which("NVDISASM", "nvdisasm", os.path.join(CUDA, "bin", "nvdisasm"))
    for what, p in (("analyzer", tool), ("nvcc", nvcc), ("nvdisasm", nvdisasm)):
        if not (os.path.isfile(p) and os.access(p, os.X_OK)):
            sys.exit("sass-coverage.py: no %s at %s" % (what, p))
    try:
        os.nice(int(os.environ.get("NICE", "10")))
    except OSError:
        pass
    os.makedirs(a.work, exist_ok=True)
    a.work = os.path.abspath(a.work)
    sysdirs = sorted({os.path.realpath(d) for d in (os.path.join(CUDA, "include"),
                                                    os.path.join(CUDA, "targets"),
                                                    os.path.dirname(os.path.realpath(nvcc)) + "/../targets",
                                                    "/usr/include", "/usr/lib", "/usr/local/include")})
    if a.validate_against:
        sys.exit(validate(a.validate_against, nvcc, nvdisasm, a.work, sysdirs))
    jobs = jobs_from_args(a)
    if not jobs:
        sys.exit("sass-coverage.py: no .cu file given")
    results = [None] * len(jobs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
        futs = {ex.submit(process, j, a, tool, nvcc, nvdisasm, sysdirs): i for i, j in enumerate(jobs)}
        for fu in concurrent.futures.as_completed(futs):
            i = futs[fu]
            try:
                results[i] = fu.result()
            except Exception as e:  # one file's failure must not lose the others
                results[i] = {"file": jobs[i][0], "path": jobs[i][1], "status": "script error: %r" % e}
            r = results[i]
            t = r.get("totals", {})
            print("%-45s %-22s global lines %4s missing %4s" % (r["file"], r["status"][:22], t.get("global_lines", "-"),
                                                                t.get("global_missing", "-")), file=sys.stderr)
    header = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
              "nvcc": nvcc, "nvcc_version": version_line([nvcc, "--version"]),
              "nvdisasm": nvdisasm, "nvdisasm_version": version_line([nvdisasm, "--version"]),
              "tool": tool, "tool_label": a.tool_label or tool_label(tool),
              "checkout": os.path.realpath(a.checkout) if a.checkout else None,
              "nvcc_base": NVCC_BASE, "nvcc_extra": a.nvcc_flag or [],
              "header_patched_files": sum(bool(r.get("nvdisasm_header_patched")) for r in results)}
    if a.checkout:
        rc, out, _ = run(["git", "-C", a.checkout, "log", "-1", "--format=%h %cs"], timeout=30)
        header["checkout_commit"] = out.strip() if rc == 0 else None
    data = {"header": header, "files": results}
    tot = defaultdict(int)
    for r in results:
        for k, v in r.get("totals", {}).items():
            tot[k] += v
    data["totals"] = dict(sorted(tot.items()))
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(data, fh, indent=1, default=list)
    text = markdown(data)
    if a.markdown == "-":
        sys.stdout.write(text)
    else:
        with open(a.markdown, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
