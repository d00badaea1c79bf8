#!/usr/bin/env python3
"""nvcc as the oracle for the analyzer's model of runtime unrolling.

  unroll-oracle.py NVCC WORKDIR CUDA_COALESCE [TOOL ARGS...]

Writes kernels whose loop `for (int j = i; j < M; j++)` has a trip count
that differs by lane and bodies of many sizes and kinds, compiles them with
`nvcc -ptx`, and reads from the PTX the factor nvcc unrolled each loop by
and whether the leftover trips run before the unrolled loop (a prolog).
The analyzer must say "nvcc unrolls the loop at line L by F and runs each
lane's remaining trips first" exactly for the kernels whose PTX has a
prolog, with the same F, and nothing for the others. Prints one line per
kernel that differs, then a summary line.
"""
import json
import os
import re
import subprocess
import sys

M = 2048


def body_loads(n):
    # Offsets no trip reaches from another: nvcc would reuse such loads.
    return " + ".join(f"a[j * M + i + {k * 1000003}]" for k in range(n))


# name -> (body statements, loads per trip). Each kernel: one loop.
CASES = {}
for n in (1, 2, 3, 4, 6, 8, 10, 12, 14, 16, 20, 24):
    CASES[f"loads{n}"] = (f"s += {body_loads(n)};", n)
CASES["contiguous"] = ("s += a[j] * a[j + M];", 2)
CASES["math"] = ("s += expf(a[j * M + i]) * a[j];", 2)
CASES["branch"] = ("if (a[j] > 0.0f) s += a[j * M + i]; else s -= a[j * M + i];", 2)
CASES["store"] = ("out[j * M + i] = a[j] * 2.0f;", 2)
CASES["helper"] = ("s += twice(a, j, i);", 2)
CASES["int_from_zero"] = ("s += a[j * M + i]; n += 1;", 1)
CASES["int_from_param"] = ("s += a[j * M + i]; n += 1;", 1)
CASES["pragma1"] = ("s += a[j * M + i];", 1)
CASES["pragma2"] = ("s += a[j * M + i];", 1)
CASES["syncwarp"] = ("s += a[j * M + i]; __syncwarp();", 1)
CASES["syncthreads"] = ("s += a[j * M + i]; __syncthreads();", 1)
CASES["shuffle"] = ("s += __shfl_sync(0xffffffffu, a[j * M + i], 0);", 1)
CASES["unsigned_step"] = ("s += a[j * M + i];", 1)
CASES["signed_step"] = ("s += a[j * M + i];", 1)
CASES["early_exit"] = ("if (a[j] < 0.0f) break; s += a[j * M + i];", 2)


def source():
    lines = [f"#define M {M}",
             "__device__ float twice(const float *a, int j, int i) {",
             "  return a[j * M + i] + a[j + 5];", "}"]
    for name, (body, _) in CASES.items():
        init = "int n = 0;" if name == "int_from_zero" else "int n = k;"
        pragma = {"pragma1": "#pragma unroll 1", "pragma2": "#pragma unroll 2"}.get(name, "")
        lines += [f"__global__ void {name}(float *out, const float *a, int k) {{",
                  "  int i = blockIdx.x * blockDim.x + threadIdx.x;",
                  f"  float s = 0.0f; {init}",
                  pragma,
                  {"unsigned_step": "  for (int j = i; j < M; j += blockDim.x) {",
                   "signed_step": "  for (int j = i; j < M; j += 32) {"}.get(
                       name, "  for (int j = i; j < M; j++) {"),
                  f"    {body}",
                  "  }",
                  "  out[i] = s + n;",
                  "}"]
    lines.append("void launch(float *o, const float *a) {")
    for name in CASES:
        lines.append(f"  {name}<<<8, 256>>>(o, a, 3);")
    lines.append("}")
    return "\n".join(lines) + "\n"


def ptx_functions(ptx):
    funcs = {}
    for m in re.finditer(r"\.entry\s+_Z\d+(\w+?)PfPKfi\((.*?)\n}\n", ptx, re.S):
        funcs[m.group(1)] = m.group(2)
    return funcs


def nvcc_unrolling(body_ptx, loads):
    """(factor, prolog) from the PTX of one kernel."""
    accesses = [l for l in body_ptx.splitlines()
                if re.search(r"\b(ld|st)\.global", l) and "st.global.f32 \t[%rd" not in l[:0]]
    # The final out[i] store is one access outside the loop.
    total = len(accesses) - 1
    copies = round(total / loads) if loads else 0
    factor = max(1, copies - 1)
    if factor == 1:
        return 1, False
    # Blocks in PTX order: the main loop is the block with `factor` copies;
    # a prolog puts one copy of the body before it.
    blocks = re.split(r"\n\$L__BB\d+_\d+:", body_ptx)
    seen = 0
    for b in blocks:
        n = len([l for l in b.splitlines() if re.search(r"\b(ld|st)\.global", l)])
        if n >= factor * loads:
            return factor, seen > 0
        seen += n
    return factor, False


def main():
    nvcc, work, tool = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(work, exist_ok=True)
    cu = os.path.join(work, "unroll.cu")
    with open(cu, "w") as f:
        f.write(source())
    ptx_path = os.path.join(work, "unroll.ptx")
    subprocess.run([nvcc, "-arch=sm_90", "-ptx", "-o", ptx_path, cu], check=True)
    funcs = ptx_functions(open(ptx_path).read())
    out = subprocess.run(tool + ["--format=json", "--show-all", cu],
                         capture_output=True, text=True).stdout
    said = {}
    for a in json.loads(out)["accesses"]:
        for note in a.get("assumptions", []):
            m = re.match(r"nvcc unrolls the loop at line \d+ by (\d+) and runs each lane", note)
            if m:
                said[a["kernel"]] = int(m.group(1))
    differ = 0
    for name, (_, loads) in CASES.items():
        factor, prolog = nvcc_unrolling(funcs[name], loads)
        expected = factor if prolog else None
        if said.get(name) != expected:
            differ += 1
            print(f"{name}: nvcc {'prolog' if prolog else 'no prolog'}, factor {factor}; "
                  f"analyzer {said.get(name)}")
    print(f"{differ} of {len(CASES)} kernels differ")


if __name__ == "__main__":
    main()
