#!/usr/bin/env python3
"""nvcc's own line table for SASS: `nvdisasm -gi -c` output read into per-instruction source frames.

Used by parse_ncu.py (to file a measured instruction under the source line nvcc gave it, where
Nsight Compute lists it only under a CUDA header) and by tools/real-code/sass-coverage.py.

nvdisasm -gi prints, before an instruction, the chain of inlined frames
  //## File "cuda_bf16.hpp", line 113 inlined at "fused_residual_forward.cu", line 108
  //## File "fused_residual_forward.cu", line 108
(innermost first); an instruction without such comments keeps the frames of the one before it.

An nvdisasm older than the nvcc (CUDA 11.8's with CUDA 13) rejects the cubin ("does not contain
Cuda architecture information"): CUDA 12.8+ writes a new ELF header (OS ABI 0x41, ABI version 8,
the SM number in e_flags bits 8-15). The instruction encoding of an SM does not change with the
toolkit, so disassemble() then reads a copy whose header is rewritten to the old form (OS ABI
0x33, ABI version 7, e_flags = SM | 0x100 | 0x400 | SM << 16). What it prints must still be
checked against the instructions Nsight Compute saw: match_function() does that per kernel.

Command line:  sass_lines.py disassemble CUBIN OUT.sass [--nvdisasm PATH]
Python 3 standard library only.
"""
import os
import re
import shutil
import struct
import subprocess
import sys

GLOBAL_OPS = {"LDG": "load", "STG": "store", "ATOMG": "atomic", "REDG": "atomic", "LDGSTS": "load",
              "UTMALDG": "load", "UTMASTG": "store", "UBLKCP": "copy"}
GENERIC_OPS = {"LD": "load", "ST": "store", "ATOM": "atomic", "RED": "atomic"}

RE_SECTION = re.compile(r'^\s*\.section\s+\.text\.([^,\s]+)')
RE_OTHER = re.compile(r'^\s*\.other\s+([^,\s]+),\s*@"([^"]*)"')
RE_FILE = re.compile(r'^\s*//## File "([^"]*)", line (\d+)(?: inlined at "([^"]*)", line (\d+))?')
RE_INSTR = re.compile(r'^\s*/\*([0-9a-fA-F]{4,})\*/\s+(.*?)\s*;')
RE_PRED = re.compile(r'^@!?U?P[0-9T]+\s+')


def find_nvdisasm(explicit=None):
    return (explicit or os.environ.get("NVDISASM") or shutil.which("nvdisasm")
            or "/usr/local/cuda/bin/nvdisasm")


def patch_elf_abi(src, dst):
    """CUDA 12.8+ cubin header -> the pre-12.8 form an older nvdisasm reads (see the docstring).
    Returns True when a patched copy was written."""
    b = bytearray(open(src, "rb").read())
    if b[:4] != b"\x7fELF" or b[4] != 2 or len(b) < 0x40:
        return False
    if not (b[7] == 0x41 and b[8] >= 8):
        return False
    flags = struct.unpack_from("<I", b, 0x30)[0]
    sm = (flags >> 8) & 0xFF
    b[7], b[8] = 0x33, 7
    struct.pack_into("<I", b, 0x30, sm | 0x100 | 0x400 | (sm << 16))
    open(dst, "wb").write(b)
    return True


def disassemble(nvdisasm, cubin, timeout=900):
    """nvdisasm -gi -c CUBIN, retried on a header-patched copy (CUBIN.abi7) when it fails.
    Returns (rc, text, error, patched)."""
    def run(path):
        try:
            p = subprocess.run([nvdisasm, "-gi", "-c", path], capture_output=True, text=True,
                               errors="replace", timeout=timeout)
            return p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired:
            return 124, "", "timed out after %ss" % timeout
        except OSError as e:
            return 127, "", str(e)

    rc, out, err = run(cubin)
    if rc == 0 and out.strip():
        return rc, out, err, False
    alt = cubin + ".abi7"
    if patch_elf_abi(cubin, alt):
        rc, out, err = run(alt)
        return rc, out, err, True
    return rc or 1, out, err, False


def instr_width(mods):
    s = set(mods)
    if "128" in s:
        return 16
    if s & {"64", "F64", "U64", "S64"}:
        return 8
    if s & {"U16", "S16", "F16", "BF16"}:
        return 2
    if s & {"U8", "S8"}:
        return 1
    return 4


_REAL = {}


def real(path):
    """realpath, cached (frames repeat a few paths thousands of times)."""
    r = _REAL.get(path)
    if r is None:
        r = _REAL[path] = os.path.realpath(path)
    return r


def walk(text):
    """nvdisasm -gi -c output -> (functions, entries), functions = {mangled: [(offset, text,
    chain)]} for every instruction in order (text as printed, chain innermost first), entries =
    the mangled names marked STO_CUDA_ENTRY (kernels)."""
    funcs = {}
    entries = set()
    cur = None
    chain = []
    pending = None        # the last comment's "inlined at" frame, not yet in the chain
    last_instr = True
    for ln in text.split("\n"):
        m = RE_SECTION.match(ln)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            chain, pending, last_instr = [], None, True
            continue
        m = RE_OTHER.match(ln)
        if m:
            if "STO_CUDA_ENTRY" in m.group(2):
                entries.add(m.group(1))
            continue
        m = RE_FILE.match(ln)
        if m:
            if last_instr:
                chain = []
                last_instr = False
            fr = (real(m.group(1)), int(m.group(2)))
            if not chain or chain[-1] != fr:
                chain.append(fr)
            pending = (real(m.group(3)), int(m.group(4))) if m.group(3) else None
            continue
        m = RE_INSTR.match(ln)
        if not m or cur is None:
            continue
        if pending is not None:
            if not chain or chain[-1] != pending:
                chain.append(pending)
            pending = None
        last_instr = True
        cur.append((int(m.group(1), 16), m.group(2).strip(), tuple(chain)))
    return funcs, entries


def parse_sass(text):
    """nvdisasm -gi -c output -> {mangled: {"entry": bool, "n_instr": int, "instrs": [...]}}.
    Each global or generic memory instruction: {addr, sass, op, full, space, kind, width,
    chain: [(file, line), ...]} (chain innermost first)."""
    funcs, entries = walk(text)
    out = {}
    for name, instrs in funcs.items():
        mem = []
        for off, text, chain in instrs:
            full = opcode(text)
            op = full.split(".")[0]
            if op in GLOBAL_OPS:
                space, kind = "global", GLOBAL_OPS[op]
            elif op in GENERIC_OPS:
                space, kind = "generic", GENERIC_OPS[op]
            else:
                continue
            mem.append({"addr": "0x%04x" % off, "sass": text, "op": op, "full": full,
                        "space": space, "kind": kind, "width": instr_width(full.split(".")[1:]),
                        "chain": list(chain)})
        out[name] = {"entry": name in entries, "n_instr": len(instrs), "instrs": mem}
    return out


def opcode(sass):
    """'@!P0 LDG.E.128 R4, desc[...]' -> 'LDG.E.128'."""
    toks = RE_PRED.sub("", sass.lstrip("{ ").strip()).split()
    return toks[0] if toks else ""


def match_function(funcs, measured, prefer=()):
    """Which disassembled function Nsight Compute measured, and where it was loaded.

    measured: {absolute address: SASS text} of the instructions ncu listed for one kernel.
    Returns (mangled name, load address) when one function, at one constant load address, has
    at every measured address an instruction with the same opcode and modifiers; the functions
    in `prefer` (e.g. those whose demangled name is the kernel's) are tried first, and the first
    of them that fits is the answer. None when no function fits (not the same compilation) or,
    none of them preferred, several do."""
    if not measured:
        return None
    want = sorted((a, opcode(s)) for a, s in measured.items())
    first_addr, first_op = want[0]
    order = [n for n in prefer if n in funcs] + sorted(n for n in funcs if n not in prefer)
    found = []
    for name in order:
        at = {off: opcode(text) for off, text, _ in funcs[name]}
        for off, op in at.items():
            if op != first_op:
                continue
            base = first_addr - off
            if all(at.get(a - base) == o for a, o in want):
                found.append((name, base))
                break
        if found and name in prefer:
            break
    if len(found) == 1 or (found and found[0][0] in prefer):
        return found[0]
    return None


def demangle(names):
    if not names:
        return {}
    cxxfilt = shutil.which("c++filt") or shutil.which("llvm-cxxfilt")
    if not cxxfilt:
        return {n: n for n in names}
    p = subprocess.run([cxxfilt], input="\n".join(names) + "\n", capture_output=True, text=True)
    outs = p.stdout.split("\n")
    return {n: (outs[i] if i < len(outs) and outs[i] else n) for i, n in enumerate(names)}


def kernel_file_line(chain, kernel_file):
    """The innermost frame of `chain` in the file named like kernel_file (basename), or None."""
    base = os.path.basename(kernel_file)
    for path, line in chain:
        if os.path.basename(path) == base:
            return line
    return None


def main(argv):
    if len(argv) >= 3 and argv[0] == "disassemble":
        nvdisasm = find_nvdisasm(argv[argv.index("--nvdisasm") + 1] if "--nvdisasm" in argv else None)
        rc, out, err, patched = disassemble(nvdisasm, argv[1])
        if rc != 0 or not out.strip():
            print("%s: nvdisasm failed: %s" % (argv[1], err.strip()[:300]), file=sys.stderr)
            return 1
        with open(argv[2], "w") as fh:
            fh.write(out)
        if patched:
            print("%s: disassembled with a rewritten ELF header (older nvdisasm)" % argv[1],
                  file=sys.stderr)
        return 0
    print(__doc__.split("Command line:")[1].split("\n")[0].strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
