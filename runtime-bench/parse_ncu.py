#!/usr/bin/env python3
"""Parse Nsight Compute source-page CSV exports into per-line global- and shared-memory measurements.

Input (written by measure.sh into --build, default runtime-bench/build):
  NAME.csv      `ncu -i NAME.ncu-rep --page source --csv --print-source cuda,sass`
  NAME.raw.csv  `ncu -i NAME.ncu-rep --page raw --csv --metrics ...` (kernel list, cross-check)
  versions.txt  nvidia-smi / nvcc / ncu version dump
Output: one JSON object {"header": {...}, "kernels": [...], "records": [...]}.

Layout of NAME.csv (Nsight Compute 2025.3.1; see README.md):
  "File Path","<source file>"
  "Function Name","<demangled kernel signature>"
  "Line No","Source","Address","Source",<metric columns...>     <- header, per block
  "<line>","<cuda text>","-","-",<line totals>                   <- a CUDA source line
  "","","0x...","<sass text>",<metrics>                          <- its SASS instructions
  ... one block per (profiled kernel, source file that has SASS of that kernel) ...
Under each CUDA line the SASS rows are listed twice (first pass with "..." gap rows between
non-contiguous address runs, then again); the CUDA line row equals the sum over the distinct
addresses. So: de-duplicate SASS rows by (kernel result, file, line, address).
Metric columns differ between blocks (e.g. "Divergent Branches", "L1 Wavefronts Shared" appear
only for some kernels), so every block is read through its own header.

Records: one per (kernel, file, line, kind, space). space "global": LDG/STG/ATOMG/REDG (and generic
LD/ST/ATOM/RED), L2 theoretical sectors per request. space "shared": LDS*/LDSM (load), STS*/STSM
(store), ATOMS* (atomic), "L1 Wavefronts Shared" per request (see the header's
"wavefronts_per_request").

Each memory instruction is filed under a line of the program's own files, whichever file that is
(NAME.cu, main.cu, kernels.h; every file but a library's header: the CUDA toolkit's, CUB's,
thrust's, the system's), as `cuda-coalesce verify` files it (docs/verify.md, pitfall 7): where ncu
lists it there, else nvcc's line table, the PTX's inlined_at, the nearest instruction (the
header's "attribution"). A kernel's file is the one its first instruction is listed under.

Several runs: --build DIR may be given more than once (a name found in several folders is taken
from the last); --merge OLD.json keeps OLD's kernels and records except those of the files parsed
now, which replace them, and adds this run to OLD's header "added_runs".

Python 3 standard library only.
"""
import argparse
import csv
import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sass_lines  # noqa: E402

SECT = "L2 Theoretical Sectors Global"
IDEAL = "L2 Theoretical Sectors Global Ideal"
EXEC = "Instructions Executed"
TAGREQ = "L1 Tag Requests Global"
THREXEC = "Thread Instructions Executed"
PREDON = "Predicated-On Thread Instructions Executed"
WAVES = "L1 Wavefronts Shared"
WAVES_IDEAL = "L1 Wavefronts Shared Ideal"
WAVES_EXCESS = "L1 Wavefronts Shared Excessive"
NWAY = "L1 Conflicts Shared N-Way"

LOAD_OPS = {"LDG", "LD"}
STORE_OPS = {"STG", "ST"}
ATOMIC_OPS = {"ATOMG", "ATOM", "RED", "REDG"}
# Shared memory (sm_90 SASS): LDS, LDS.U8/.S8/.U16/.S16/.64/.128, LDSM (ldmatrix); STS*, STSM
# (stmatrix); ATOMS.* (shared atomics, also without a return value). Seen in the stored runs: LDS,
# LDS.128, STS, STS.128, ATOMS.POPC.INC.32.
SHARED_LOAD_OPS = {"LDS", "LDSM"}
SHARED_STORE_OPS = {"STS", "STSM"}
SHARED_ATOMIC_OPS = {"ATOMS", "REDS"}


def num(s):
    if s is None:
        return 0
    s = s.strip().replace(",", "")
    if s in ("", "-", "n/a"):
        return 0
    # "32(2)" style: value with a count of distinct values in parentheses
    m = re.match(r"^(-?[0-9.]+(?:e[-+]?\d+)?)", s)
    if not m:
        return 0
    v = float(m.group(1))
    return int(v) if v.is_integer() else v


def opcode_of(sass):
    """'@!P0 LDG.E.128 R4, desc[...]' -> ('LDG', 'LDG.E.128')."""
    toks = sass.split()
    if toks and toks[0].startswith("@"):
        toks = toks[1:]
    if not toks:
        return "", ""
    full = toks[0]
    return full.split(".")[0], full


def kind_of(base):
    if base in LOAD_OPS:
        return "load"
    if base in STORE_OPS:
        return "store"
    if base in ATOMIC_OPS:
        return "atomic"
    return None


def shared_kind_of(base):
    if base in SHARED_LOAD_OPS:
        return "load"
    if base in SHARED_STORE_OPS:
        return "store"
    if base in SHARED_ATOMIC_OPS:
        return "atomic"
    return None


def short_kernel(sig):
    """'void tscale<float>(T1 *, const T1 *, T1)' -> 'tscale<float>'."""
    s = sig.strip()
    # cut the parameter list: the last top-level '(...)'
    depth = 0
    cut = len(s)
    for i in range(len(s) - 1, -1, -1):
        c = s[i]
        if c == ")":
            depth += 1
        elif c == "(":
            depth -= 1
            if depth == 0:
                cut = i
                break
    s = s[:cut]
    if s.startswith("void "):
        s = s[5:]
    return s.strip()


def rel_path(p):
    i = p.find("runtime-bench/")
    return p[i:] if i >= 0 else p


def read_versions(path):
    h = {}
    if not path or not os.path.exists(path):
        return h
    txt = open(path, errors="replace").read()
    m = re.search(r"^date: (\S+)", txt, re.M)
    if m:
        h["date"] = m.group(1)
    m = re.search(r"Driver Version: (\S+)\s+CUDA Version: (\S+)", txt)
    if m:
        h["driver"] = m.group(1)
        h["cuda_driver_api_version"] = m.group(2)
    m = re.search(r"^name, driver_version.*\n(.+)$", txt, re.M)
    if m:
        parts = [x.strip() for x in m.group(1).split(",")]
        h["gpu"] = parts[0]
        if len(parts) > 2:
            h["compute_capability"] = parts[2]
        if len(parts) > 3:
            h["gpu_memory"] = parts[3]
    m = re.search(r"release (\S+), (V\S+)", txt)
    if m:
        h["cuda_version"] = m.group(1).rstrip(",")
        h["nvcc_version"] = m.group(2)
    m = re.search(r"Nsight Compute.*\n.*\nVersion (.+)", txt)
    if m:
        h["ncu_version"] = m.group(1).strip()
    return h


PTX_MEM = re.compile(r"^\s*(?:@!?%\w+\s+)?(ld|st|atom|red)\.(?:[\w]+\.)*?global\b")
PTX_MEM_SHARED = re.compile(r"^\s*(?:@!?%\w+\s+)?(ld|st|atom|red|ldmatrix|stmatrix)\.(?:[\w]+\.)*?shared(?:::cta)?\b")
PTX_LOC = re.compile(r"^\s*\.loc\s+(\d+)\s+(\d+)\s+\d+(?:,\s*function_name\s+\S+,\s*inlined_at\s+(\d+)\s+(\d+)\s+\d+)?")
PTX_FILE = re.compile(r'^\s*\.file\s+(\d+)\s+"([^"]+)"')


PTX_FUNC = re.compile(r"^\s*(?:\.visible\s+|\.weak\s+)?\.(?:entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+)")


def read_ptx_inlined(path, space="global"):
    """PTX function (mangled) -> {(file basename, line, kind): {(caller basename, caller line)}}
    from the .loc 'inlined_at' annotations of global (space "global") or shared ("shared") memory
    instructions (nvcc -lineinfo -ptx)."""
    pat = PTX_MEM if space == "global" else PTX_MEM_SHARED
    out = {}
    if not os.path.exists(path):
        return out
    lines = open(path, errors="replace").read().split("\n")
    files = {}            # the .file table comes at the end of the PTX
    for ln in lines:
        m = PTX_FILE.match(ln)
        if m:
            files[m.group(1)] = os.path.basename(m.group(2))
    loc = None
    func = "?"
    for ln in lines:
        m = PTX_FUNC.match(ln)
        if m:
            func = m.group(1)
            loc = None
            continue
        m = PTX_LOC.match(ln)
        if m:
            loc = m.groups()
            continue
        m = pat.match(ln)
        if m and loc and loc[2]:
            kind = {"ld": "load", "st": "store", "ldmatrix": "load",
                    "stmatrix": "store"}.get(m.group(1), "atomic")
            key = (files.get(loc[0], "?"), int(loc[1]), kind)
            out.setdefault(func, {}).setdefault(key, set()).add(
                (files.get(loc[2], "?"), int(loc[3])))
    return out


def read_line_table(path):
    """NAME.sass (`nvdisasm -gi -c` of the program's cubin) -> (functions, demangled names), or
    None when the file is missing (older runs: attribution falls back to ncu's listing)."""
    if not os.path.exists(path):
        return None
    funcs, _ = sass_lines.walk(open(path, errors="replace").read())
    return funcs, sass_lines.demangle(sorted(funcs))


# Library files, as `cuda-coalesce verify` tells them (lib/Verify/Names.cpp, isLibraryFile): the
# CUDA toolkit's headers, CUB, thrust, libcu++, the system's. Every other file the page lists is
# the program's own (NAME.cu, main.cu, kernels.h, a header of the program...).
LIBRARY_FOLDERS = ("/include/cub/", "/include/thrust/", "/include/cuda/", "/include/nv/",
                   "/include/cccl/", "/libcudacxx/", "/cub/cub/", "/thrust/thrust/",
                   "/include/crt/")


def is_library_file(path):
    """Whether PATH is a library's header (the toolkit's, CUB, thrust, libcu++, the system's)."""
    if path.startswith(("/usr/include/", "/usr/lib/", "/opt/nvidia/")):
        return True
    if any(f in path for f in LIBRARY_FOLDERS):
        return True
    parts = [x for x in path.split("/") if x]
    for i in range(len(parts) - 1):
        p = parts[i]
        if (p == "cuda" or re.match(r"^cuda-\d", p)) and parts[i + 1] == "include":
            return True      # .../cuda[-X.Y]/include/...
        if p == "targets" and i + 2 < len(parts) and parts[i + 2] == "include":
            return True      # .../targets/<arch>/include/...
    return False


INTEGER_CASTS = ("int", "unsignedint", "long", "unsignedlong", "longlong", "unsignedlonglong",
                 "short", "unsignedshort", "char", "signedchar", "unsignedchar", "unsigned",
                 "signed", "longint", "unsignedlongint", "shortint", "unsignedshortint")
RE_CHAR = re.compile(r"(?<=[<,)])'(\\x[0-9a-fA-F]+|\\[0-7]{1,3}|\\.|[^'\\])'")
RE_NEGATIVE_CHAR = re.compile(r"\((?:char|signedchar)\)-([0-9]+)")
RE_CAST = re.compile(r"\((?:%s)\)(?=-?[0-9])" % "|".join(INTEGER_CASTS))
RE_SUFFIX = re.compile(r"(?<=[<,])(-?[0-9]+)[uUlL]+(?=[,>])")
ESCAPES = {"n": 10, "t": 9, "r": 13, "a": 7, "b": 8, "f": 12, "v": 11, "e": 27}


def _char_value(lit):
    """'A', '\\n', '\\x41', '\\101' (a character literal's body) -> its byte."""
    if not lit.startswith("\\"):
        return ord(lit) & 0xFF
    if lit[1] == "x":
        return int(lit[2:], 16) & 0xFF
    if lit[1] in "01234567":
        return int(lit[1:], 8) & 0xFF
    return ESCAPES.get(lit[1], ord(lit[1]))


def normalize_kernel(name):
    """The name kernels are joined on, as `cuda-coalesce verify` makes it (normalizeKernel,
    lib/Verify/Names.cpp): no spaces; no casts or suffixes on integer template arguments
    ((int)4, 4U); (bool)1 as true; a character argument as its byte ('A', (char)65 and
    (unsigned char)65 as 65, (char)-56 and '\\xc8' as 200). Enum casts stay."""
    s = "".join(name.split())
    s = s.replace("(bool)1", "true").replace("(bool)0", "false")
    s = RE_CHAR.sub(lambda m: str(_char_value(m.group(1))), s)
    s = RE_NEGATIVE_CHAR.sub(lambda m: str(-int(m.group(1)) & 0xFF), s)
    s = RE_CAST.sub("", s)
    return RE_SUFFIX.sub(lambda m: m.group(1), s)


def table_frames(table, sig, measured):
    """{ncu address: (file, line)}: the innermost frame in the program's own code (not a library
    header) that nvcc's line table gives each measured memory instruction ({address: SASS text})
    of the kernel with signature SIG; None when the table holds no function with these
    instructions at these addresses (another compilation)."""
    if not table or not measured:
        return None
    funcs, demangled = table
    want = normalize_kernel(short_kernel(sig))
    prefer = [m for m, d in demangled.items() if normalize_kernel(short_kernel(d)) == want]
    fit = sass_lines.match_function(funcs, {int(a, 16): t for a, t in measured.items()}, prefer)
    if fit is None:
        return None
    mangled, load = fit
    chains = {off: chain for off, _, chain in funcs[mangled]}
    out = {}
    for a in measured:
        fr = next((f for f in chains.get(int(a, 16) - load, ()) if not is_library_file(f[0])),
                  None)
        if fr is not None:
            out[a] = fr
    return out


def inlined_for_kernel(inl, kname):
    """Merge the PTX maps of the functions whose mangled name carries this kernel's name
    (Itanium mangling: <length><name>); all functions if none matches."""
    base = kname.split("<")[0].split("::")[-1]
    tag = "%d%s" % (len(base), base)
    picked = [m for f, m in inl.items() if tag in f]
    if not picked:
        picked = list(inl.values())
    merged = {}
    for m in picked:
        for k, v in m.items():
            merged.setdefault(k, set()).update(v)
    return merged


# raw-page column -> key in the kernel entry (only when the run collected it).
SHARED_RAW_METRICS = [
    ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "shared_ld_wavefronts"),
    ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", "shared_st_wavefronts"),
    ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum", "shared_atom_wavefronts"),
    ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "shared_ld_bank_conflicts"),
    ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", "shared_st_bank_conflicts"),
    ("smsp__inst_executed_op_shared_ld.sum", "shared_ld_instructions"),
    ("smsp__inst_executed_op_shared_st.sum", "shared_st_instructions"),
    ("smsp__sass_inst_executed_op_shared_ld.sum", "shared_ld_sass_instructions"),
    ("smsp__sass_inst_executed_op_shared_st.sum", "shared_st_sass_instructions"),
]


def read_raw(path):
    """Kernel list (in profiling order) with the kernel-level cross-check metrics."""
    out = []
    if not os.path.exists(path):
        return out
    rows = list(csv.reader(open(path, newline="", errors="replace")))
    if not rows:
        return out
    hdr = rows[0]
    for r in rows[1:]:
        if not r or not r[0].strip().isdigit():
            continue
        d = dict(zip(hdr, r))
        k = {"id": int(d["ID"]), "signature": d.get("Kernel Name", ""),
             "grid": d.get("Grid Size", ""), "block": d.get("Block Size", "")}
        for op in ("ld", "st"):
            s = d.get("l1tex__t_sectors_pipe_lsu_mem_global_op_%s.sum" % op)
            q = d.get("l1tex__t_requests_pipe_lsu_mem_global_op_%s.sum" % op)
            if s is not None and q is not None:
                s, q = num(s), num(q)
                k["l1tex_%s_sectors" % op] = s
                k["l1tex_%s_requests" % op] = q
                k["l1tex_%s_sectors_per_request" % op] = round(s / q, 4) if q else None
        # Kernel-level shared-memory counters, where measure.sh collected them (SHARED_XMETRICS).
        for col, key in SHARED_RAW_METRICS:
            if d.get(col) not in (None, ""):
                k[key] = num(d[col])
        out.append(k)
    return out


def parse_source_csv(path):
    """Returns a list of results; each: {signature, blocks: [{file, lines: {line: {...}}}]}."""
    rows = list(csv.reader(open(path, newline="", errors="replace")))
    results = []
    cur = None            # current result
    file_path = None
    func = None
    hdr = None
    idx = {}
    blk = None
    line = None
    dups = {"pairs": 0, "mismatch": 0}
    pending_file = None
    for r in rows:
        if not r or r[0].startswith("=="):
            # ncu's own messages (==WARNING== No lineinfo available ... for a library's kernel)
            # land in the exported page between the blocks.
            continue
        if len(r) == 2 and r[0] == "File Path":
            pending_file = r[1]
            continue
        if len(r) == 2 and r[0] == "Function Name":
            func = r[1]
            file_path = pending_file
            # a new profiled kernel starts when the function changes, or when a
            # (function, file) block repeats (same kernel launched again)
            if (cur is None or cur["signature"] != func
                    or any(b["file"] == file_path for b in cur["blocks"])):
                cur = {"signature": func, "blocks": []}
                results.append(cur)
            blk = {"file": file_path, "lines": {}}
            cur["blocks"].append(blk)
            hdr = None
            continue
        if r[0] == "Line No":
            hdr = r
            # two columns are called "Source": the first is CUDA text, the second SASS text
            idx = {}
            for i, name in enumerate(r):
                if name == "Source":
                    idx.setdefault("cuda_src", i)
                    if i != idx["cuda_src"]:
                        idx["sass_src"] = i
                else:
                    idx.setdefault(name, i)
            continue
        if hdr is None or blk is None:
            continue

        def col(name, row=r):
            i = idx.get(name)
            return row[i] if i is not None and i < len(row) else None

        if r[0].strip():
            line = int(r[0])
            blk["lines"][line] = {"text": col("cuda_src") or "", "sass": {},
                                  "line_exec": num(col(EXEC)), "line_sectors": num(col(SECT)),
                                  "line_ideal": num(col(IDEAL))}
            continue
        addr = col("Address") or ""
        if not addr.startswith("0x") or line is None:
            continue      # "..." gap rows
        ent = blk["lines"][line]["sass"]
        rec = {
            "address": addr,
            "sass": (col("sass_src") or "").strip(),
            "exec": num(col(EXEC)),
            "thread_exec": num(col(THREXEC)),
            "pred_on_thread_exec": num(col(PREDON)),
            "sectors": num(col(SECT)),
            "ideal": num(col(IDEAL)),
            "tag_requests": num(col(TAGREQ)),
            "wavefronts": num(col(WAVES)),
            "ideal_wavefronts": num(col(WAVES_IDEAL)),
            "excessive_wavefronts": num(col(WAVES_EXCESS)),
            "n_way": num(col(NWAY)),
            "space": col("Address Space") or "-",
            "op": col("Access Operation") or "-",
            "size": col("Access Size") or "-",
        }
        if addr in ent:
            dups["pairs"] += 1
            if ent[addr] != rec:
                dups["mismatch"] += 1
        else:
            ent[addr] = rec
    return results, dups


def build(build_dir, versions, only=None, shared=False):
    """Kernels and records of the NAME.csv files in BUILD_DIR. Global records always; shared-memory
    records too with shared=True (parse_ncu.py's own output; tools/real-code imports build() and
    reads global records only, so the default stays global-only)."""
    header = read_versions(versions)
    header.update({
        "compile": "nvcc -O3 -lineinfo -arch=sm_90",
        "profile": "ncu --section SourceCounters --metrics <l1tex cross-check> --import-source yes "
                   "--clock-control none --kernel-name regex:'^(?!init_)'",
        "export": "ncu -i NAME.ncu-rep --page source --csv --print-source cuda,sass",
        "sectors_per_request": "sum(L2 Theoretical Sectors Global) / sum(Instructions Executed) "
                               "over the line's SASS instructions of that kind (warp-level requests)",
        "dedup_rule": "each SASS row is listed twice under its CUDA line; keep one per "
                      "(kernel, file, line, address)",
        "attribution": "ncu: listed by ncu under that line of the program's own files (any file "
                       "but a library's: the CUDA toolkit's, CUB's, thrust's, the system's headers; "
                       "the kernel's file first, the last listed); line-table: ncu lists it only "
                       "under a library header line, filed at the innermost frame in the program's "
                       "files that nvcc's line table gives it (NAME.sass, `nvdisasm -gi -c` of the "
                       "program's cubin, matched to ncu's SASS by opcode at every address); "
                       "ptx-inlined-at (no NAME.sass): ncu lists it only under a library header "
                       "line, mapped to the call site by the PTX .loc inlined_at of that header "
                       "line, among the program's lines this launch lists; nearest-sass: fallback, "
                       "the program's line of the nearest preceding SASS instruction",
    })
    if shared:
        header.update({
            "space": "global: LDG/STG/ATOMG/REDG (and generic LD/ST/ATOM/RED) instructions, sectors; "
                     "shared: LDS*/LDSM (load), STS*/STSM (store), ATOMS* (atomic), wavefronts",
            "wavefronts_per_request": "shared records: sum(L1 Wavefronts Shared) / sum(Instructions "
                                      "Executed) over the line's shared-memory SASS instructions of "
                                      "that kind; ideal_wavefronts_per_request likewise with L1 "
                                      "Wavefronts Shared Ideal. Instructions Executed counts a warp "
                                      "even when all its lanes are predicated off (0 wavefronts)",
        })
    kernels_out = []
    records = []
    problems = []
    names = sorted(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(build_dir, "*.csv"))
                   if re.match(r"^[^.]+\.csv$", os.path.basename(p)))
    if only:
        names = [n for n in names if n in only]
    for name in names:
        results, dups = parse_source_csv(os.path.join(build_dir, name + ".csv"))
        raw = read_raw(os.path.join(build_dir, name + ".raw.csv"))
        inl = read_ptx_inlined(os.path.join(build_dir, name + ".ptx"))
        inl_shared = read_ptx_inlined(os.path.join(build_dir, name + ".ptx"), "shared")
        table = read_line_table(os.path.join(build_dir, name + ".sass"))
        results = [r for r in results if not short_kernel(r["signature"]).startswith("init_")]
        raw = [k for k in raw if not short_kernel(k["signature"]).startswith("init_")]
        if raw and len(raw) != len(results):
            problems.append("%s: %d results in source page, %d in raw page" % (name, len(results), len(raw)))
        if dups["mismatch"]:
            problems.append("%s: %d duplicated SASS rows differ" % (name, dups["mismatch"]))
        for ri, res in enumerate(results):
            first_record = len(records)
            sig = res["signature"]
            kname = short_kernel(sig)
            # same order in both pages; the raw page prints template arguments differently
            # ("tstride<1>" vs "tstride<(int)1>"), so match by position when the counts agree
            if len(raw) == len(results):
                kinfo = raw[ri]
            else:
                kinfo = next((k for k in raw if k["signature"] == sig), {})
            # address -> list of (file, line), in the page's order
            where = {}
            instr = {}
            for b in res["blocks"]:
                for ln, L in b["lines"].items():
                    for a, s in L["sass"].items():
                        where.setdefault(a, []).append((b["file"], ln))
                        instr[a] = s
                    # consistency: CUDA line totals == sum of distinct SASS rows
                    se = sum(s["exec"] for s in L["sass"].values())
                    if L["sass"] and se != L["line_exec"] and not is_library_file(b["file"]):
                        problems.append("%s %s %s:%d: CUDA-line Instructions Executed %s != sum over distinct SASS rows %s" % (
                            name, kname, os.path.basename(b["file"]), ln, L["line_exec"], se))
            texts = {(b["file"], ln): L["text"] for b in res["blocks"] for ln, L in b["lines"].items()}
            # The program's own files (any of them: NAME.cu, main.cu, kernels.h...), as verify
            # tells them (Verify/Attribution.cpp): every file the page lists but a library's.
            # The kernel's file is the one its first instruction is listed under.
            user = [b["file"] for b in res["blocks"] if not is_library_file(b["file"])]
            uaddrs = sorted((int(a, 16), (f, ln)) for a, locs in where.items()
                            for (f, ln) in locs if f in user)
            kfile = min(uaddrs, key=lambda x: x[0])[1][0] if uaddrs else None
            ranges = {}
            for _, (f, ln) in uaddrs:
                lo, hi = ranges.get(f, (ln, ln))
                ranges[f] = (min(lo, ln), max(hi, ln))
            kinls = {"global": inlined_for_kernel(inl, kname),
                     "shared": inlined_for_kernel(inl_shared, kname)}

            def user_listing(a):
                """The program's line ncu lists A under: the kernel's file first, the last
                listed (__ldg's load is listed under the header, then the call)."""
                found = None
                for f, ln in where[a]:
                    if f in user and (found is None or f == kfile or found[0] != kfile):
                        found = (f, ln)
                return found

            def own_file(path):
                """A path of nvcc's line table as the page names the same file."""
                if path in user:
                    return path
                same = [f for f in user if os.path.basename(f) == os.path.basename(path)]
                return same[0] if len(same) == 1 else path

            memory = {}
            for a, s in instr.items():
                base, full = opcode_of(s["sass"])
                kind = kind_of(base)
                space = "global"
                if kind is None:
                    kind = shared_kind_of(base)
                    if kind is None or not shared:
                        continue
                    space = "shared"
                elif "Global" not in s["space"] and not (s["sectors"] or s["ideal"]):
                    # generic/local/shared access (no global sectors): not global memory
                    if s["space"] not in ("-", "Generic"):
                        if "Shared" not in s["space"] or not shared:
                            continue
                        space = "shared"      # a generic instruction ncu saw reach shared memory
                memory[a] = (full, kind, space)
            frames = table_frames(table, sig, {a: instr[a]["sass"] for a in memory})
            if table and user:
                # How far the table can be trusted: on the instructions ncu lists under a line
                # of the program's code, both should name the same line.
                listed = {a: user_listing(a) for a in frames or {}}
                agree = sum(1 for a, fl in listed.items() if fl and fl[1] == frames[a][1]
                            and os.path.basename(fl[0]) == os.path.basename(frames[a][0]))
                used = sum(1 for fl in listed.values() if not fl)
                problems.append("%s %s: %s" % (
                    name, kname, "no function of %s.sass has ncu's instructions at ncu's addresses: "
                    "attributed without the line table" % name if frames is None else
                    "line table: names ncu's line for %d of the %d memory instructions ncu lists "
                    "in the program's files; files %d listed only under a library header" % (
                        agree, sum(1 for fl in listed.values() if fl), used)))
            groups = {}
            for a, (full, kind, space) in memory.items():
                s = instr[a]
                kinl = kinls[space]
                locs = where[a]
                listing = user_listing(a)
                if listing:
                    f, ln = listing
                    attribution = "ncu"
                    via = [l for l in locs if l[0] != f]
                elif frames and a in frames:
                    # Only listed under a library header (an inlined bf16 store, __ldg...): the
                    # program's line nvcc's line table gives (its innermost frame there).
                    f, ln = own_file(frames[a][0]), frames[a][1]
                    attribution = "line-table"
                    via = locs
                else:
                    # Only listed under a library header (an inlined atomicAdd, __ldg, __half2
                    # copy...). 1) the PTX .loc 'inlined_at' call site of that header line,
                    # inside the lines this launch lists of one of the program's files (the one
                    # listed nearest the instruction when several); 2) else the program's line
                    # of the nearest preceding SASS instruction (else the nearest following one).
                    ai = int(a, 16)
                    cands = set()
                    for hf, hl in locs:
                        for cf, cl in kinl.get((os.path.basename(hf), hl, kind), ()):
                            for uf, (lo, hi) in ranges.items():
                                if cf == os.path.basename(uf) and lo <= cl <= hi:
                                    cands.add((uf, cl))
                    if cands:
                        def dist(c):
                            ds = [abs(x[0] - ai) for x in uaddrs if x[1] == c]
                            return (min(ds) if ds else 1 << 62, c[1])
                        f, ln = min(cands, key=dist)
                        attribution = "ptx-inlined-at"
                    else:
                        prev = [x for x in uaddrs if x[0] < ai]
                        nxt = [x for x in uaddrs if x[0] > ai]
                        if prev:
                            f, ln = prev[-1][1]
                        elif nxt:
                            f, ln = nxt[0][1]
                        else:
                            f, ln = locs[0]
                        attribution = "nearest-sass"
                    via = locs
                g = groups.setdefault((f, ln, kind, space), {
                    "instrs": [], "attribution": set(), "via": set()})
                g["instrs"].append((a, full, s))
                g["attribution"].add(attribution)
                for vf, vl in via:
                    g["via"].add("%s:%d" % (rel_path(vf), vl))
            for (f, ln, kind, space), g in sorted(groups.items(),
                                                  key=lambda x: (x[0][1], x[0][2], x[0][3])):
                ins = sorted(g["instrs"], key=lambda x: int(x[0], 16))
                execs = sum(x[2]["exec"] for x in ins)
                if space == "global":
                    sectors = sum(x[2]["sectors"] for x in ins)
                    ideal = sum(x[2]["ideal"] for x in ins)
                    treq = sum(x[2]["tag_requests"] for x in ins)
                    rec = {
                        "file": rel_path(f),
                        "line": ln,
                        "kernel": kname,
                        "kind": kind,
                        "space": "global",
                        "sectors": sectors,
                        "ideal_sectors": ideal,
                        "instructions": execs,
                        "sectors_per_request": round(sectors / execs, 4) if execs else None,
                        "ideal_per_request": round(ideal / execs, 4) if execs else None,
                        "sass": [x[1] for x in ins],
                        "l1_tag_requests": treq,
                        "access_size_bits": sorted({x[2]["size"] for x in ins}),
                        "source": texts.get((f, ln), "").strip(),
                        "kernel_signature": sig,
                        "attribution": "+".join(sorted(g["attribution"])),
                        "per_instruction": [
                            {"address": x[0], "sass": x[2]["sass"], "instructions": x[2]["exec"],
                             "sectors": x[2]["sectors"], "ideal_sectors": x[2]["ideal"],
                             "thread_instructions": x[2]["thread_exec"],
                             "predicated_on_thread_instructions": x[2]["pred_on_thread_exec"],
                             "l1_tag_requests": x[2]["tag_requests"]} for x in ins],
                    }
                else:
                    waves = sum(x[2]["wavefronts"] for x in ins)
                    ideal = sum(x[2]["ideal_wavefronts"] for x in ins)
                    rec = {
                        "file": rel_path(f),
                        "line": ln,
                        "kernel": kname,
                        "kind": kind,
                        "space": "shared",
                        "wavefronts": waves,
                        "ideal_wavefronts": ideal,
                        "excessive_wavefronts": sum(x[2]["excessive_wavefronts"] for x in ins),
                        "instructions": execs,
                        "wavefronts_per_request": round(waves / execs, 4) if execs else None,
                        "ideal_wavefronts_per_request": round(ideal / execs, 4) if execs else None,
                        "sass": [x[1] for x in ins],
                        "access_size_bits": sorted({x[2]["size"] for x in ins}),
                        "source": texts.get((f, ln), "").strip(),
                        "kernel_signature": sig,
                        "attribution": "+".join(sorted(g["attribution"])),
                        "per_instruction": [
                            {"address": x[0], "sass": x[2]["sass"], "instructions": x[2]["exec"],
                             "wavefronts": x[2]["wavefronts"],
                             "ideal_wavefronts": x[2]["ideal_wavefronts"],
                             "excessive_wavefronts": x[2]["excessive_wavefronts"],
                             "conflicts_n_way": x[2]["n_way"],
                             "thread_instructions": x[2]["thread_exec"],
                             "predicated_on_thread_instructions": x[2]["pred_on_thread_exec"]}
                            for x in ins],
                    }
                if g["via"]:
                    rec["also_listed_at"] = sorted(g["via"])
                calls = sorted(cl for cf, cl in kinls[space].get((os.path.basename(f), ln, kind), ())
                               if cf == os.path.basename(f) and cl != ln)
                if calls and g["attribution"] == {"ncu"}:
                    # the access sits in an inlined __device__ function of the same file
                    rec["inlined_at_lines"] = calls
                records.append(rec)
            # The launch's file: the kernel's, where its records are all in it; else none (its
            # records are in several of the program's files: a launch listed without a file
            # meets the records of every file, in verify as in this script's older output).
            mine = records[first_record:]
            kpath = rel_path(kfile or "")
            k = {"file": kpath if all(r["file"] == kpath for r in mine) else "",
                 "kernel": kname, "kernel_signature": sig}
            k.update({kk: v for kk, v in kinfo.items() if kk not in ("signature", "id")})
            if kinfo.get("signature") and kinfo["signature"] != sig:
                k["raw_page_kernel_name"] = kinfo["signature"]
            if "id" in kinfo:
                k["result_id"] = kinfo["id"]
            # Cross-check: the kernel's shared load/store records against the kernel-level
            # wavefront counters, where the run collected them.
            for kind, key in (("load", "shared_ld_wavefronts"), ("store", "shared_st_wavefronts")):
                if shared and key in kinfo:
                    got = sum(r["wavefronts"] for r in mine
                              if r.get("space") == "shared" and r["kind"] == kind)
                    if got != kinfo[key]:
                        problems.append("%s %s: shared %s wavefronts: records %s, %s %s" % (
                            name, kname, kind, got, key, kinfo[key]))
            kernels_out.append(k)
    return {"header": header, "kernels": kernels_out, "records": records, "notes": problems}


def write_measurements(data, output):
    """Writes build()'s result as JSON to OUTPUT ("-": stdout); notes on stderr."""
    text = json.dumps(data, indent=1)
    if output == "-":
        sys.stdout.write(text + "\n")
    else:
        with open(output, "w") as fh:
            fh.write(text + "\n")
        print("wrote %s: %d kernels, %d records, %d notes" % (
            output, len(data["kernels"]), len(data["records"]), len(data["notes"])),
            file=sys.stderr)
    for p in data["notes"]:
        print("note: " + p, file=sys.stderr)


def parse_builds(builds, versions=None, only=None):
    """build() over several folders, in order; a name found again replaces the earlier one's
    kernels, records and notes. The header is the first folder's; each further folder with a
    versions.txt adds an "added_runs" entry."""
    data = None
    for bi, bdir in enumerate(builds):
        v = versions if (versions and bi == 0) else os.path.join(bdir, "versions.txt")
        d = build(bdir, v, only, shared=True)
        names = {os.path.basename(k["file"]) for k in d["kernels"]}
        if data is None:
            data = d
            continue
        drop = lambda x: os.path.basename(x["file"]) in names
        data["kernels"] = [k for k in data["kernels"] if not drop(k)] + d["kernels"]
        data["records"] = [r for r in data["records"] if not drop(r)] + d["records"]
        data["notes"] = [n for n in data["notes"]
                         if n.split(":")[0].split(" ")[0] + ".cu" not in names] + d["notes"]
        data["header"].setdefault("added_runs", []).append(run_entry(d, bdir))
    return data


def run_entry(d, where):
    """An "added_runs" entry for a parsed run."""
    h = d["header"]
    e = {"programs": sorted({os.path.basename(k["file"])[:-3] for k in d["kernels"]})}
    for key in ("date", "gpu", "driver", "nvcc_version", "ncu_version"):
        if key in h:
            e[key] = h[key]
    e["raw"] = where
    return e


def merge_into(old, new, where):
    """OLD measurements with the files of NEW replaced by NEW's kernels, records and notes."""
    names = {os.path.basename(k["file"]) for k in new["kernels"]}
    drop = lambda x: os.path.basename(x["file"]) in names
    out = {"header": dict(old["header"]),
           "kernels": [k for k in old["kernels"] if not drop(k)] + new["kernels"],
           "records": [r for r in old["records"] if not drop(r)] + new["records"],
           "notes": [n for n in old.get("notes", [])
                     if n.split(":")[0].split(" ")[0] + ".cu" not in names] + new["notes"]}
    runs = list(out["header"].get("added_runs", []))
    runs.append(run_entry(new, where))
    runs += new["header"].get("added_runs", [])
    out["header"]["added_runs"] = runs
    for key in ("space", "wavefronts_per_request"):      # keys newer runs' headers describe
        if key in new["header"]:
            out["header"].setdefault(key, new["header"][key])
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", action="append",
                    help="folder with NAME.csv, NAME.raw.csv, versions.txt (default "
                         "runtime-bench/build); may be repeated: later folders replace the files "
                         "they hold again")
    ap.add_argument("--versions", help="versions.txt of the first --build (default: BUILD/versions.txt)")
    ap.add_argument("--merge", metavar="OLD_JSON",
                    help="merge into this measurements.json: its kernels and records of the files "
                         "parsed now are replaced, the rest kept; the run goes into "
                         "header.added_runs")
    ap.add_argument("--raw", help="with --merge: where this run's raw files are kept (the "
                                  "added_runs entry's 'raw'; default: the --build folders)")
    ap.add_argument("-o", "--output", default="-", help="output JSON (default stdout)")
    ap.add_argument("names", nargs="*", help="only these kernel files (without .cu)")
    a = ap.parse_args()
    builds = a.build or [os.path.join(here, "build")]
    data = parse_builds(builds, a.versions or os.path.join(builds[0], "versions.txt"), set(a.names))
    if a.merge:
        data = merge_into(json.load(open(a.merge)), data, a.raw or " + ".join(builds))
    write_measurements(data, a.output)


if __name__ == "__main__":
    main()
