#!/usr/bin/env python3
"""Lists the .cu files of a checkout and the compiler flags for each.

Usage: prepare.py CHECKOUT OUT_DIR

Writes OUT_DIR/jobs.tsv (id <TAB> path relative to CHECKOUT) and
OUT_DIR/args/<id>.args (the flags after `--`, one per line).

Flags per file, the way a project's build would give them to nvcc:
  * -I<dir of the file>;
  * include directories found by following the file's #includes: a quoted
    (or non-system angle) include that is neither next to the including file
    nor in a directory already on the path is looked up by its path suffix
    among the checkout's files, the candidate nearest to the .cu file wins
    (longest common directory prefix), and its base directory is added with -I.
    This finds cuda-samples' Common/ and Common/UtilNPP, Parboil's
    common/include, SHOC's src/common and src/cuda/common, llm.c's root and dev/;
  * -isystem <cuda>/include/cccl (CUDA 13 keeps Thrust/CUB/libcu++ there; nvcc
    adds it by itself);
  * -std=c++17 (nvcc's default since CUDA 11);
  * -fgpu-rdc where the CMakeLists.txt beside the file sets
    CUDA_SEPARABLE_COMPILATION ON or a Makefile beside it passes -rdc=true/-dc;
  * per project, what its Makefile/CMake adds (see PROJECT_FLAGS below).
Only the standard library is used.
"""
import json
import os
import re
import sys

CUDA = os.environ.get("CUDA_PATH", "/usr/local/cuda")

SYSTEM_DIRS = [
    os.path.join(CUDA, "include"),
    os.path.join(CUDA, "include", "cccl"),
    "/usr/include",
    "/usr/local/include",
    "/usr/include/x86_64-linux-gnu",
]
for d in ("/usr/include/c++",):
    if os.path.isdir(d):
        for v in sorted(os.listdir(d)):
            SYSTEM_DIRS.append(os.path.join(d, v))
            SYSTEM_DIRS.append(os.path.join("/usr/include/x86_64-linux-gnu/c++", v))
for d in ("/usr/lib/llvm-22/lib/clang",):
    if os.path.isdir(d):
        for v in os.listdir(d):
            SYSTEM_DIRS.append(os.path.join(d, v, "include"))

# What the projects' own build files add beyond include paths (a marker file
# identifies the project). Documented in docs/real-code.md.
PROJECT_FLAGS = [
    # llm.c Makefile: PRECISION=BF16 by default -> -DENABLE_BF16; -I dev.
    ("llmc/cuda_common.h", ["-DENABLE_BF16"]),
]

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
HEADER_EXT = (".h", ".hpp", ".hh", ".hxx", ".cuh", ".cu", ".inc", ".inl", ".c", ".cpp", ".cc", ".def", ".tcc")


def read(path):
    try:
        with open(path, "r", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def index_checkout(root):
    files = []
    for d, dirs, names in os.walk(root):
        dirs[:] = [x for x in dirs if x != ".git"]
        for n in names:
            files.append(os.path.join(d, n))
    return files


def common_prefix_len(a, b):
    pa, pb = a.split(os.sep), b.split(os.sep)
    n = 0
    for x, y in zip(pa, pb):
        if x != y:
            break
        n += 1
    return n


def in_system(name):
    return any(os.path.isfile(os.path.join(d, name)) for d in SYSTEM_DIRS)


def flags_for(root, cu, by_suffix):
    cu_dir = os.path.dirname(cu)
    inc_dirs = [cu_dir]
    seen = set()
    todo = [cu]
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        here = os.path.dirname(f)
        for kind, name in INCLUDE_RE.findall(read(f)):
            name = name.strip()
            found = None
            search = ([here] if kind == '"' else []) + inc_dirs
            for d in search:
                p = os.path.normpath(os.path.join(d, name))
                if os.path.isfile(p):
                    found = p
                    break
            if found is None and in_system(name):
                continue
            if found is None:
                base = os.path.basename(name)
                cands = [c for c in by_suffix.get(base, [])
                         if c.endswith(os.sep + os.path.normpath(name))]
                if not cands:
                    continue
                best = max(cands, key=lambda c: (common_prefix_len(c, cu), -len(c)))
                inc = best[: -len(os.path.normpath(name))].rstrip(os.sep)
                if inc not in inc_dirs:
                    inc_dirs.append(inc)
                found = best
            if found.startswith(root) and found.endswith(HEADER_EXT) and len(seen) < 400:
                todo.append(found)
    flags = ["-I" + d for d in inc_dirs]
    cccl = os.path.join(CUDA, "include", "cccl")
    if os.path.isdir(cccl):
        flags += ["-isystem", cccl]
    flags.append("-std=c++17")
    build = read(os.path.join(cu_dir, "CMakeLists.txt")) + read(os.path.join(cu_dir, "Makefile"))
    if re.search(r"CUDA_SEPARABLE_COMPILATION\s+ON|-rdc[= ]true|\s-dc\s|-rdc=true", build):
        flags.append("-fgpu-rdc")
    for marker, extra in PROJECT_FLAGS:
        if os.path.isfile(os.path.join(root, marker)):
            flags += extra
    return flags


def main():
    root = os.path.realpath(sys.argv[1])
    out = sys.argv[2]
    os.makedirs(os.path.join(out, "args"), exist_ok=True)
    files = index_checkout(root)
    by_suffix = {}
    for p in files:
        by_suffix.setdefault(os.path.basename(p), []).append(p)
    cus = sorted(p for p in files if p.endswith(".cu") and os.path.isfile(p))
    with open(os.path.join(out, "jobs.tsv"), "w") as jobs:
        for i, cu in enumerate(cus):
            jid = "%04d" % i
            jobs.write("%s\t%s\n" % (jid, os.path.relpath(cu, root)))
            with open(os.path.join(out, "args", jid + ".args"), "w") as a:
                a.write("\n".join(flags_for(root, cu, by_suffix)) + "\n")
    # The same flags as a compile database, for the project pass of run.sh
    # (cuda-coalesce -p OUT_DIR ... all files at once). EXTRA_FLAGS (space
    # separated) go after each file's flags, as run.sh passes them.
    extra = os.environ.get("EXTRA_FLAGS", "").split()
    db = []
    for cu in cus:
        jid = "%04d" % cus.index(cu)
        with open(os.path.join(out, "args", jid + ".args")) as a:
            flags = [l for l in a.read().split("\n") if l]
        db.append({"directory": root, "file": cu,
                   "arguments": ["clang++"] + flags + extra + [cu]})
    with open(os.path.join(out, "compile_commands.json"), "w") as f:
        json.dump(db, f, indent=1)
    print(len(cus))


if __name__ == "__main__":
    main()
