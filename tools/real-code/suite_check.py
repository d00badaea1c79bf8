#!/usr/bin/env python3
"""Helpers of suite-check.sh: manifests, kernel lists, the device plan, the missing kernels.

Manifest (tools/real-code/suites/SUITE.tsv), one program a line, tab-separated, `#` comments:
  name     binary name (bin/NAME), unique in the suite
  dir      working folder, relative to the staged SUITE/src: nvcc and the program run there
  sources  files nvcc compiles into the program (relative to dir), `-` for none (prebuilt)
  flags    nvcc flags beyond `-O3 -lineinfo -arch=sm_90 -cudart shared` (-I, -D, -l...), `-`
  args     the program's arguments (small inputs), `-` for none
  opts     `key=value` pairs separated by `;`, `-` for none:
             exe=PATH      run this instead of bin/NAME (relative to the suites folder, or a command)
             prep=CMD      device: run CMD in dir (in the background, at the start) before profiling
             kid=REGEX     kernel base names profiled in the first pass (--kernel-id ::regex:R:1)
             extra=N       at most N more ncu passes for kernels the first pass missed (default 3)
             timeout=S     ncu time limit for this program (default PROG_TIMEOUT_S)
             env=A=B,C=D   environment of the run
             analyze=FILES the files the analyzer reads (default: the .cu of sources), `-`: none
             aflags=FLAGS  analyzer-only flags (after the build flags it understands)
             launches=N    expected profiled launches, for the plan (default: the own kernels)
             adb=DIR       analyze: the compile database folder (relative to the suites folder)
                           the analyzer reads (-p) instead of flags
             elf=PATH      the file holding the kernels' cubins, for the line table (default: the
                           binary), relative to dir

Python 3 standard library only.
"""
import json
import os
import re
import subprocess
import sys

FIELDS = ("name", "dir", "sources", "flags", "args", "opts")
# Device seconds (docs/real-code.md: PolyBench/GPU's 21 programs and 47 kernels took 131 s on an
# H200 under SourceCounters, about 2.5 s a program and 1.5 s a profiled launch).
EST_PROGRAM_S = 2.5
EST_LAUNCH_S = 1.5
EST_EXTRA_PASS_S = 3.0


def read_manifest(path):
    progs = []
    if not os.path.isfile(path):
        return progs
    with open(path) as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) != len(FIELDS):
                raise SystemExit("%s:%d: %d columns, want %d" % (path, n, len(cols), len(FIELDS)))
            p = {k: ("" if v.strip() == "-" else v.strip()) for k, v in zip(FIELDS, cols)}
            opts = {}
            for kv in filter(None, (x.strip() for x in p["opts"].split(";"))):
                k, _, v = kv.partition("=")
                opts[k.strip()] = v.strip()
            p["opts"] = opts
            progs.append(p)
    names = [p["name"] for p in progs]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise SystemExit("%s: duplicate names %s" % (path, sorted(dup)))
    return progs


def cmd_rows(argv):
    """rows MANIFEST [NAME...]: one line per program for bash, fields separated by \\x1f."""
    progs = read_manifest(argv[0])
    want = set(argv[1:])
    for p in progs:
        if want and p["name"] not in want:
            continue
        o = p["opts"]
        print("\x1f".join([p["name"], p["dir"] or ".", p["sources"], p["flags"], p["args"],
                           o.get("exe", ""), o.get("prep", ""), o.get("kid", ".*"),
                           o.get("extra", ""), o.get("timeout", ""), o.get("env", ""),
                           o.get("analyze", "") if "analyze" in o else "\x02",
                           o.get("aflags", ""), o.get("elf", ""), o.get("adb", "")]))


def demangle(names):
    if not names:
        return []
    try:
        r = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True,
                           timeout=60)
        out = r.stdout.split("\n")
        if len(out) >= len(names):
            return out[:len(names)]
    except (OSError, subprocess.SubprocessError):
        pass
    return list(names)


def base_name(demangled):
    """'void ns::k<float, 2>(float*, int)' -> 'k'; '_Z3fooPf' stays as given if not demangled."""
    s = demangled
    depth, cut = 0, len(s)
    for i, ch in enumerate(s):      # the parameter list: the first '(' outside template brackets
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0:
            cut = i
            break
    s = s[:cut]
    depth, out = 0, []
    for ch in s:                    # drop template arguments
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    s = "".join(out).strip().split(" ")[-1]
    return s.split("::")[-1]


def source_words(folder, limit=4000):
    words = set()
    n = 0
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for f in files:
            if not f.endswith((".cu", ".cuh", ".h", ".hpp", ".c", ".cc", ".cpp", ".inc", ".inl")):
                continue
            n += 1
            if n > limit:
                return words
            try:
                words.update(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", open(os.path.join(root, f),
                                                                      errors="replace").read()))
            except OSError:
                pass
    return words


def strip_static(name):
    """A file-static kernel under -rdc is named __nv_static_<n>__<hash>_<n>_<file>__Z...: its C++
    name is the _Z... tail."""
    m = re.match(r"__nv_static_\w*?_(_Z\w+)$", name)
    return m.group(1) if m else name


def cmd_kernels(argv):
    """kernels NVCC_LOG SOURCE_DIR...: the kernels ptxas compiled (-Xptxas -v), one a line:
    mangled TAB demangled TAB own (1: its base name is a word of the program's sources)."""
    log = open(argv[0], errors="replace").read()
    mangled = sorted(set(re.findall(r"Compiling entry function '([^']+)' for 'sm_", log)))
    words = set()
    for d in argv[1:]:
        words |= source_words(d)
    for m, d in zip(mangled, demangle([strip_static(m) for m in mangled])):
        print("%s\t%s\t%d" % (m, d, 1 if base_name(d) in words else 0))


def read_kernels(path):
    out = []
    try:
        for line in open(path):
            c = line.rstrip("\n").split("\t")
            if len(c) == 3:
                out.append((c[0], c[1], c[2] == "1"))
    except OSError:
        pass
    return out


def norm(sig):
    return re.sub(r"\s+", "", sig)


def raw_names(path):
    """Kernel names of an `ncu --page raw --csv` export (the 'Kernel Name' column)."""
    import csv
    names = []
    try:
        rows = list(csv.reader(open(path, errors="replace")))
    except OSError:
        return names
    if not rows:
        return names
    hdr = rows[0]
    col = next((i for i, h in enumerate(hdr) if h.strip() in ("Kernel Name", "Function Name")), None)
    if col is None:
        return names
    for r in rows[1:]:
        if len(r) > col and r[0].strip() and r[0].strip()[0].isdigit():
            names.append(r[col])
    return names


def cmd_missing(argv):
    """missing NAME.kernels RAW.csv...: own kernels (mangled) whose name is in none of the raw
    pages (compared as mangled, as demangled without blanks, and as demangled signatures)."""
    kernels = read_kernels(argv[0])
    seen = set()
    for p in argv[1:]:
        for n in raw_names(p):
            seen.add(n)
            seen.add(norm(n))
    for m, d, own in kernels:
        if own and m not in seen and norm(d) not in seen:
            print(m)


def cmd_launchcap(argv):
    """launchcap NAME.kernels KID_REGEX: how many launches pass 1 can profile at most (the
    distinct base names of the binary's kernels that the --kernel-id regex takes); 0: unknown."""
    kernels = read_kernels(argv[0])
    try:
        rx = re.compile(argv[1] if len(argv) > 1 and argv[1] else ".*")
    except re.error:
        print(0)
        return
    print(len({base_name(d) for _, d, _ in kernels if rx.search(base_name(d))}))


def cmd_profiled(argv):
    """profiled RAW.csv: the kernel names in a raw page, one a line."""
    for n in raw_names(argv[0]):
        print(n)


def analyzer_flags(flags):
    """The nvcc flags the analyzer (Clang) reads: -I/-D/-U/-include/-isystem/-std; relative paths
    stay relative (the analyzer runs in the program's folder, as nvcc)."""
    toks = flags.split()
    out, i = [], 0
    while i < len(toks):
        t = toks[i]
        if t in ("-I", "-D", "-U", "-include", "-isystem") and i + 1 < len(toks):
            out += [t, toks[i + 1]]
            i += 2
            continue
        if re.match(r"^(-I|-D|-U|-std=|--std=)", t):
            out.append(t.replace("--std=", "-std="))
        elif t in ("-rdc=true", "--relocatable-device-code=true", "-dc"):
            out.append("-fgpu-rdc")
        i += 1
    if not any(t.startswith("-std=") for t in out):
        out.append("-std=c++17")
    return out


def cmd_aflags(argv):
    print("\n".join(analyzer_flags(" ".join(argv))))


def kernels_file(suites_dir, suite, p):
    """The kernel list of a program: bin/NAME.kernels, or that of the binary its exe= names."""
    own = os.path.join(suites_dir, suite, "bin", p["name"] + ".kernels")
    exe = p["opts"].get("exe", "")
    if not p["sources"] and exe and not exe.startswith("/") and "/" in exe:
        return os.path.join(suites_dir, exe + ".kernels")
    return own


def cmd_kernelsfile(argv):
    """kernelsfile SUITES_DIR MANIFEST NAME: the path of the program's kernel list."""
    suite = os.path.basename(argv[1])[:-len(".tsv")]
    for p in read_manifest(argv[1]):
        if p["name"] == argv[2]:
            print(kernels_file(argv[0], suite, p))


def plan_rows(suites_dir, manifests_dir, suites, order_file):
    """Every program of SUITES in device order: order_file's SUITE/NAME lines first, then the
    rest in suite and manifest order."""
    progs = {}
    seq = []
    for s in suites:
        path = os.path.join(manifests_dir, s + ".tsv")
        if not os.path.isfile(path):
            continue
        for p in read_manifest(path):
            key = s + "/" + p["name"]
            progs[key] = (s, p)
            seq.append(key)
    ordered = []
    if order_file and os.path.isfile(order_file):
        for line in open(order_file):
            k = line.split("#")[0].strip()
            if k in progs and k not in ordered:
                ordered.append(k)
    ordered += [k for k in seq if k not in ordered]
    rows = []
    for k in ordered:
        s, p = progs[k]
        o = p["opts"]
        kern = read_kernels(kernels_file(suites_dir, s, p))
        own = sum(1 for _, _, x in kern if x)
        try:
            rx = re.compile(o.get("kid", ".*") or ".*")
        except re.error:
            rx = re.compile(".*")
        names = len({base_name(d) for _, d, x in kern if x and rx.search(base_name(d))})
        exe = o.get("exe", "")
        if p["sources"]:
            built = os.path.isfile(os.path.join(suites_dir, s, "bin", p["name"]))
        elif exe and not exe.startswith("/") and "/" in exe:
            built = os.path.isfile(os.path.join(suites_dir, exe))
        else:
            built = True
        # pass 1 profiles one launch per kernel name; pass 2 finds some of the other instances
        # of templated kernels (how many the program launches is not known here: half of them,
        # at most as many as there are names)
        extra = min(own - names, names) // 2
        launches = int(o["launches"]) if "launches" in o else names + extra
        est = EST_PROGRAM_S + EST_LAUNCH_S * launches
        if own > names and o.get("extra", "3") != "0":
            est += EST_EXTRA_PASS_S
        rows.append({"key": k, "suite": s, "name": p["name"], "built": built, "kernels": own,
                     "launches": launches, "est_s": round(est, 1)})
    return rows


def cmd_plan(argv):
    """plan SUITES_DIR MANIFESTS_DIR ORDER_FILE FROM CALL_S SUITE...: the device order with
    estimates; prints a table (or JSON with PLAN_JSON=1)."""
    suites_dir, mdir, order, first, call_s = argv[0], argv[1], argv[2], int(argv[3]), float(argv[4])
    rows = plan_rows(suites_dir, mdir, argv[5:], order)
    if os.environ.get("PLAN_JSON"):
        print(json.dumps(rows, indent=1))
        return
    total = 0.0
    call, in_call = 1, 0.0
    print("%4s %-4s %-28s %-44s %7s %8s %7s %8s" % ("#", "call", "suite", "program", "kernels",
                                                   "launches", "est_s", "cum_s"))
    for i, r in enumerate(rows, 1):
        if i < first:
            continue
        if not r["built"]:
            print("%4d %-4s %-28s %-44s (not built: skipped)" % (i, "-", r["suite"], r["name"]))
            continue
        if in_call + r["est_s"] > call_s and in_call > 0:
            call, in_call = call + 1, 0.0
        in_call += r["est_s"]
        total += r["est_s"]
        print("%4d %-4d %-28s %-44s %7d %8d %7.1f %8.1f" % (i, call, r["suite"], r["name"],
                                                           r["kernels"], r["launches"], r["est_s"],
                                                           total))
    built = [r for r in rows[first - 1:] if r["built"]]
    print("programs %d (built %d), profiled launches about %d, device seconds about %d "
          "(%d calls of at most %ds of profiling)" % (len(rows[first - 1:]), len(built),
                                                   sum(r["launches"] for r in built), total,
                                                   call, call_s))


ROW_VARS = ("P_NAME", "P_DIR", "P_SOURCES", "P_FLAGS", "P_ARGS", "P_EXE", "P_PREP", "P_KID",
            "P_EXTRA", "P_TIMEOUT", "P_ENV", "P_ANALYZE", "P_AFLAGS", "P_ELF", "P_ADB")


def cmd_devinfo(argv):
    """devinfo SUITES_DIR MANIFESTS_DIR ORDER_TSV OUT_DIR: for every program of ORDER_TSV (index,
    suite, name) OUT_DIR/SUITE__NAME.sh, the shell assignments the device step needs (the
    manifest row as P_*, P_EXE_PATH, P_KFILE, P_CAP, P_EST), in one process instead of several a
    program; prints what is missing (binaries, folders)."""
    import shlex
    suites_dir, mdir, order, out = argv
    os.makedirs(out, exist_ok=True)
    manifests, plans = {}, {}
    missing = 0
    for line in open(order):
        i, s, n = line.rstrip("\n").split("\t")
        if s not in manifests:
            manifests[s] = {p["name"]: p for p in read_manifest(os.path.join(mdir, s + ".tsv"))}
            plans[s] = {r["name"]: r for r in plan_rows(suites_dir, mdir, [s], "")}
        p = manifests[s][n]
        o = p["opts"]
        vals = [p["name"], p["dir"] or ".", p["sources"], p["flags"], p["args"], o.get("exe", ""),
                o.get("prep", ""), o.get("kid", ".*"), o.get("extra", ""), o.get("timeout", ""),
                o.get("env", ""), o.get("analyze", ""), o.get("aflags", ""), o.get("elf", ""),
                o.get("adb", "")]
        exe = o.get("exe", "")
        if not exe:
            exe_path = os.path.join(suites_dir, s, "bin", n)
        elif exe.startswith("/"):
            exe_path = exe
        elif "/" in exe:
            exe_path = os.path.join(suites_dir, exe)
        else:
            exe_path = exe
        kfile = kernels_file(suites_dir, s, p)
        cap = 0
        if os.path.isfile(kfile):
            try:
                rx = re.compile(o.get("kid", ".*") or ".*")
                cap = len({base_name(d) for _, d, _ in read_kernels(kfile) if rx.search(base_name(d))})
            except re.error:
                cap = 0
        est = int(plans[s][n]["est_s"] + 0.5)
        with open(os.path.join(out, "%s__%s.sh" % (s, n)), "w") as fh:
            for k, v in zip(ROW_VARS, vals):
                fh.write("%s=%s\n" % (k, shlex.quote(v)))
            fh.write("P_EXE_PATH=%s\nP_KFILE=%s\nP_CAP=%d\nP_EST=%d\n" % (
                shlex.quote(exe_path), shlex.quote(kfile), cap, est))
        wd = os.path.join(suites_dir, s, "src", p["dir"] or ".")
        if not os.path.isdir(wd):
            print("MISSING folder %s (%s/%s)" % (wd, s, n))
            missing += 1
        if "/" in exe_path and not os.access(exe_path, os.X_OK):
            print("MISSING binary %s (%s/%s)" % (exe_path, s, n))
            missing += 1
        elif "/" in exe_path:
            print("BINARY %s" % exe_path)
    print("MISSING_COUNT %d" % missing)


def cmd_order(argv):
    """order SUITES_DIR MANIFESTS_DIR ORDER_FILE SUITE...: SUITE<TAB>NAME per program, device
    order."""
    for r in plan_rows(argv[0], argv[1], argv[3:], argv[2]):
        print("%s\t%s" % (r["suite"], r["name"]))


def cmd_estimate(argv):
    """estimate SUITES_DIR MANIFESTS_DIR SUITE NAME: expected seconds of one program."""
    for r in plan_rows(argv[0], argv[1], [argv[2]], ""):
        if r["name"] == argv[3]:
            print(int(r["est_s"] + 0.5))
            return
    print(int(EST_PROGRAM_S + 0.5))


def find_cuda_tool(name):
    import shutil
    env = os.environ.get(name.upper())
    if env:
        return env
    w = shutil.which(name)
    if w:
        return w
    for d in (os.path.dirname(shutil.which("nvcc") or ""), "/usr/local/cuda/bin"):
        if d and os.path.isfile(os.path.join(d, name)):
            return os.path.join(d, name)
    return name


RE_SECTION = re.compile(r"^\s*\.section\s+\.text\.([^,\s]+)")


def keep_sections(text, wanted_sigs, wanted_bases):
    """nvdisasm output restricted to the .text sections of the profiled kernels (by demangled
    signature, else by base name); everything outside .text sections stays."""
    lines = text.split("\n")
    names = [m.group(1) for m in (RE_SECTION.match(ln) for ln in lines) if m]
    dem = dict(zip(names, demangle(names)))
    out, keep = [], True
    for ln in lines:
        m = RE_SECTION.match(ln)
        if m:
            d = dem.get(m.group(1), m.group(1))
            keep = (m.group(1) in wanted_sigs or norm(d) in wanted_sigs
                    or base_name(d) in wanted_bases)
        elif ln.lstrip().startswith(".section"):
            keep = True
        if keep:
            out.append(ln)
    return "\n".join(out)


def extract_cubins(elf, cache_root):
    """`cuobjdump -xelf all ELF` into a folder of CACHE_ROOT named after the file (made once:
    programs that run the same binary, ggml's, share it); the cubins' paths."""
    import hashlib
    import shutil
    import tempfile
    st = os.stat(elf)
    key = hashlib.sha1(("%s|%d|%d" % (elf, st.st_size, int(st.st_mtime))).encode()).hexdigest()[:16]
    dest = os.path.join(cache_root, key)
    if not os.path.isdir(dest):
        os.makedirs(cache_root, exist_ok=True)
        tmp = tempfile.mkdtemp(prefix="x-", dir=cache_root)
        r = subprocess.run([find_cuda_tool("cuobjdump"), "-xelf", "all", elf], cwd=tmp,
                           capture_output=True, text=True, timeout=300)
        if not any(f.endswith(".cubin") for f in os.listdir(tmp)):
            shutil.rmtree(tmp, ignore_errors=True)
            raise RuntimeError("cuobjdump -xelf all gave no cubin: %s" % r.stderr.strip()[:300])
        try:
            os.rename(tmp, dest)
        except OSError:             # another export made it meanwhile
            shutil.rmtree(tmp, ignore_errors=True)
    return [os.path.join(dest, f) for f in sorted(os.listdir(dest)) if f.endswith(".cubin")]


def disassembled(sass_lines, cubin):
    """nvdisasm -gi -c of CUBIN, kept beside it (CUBIN.sass) for the next program that needs it."""
    cached = cubin + ".sass"
    if os.path.isfile(cached):
        return open(cached, errors="replace").read()
    rc, text, err, _ = sass_lines.disassemble(sass_lines.find_nvdisasm(), cubin, timeout=240)
    if rc != 0 or not text.strip():
        raise RuntimeError("%s: nvdisasm failed: %s" % (os.path.basename(cubin), err.strip()[:200]))
    tmp = cached + ".%d" % os.getpid()
    with open(tmp, "w") as fh:
        fh.write(text)
    os.replace(tmp, cached)
    return text


def cmd_linetable(argv):
    """linetable ELF OUT.sass RAW.csv...: nvcc's line table of the profiled kernels: the cubins of
    `cuobjdump -xelf all ELF` that hold one of them, `nvdisasm -gi -c` (runtime-bench/
    sass_lines.py), restricted to the profiled kernels when the text is large; concatenated into
    OUT.sass. Cubins and their disassembly are kept in $LINETABLE_CACHE (default: beside OUT)."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                    "runtime-bench"))
    import sass_lines
    elf, out = os.path.abspath(argv[0]), argv[1]
    sigs = set()
    for p in argv[2:]:
        for n in raw_names(p):
            sigs.add(n)
            sigs.add(norm(n))
    bases = {base_name(s) for s in sigs}
    if not bases:
        print("no profiled kernel in the raw pages", file=sys.stderr)
        return 1
    cache = os.environ.get("LINETABLE_CACHE") or os.path.join(os.path.dirname(os.path.abspath(out)),
                                                              ".cubins")
    try:
        cubins = extract_cubins(elf, cache)
    except (RuntimeError, OSError, subprocess.SubprocessError) as e:
        print(str(e), file=sys.stderr)
        return 1
    texts = []
    for c in cubins:
        data = open(c, "rb").read()
        if not any(b.encode() in data for b in bases):
            continue
        try:
            text = disassembled(sass_lines, c)
        except (RuntimeError, OSError) as e:
            print(str(e), file=sys.stderr)
            continue
        texts.append(keep_sections(text, sigs, bases) if len(text) > 4000000 else text)
    with open(out, "w") as fh:
        fh.write("\n".join(texts))
    print("%d of %d cubins disassembled, %d bytes" % (len(texts), len(cubins), sum(map(len, texts))))
    return 0 if texts else 1


def measured_lines(pred_json):
    """(global lines, shared lines) a program can be measured on: the distinct (file, line) of the
    analyzer's accesses per space (its kernels' instances share them)."""
    try:
        accesses = json.load(open(pred_json)).get("accesses", [])
    except (OSError, ValueError):
        return None
    g = {(a.get("file"), a.get("line")) for a in accesses if a.get("space") == "global"}
    sh = {(a.get("file"), a.get("line")) for a in accesses if a.get("space") == "shared"}
    return len(g), len(sh)


def cmd_richness(argv):
    """richness SUITES_DIR MANIFESTS_DIR SHARED_WEIGHT SUITE...: programs by (global lines +
    SHARED_WEIGHT x shared lines) per planned device second, richest first (the analyzer's JSON of
    `analyze`); SUITE<TAB>NAME<TAB>score<TAB>global<TAB>shared<TAB>est_s, one a line. Programs
    without a JSON get the median score of their suite."""
    suites_dir, mdir, w = argv[0], argv[1], float(argv[2])
    rows = plan_rows(suites_dir, mdir, argv[3:], "")
    scored = []
    for r in rows:
        ml = measured_lines(os.path.join(suites_dir, r["suite"], "pred", r["name"] + ".json"))
        scored.append((r, ml))
    by_suite = {}
    for r, ml in scored:
        if ml is not None:
            by_suite.setdefault(r["suite"], []).append((ml[0] + w * ml[1]) / r["est_s"])
    out = []
    for r, ml in scored:
        if ml is not None:
            score = (ml[0] + w * ml[1]) / r["est_s"]
        else:
            v = sorted(by_suite.get(r["suite"], [1.0]))
            score, ml = v[len(v) // 2], (-1, -1)
        out.append((score, r, ml))
    out.sort(key=lambda x: -x[0])
    for score, r, ml in out:
        print("%s\t%s\t%.2f\t%d\t%d\t%.1f" % (r["suite"], r["name"], score, ml[0], ml[1], r["est_s"]))


def cmd_selftest(argv):
    """selftest: the helpers on hand-made inputs and every manifest parsed (no GPU needed)."""
    import tempfile
    checks = 0

    def eq(got, want, what):
        nonlocal checks
        checks += 1
        if got != want:
            raise SystemExit("selftest FAILED: %s: got %r, want %r" % (what, got, want))

    eq(base_name("void ns::k<float, 2>(float*, int)"), "k", "base_name of a template instance")
    eq(base_name("gemm_v00<float>(unsigned long, float const*)"), "gemm_v00", "base_name, no return type")
    eq(base_name("void f<(anonymous namespace)::T>(int)"), "f", "base_name, parenthesised argument")
    eq(strip_static("__nv_static_25__5beef88c_8_clock_cu_main__Z14timedReductionPKfPfPl"),
       "_Z14timedReductionPKfPfPl", "strip_static")
    eq(analyzer_flags("-I../x -DA=1 -rdc=true -lcublas --use_fast_math -std=c++14"),
       ["-I../x", "-DA=1", "-fgpu-rdc", "-std=c++14"], "analyzer_flags")
    eq(strip_static("__nv_static_25__5beef88c_8_clock_cu_main__Z14timedReductionPKfPfPl"),
       "_Z14timedReductionPKfPfPl", "strip_static")
    eq(analyzer_flags("-I inc"), ["-I", "inc", "-std=c++17"], "analyzer_flags, separate -I")
    tmp = tempfile.mkdtemp(prefix="suite-check-selftest-")
    kern = os.path.join(tmp, "p.kernels")
    with open(kern, "w") as fh:
        fh.write("_Z1kIfEvPT_\tvoid k<float>(float*)\t1\n_Z1kIdEvPT_\tvoid k<double>(double*)\t1\n"
                 "_Z3cubv\tvoid cub()\t0\n")
    raw = os.path.join(tmp, "p.raw.csv")
    with open(raw, "w") as fh:
        fh.write('"ID","Kernel Name","launch__grid_size"\n"","",""\n"0","void k<float>(float *)","4"\n')
    import io
    import contextlib
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cmd_missing([kern, raw])
    eq(out.getvalue().split(), ["_Z1kIdEvPT_"], "missing: the double instance, not the library kernel")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cmd_launchcap([kern, ".*"])
    eq(out.getvalue().strip(), "2", "launchcap: two distinct names (k, cub)")
    text = ("\t.headerflags\n\t.section\t.text._Z1kIfEvPT_,\"ax\"\nA\n"
            "\t.section\t.text._Z1kIdEvPT_,\"ax\"\nB\n\t.section\t.nv.info,\"\"\nC\n")
    kept = keep_sections(text, {"void k<float>(float *)", norm("void k<float>(float *)")}, set())
    eq(("A" in kept, "B" in kept, "C" in kept, ".headerflags" in kept), (True, False, True, True),
       "keep_sections keeps the profiled kernel's text and what is outside .text sections")
    # The measurement parser files instructions under the program's own files, whichever they
    # are: HeCBench's kernels are in main.cu (not NAME.cu), and ncu lists an inlined atomicAdd
    # only under CUDA's header, __ldg's load under the header first.
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                    "runtime-bench"))
    import parse_ncu
    cols = ('"Line No","Source","Address","Source","Instructions Executed","Address Space",'
            '"L2 Theoretical Sectors Global","L2 Theoretical Sectors Global Ideal"\n')
    head = '"File Path","%s"\n"Function Name","k(float *)"\n' + cols
    inc = "/usr/local/cuda/targets/x86_64-linux/include/"
    page = (head % (inc + "sm_32_intrinsics.hpp") +
            '"300","","-","-","10","Global","40","40"\n'
            '"","","0x1000","LDG.E.CONSTANT R2, desc[UR4][R4.64]","10","Global","40","40"\n' +
            head % (inc + "sm_60_atomic_functions.hpp") +
            '"120","","-","-","10","Global","10","10"\n'
            '"","","0x1040","REDG.E.ADD.F32.FTZ.RN.STRONG.GPU desc[UR4][R8.64], R2","10","Global",'
            '"10","10"\n' +
            head % "/src/p-cuda/main.cu" +
            '"10","","-","-","10","Global","40","40"\n'
            '"","","0x1000","LDG.E.CONSTANT R2, desc[UR4][R4.64]","10","Global","40","40"\n'
            '"12","","-","-","10","-","0","0"\n"","","0x1030","FMUL R2, R2, R3","10","-","0","0"\n')
    pdir = os.path.join(tmp, "pages")
    os.makedirs(pdir)
    with open(os.path.join(pdir, "p.csv"), "w") as fh:
        fh.write(page)
    got = parse_ncu.build(pdir, None)
    eq(sorted((os.path.basename(r["file"]), r["line"], r["kind"], r["attribution"])
              for r in got["records"]),
       [("main.cu", 10, "load", "ncu"), ("main.cu", 12, "atomic", "nearest-sass")],
       "parse_ncu files a header's instructions under main.cu, the program's file")
    eq([os.path.basename(k["file"]) for k in got["kernels"]], ["main.cu"],
       "parse_ncu: the kernel's file is where its first instruction is listed")
    eq(parse_ncu.normalize_kernel(
        "BlockPrefixSumKernel<(int)1024, (int)1, (cub::CUB_300001_SM_900::BlockScanAlgorithm)0>"),
       "BlockPrefixSumKernel<1024,1,(cub::CUB_300001_SM_900::BlockScanAlgorithm)0>",
       "normalize_kernel: integer casts go, an enum cast stays")
    eq([parse_ncu.normalize_kernel(n) for n in ("k<(char)65, (bool)1>", "k<'A', true>",
                                                  "k<(unsigned int)3u>", "k<(char)-56>",
                                                  "k<(unsigned char)'\\xc8'>")],
       ["k<65,true>", "k<65,true>", "k<3>", "k<200>", "k<200>"],
       "normalize_kernel: ncu's and Clang's spellings of integer and character arguments")
    mdir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "suites")
    n = 0
    for f in sorted(os.listdir(mdir)):
        if f.endswith(".tsv"):
            n += len(read_manifest(os.path.join(mdir, f)))
            checks += 1
    print("selftest: %d checks passed, %d programs in the manifests" % (checks, n))


def main(argv):
    cmds = {"devinfo": cmd_devinfo, "richness": cmd_richness, "selftest": cmd_selftest, "kernelsfile": cmd_kernelsfile, "linetable": cmd_linetable, "launchcap": cmd_launchcap, "rows": cmd_rows, "kernels": cmd_kernels, "missing": cmd_missing,
            "profiled": cmd_profiled, "aflags": cmd_aflags, "plan": cmd_plan, "order": cmd_order,
            "estimate": cmd_estimate}
    if not argv or argv[0] not in cmds:
        print(__doc__)
        return 2
    return cmds[argv[0]](argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
