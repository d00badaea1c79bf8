#!/usr/bin/env python3
"""nvcc as the oracle for the analyzer's model of runtime unrolling.

  unroll-oracle.py [--nvdisasm NVDISASM] NVCC WORKDIR CUDA_COALESCE [TOOL ARGS...]

Writes kernels whose loop has a trip count that differs by lane (`for (int
j = i; j < M; j++)` and others) and bodies of many sizes and kinds,
compiles them with `nvcc -ptx`, and reads from the PTX the factor nvcc
unrolled each loop by and whether the leftover trips run before the
unrolled loop (a prolog) or after it (an epilog). The analyzer must say
"nvcc unrolls the loop at line L by F and runs each lane's remaining trips
first|before|after" with the same F and the same side exactly for the
kernels nvcc unrolls, and nothing for the others.

With --nvdisasm, also compiles a cubin and reads the SASS: ptxas unrolls
some of the loops LLVM unrolled by 4 once more, in pieces of 16, 8 and 4
trips (1 + 16 + 8 + 4 copies of each access in all, where LLVM's loop has
1 + 4); the analyzer must add "which ptxas runs 16 trips at a time" exactly
for those. Prints one line per kernel that differs, then a summary line.
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


# name -> (body statements, global accesses per trip). Each kernel: one loop.
CASES = {}
for n in (1, 2, 3, 4, 6, 8, 10, 12, 14, 16, 20, 24):
    CASES[f"loads{n}"] = (f"s += {body_loads(n)};", n)
CASES["contiguous"] = ("s += a[j] * a[j + M];", 2)
CASES["math"] = ("s += expf(a[j * M + i]) * a[j];", 2)
CASES["exp_only"] = ("s += expf(a[j * M + i] - 1.0f);", 1)
CASES["exp_store"] = ("float e = expf(a[j * M + i]); s += e; out[j * M + i] = e;", 2)
# Products summed: fused multiply-adds.
CASES["fma_pairs"] = ("s += a[j * M + i] * a[j * M + i + 3000017] + "
                      "a[j * M + i + 1000003] * a[j * M + i + 2000003];", 4)
# llm.c's softmax_autoregressive_backward_kernel1: a load the loop does not
# change (a[i], moved before the loop) beside two it does.
CASES["hoisted_operand"] = ("float ind = j == i ? 1.0f : 0.0f; "
                            "float ld = a[i * M + j] * (ind - a[i]); "
                            "s += 0.5f * ld * a[i * M + j + 1000003];", 2)
# Accesses of a case's body that nvcc moves before the loop: one copy each.
HOISTED = {"hoisted_operand": 1}
CASES["running_max"] = ("if (a[j * M + i] > s) s = a[j * M + i];", 1)
CASES["branch"] = ("if (a[j] > 0.0f) s += a[j * M + i]; else s -= a[j * M + i];", 2)
CASES["store"] = ("out[j * M + i] = a[j] * 2.0f;", 2)
CASES["helper"] = ("s += twice(a, j, i);", 2)
# A loop of a few constant trips inside: unrolled fully first.
CASES["inner_max4"] = ("float4 v = reinterpret_cast<const float4 *>(a)[j * M + i]; "
                       "for (int k = 0; k < 4; ++k) s = fmaxf(s, at(v, k));", 1)
CASES["inner_softmax4"] = ("float4 v = reinterpret_cast<const float4 *>(a)[j * M + i]; "
                           "float o = s; for (int k = 0; k < 4; ++k) s = fmaxf(s, at(v, k)); "
                           "t *= expf(o - s); for (int k = 0; k < 4; ++k) t += expf(at(v, k) - s);", 1)
CASES["int_from_zero"] = ("s += a[j * M + i]; n += 1;", 1)
CASES["int_from_param"] = ("s += a[j * M + i]; n += 1;", 1)
CASES["pragma1"] = ("s += a[j * M + i];", 1)
CASES["pragma2"] = ("s += a[j * M + i];", 1)
CASES["syncwarp"] = ("s += a[j * M + i]; __syncwarp();", 1)
CASES["syncthreads"] = ("s += a[j * M + i]; __syncthreads();", 1)
CASES["shuffle"] = ("s += __shfl_sync(0xffffffffu, a[j * M + i], 0);", 1)
CASES["unsigned_step"] = ("s += a[j * M + i];", 1)
CASES["unsigned_step_bounded"] = ("s += a[j * M + i];", 1)
CASES["signed_step"] = ("s += a[j * M + i];", 1)
CASES["early_exit"] = ("if (a[j] < 0.0f) break; s += a[j * M + i];", 2)
CASES["from_zero_max"] = ("if (a[i * M + j] > s) s = a[i * M + j];", 1)

# The loop of each case that is not `for (int j = i; j < M; j++)`.
LOOPS = {
    "unsigned_step": "for (int j = i; j < M; j += blockDim.x)",
    "signed_step": "for (int j = i; j < M; j += 32)",
    "unsigned_step_bounded": "for (int j = i % 32; j < k / 4; j += 32u)",
    "from_zero_max": "for (int j = 0; j <= i; j++)",
    "hoisted_operand": "for (int j = 0; j <= i; j++)",
}


def source():
    lines = [f"#define M {M}",
             "__device__ float twice(const float *a, int j, int i) {",
             "  return a[j * M + i] + a[j + 5];", "}",
             "__device__ float at(const float4 &v, int k) {",
             "  return reinterpret_cast<const float *>(&v)[k];", "}"]
    for name, (body, _) in CASES.items():
        init = "int n = 0;" if name == "int_from_zero" else "int n = k;"
        pragma = {"pragma1": "#pragma unroll 1", "pragma2": "#pragma unroll 2"}.get(name, "")
        lines += [f"__global__ void {name}(float *out, const float *a, int k) {{",
                  "  int i = blockIdx.x * blockDim.x + threadIdx.x;",
                  f"  float s = 0.0f, t = 1.0f; {init}",
                  pragma,
                  "  " + LOOPS.get(name, "for (int j = i; j < M; j++)") + " {",
                  f"    {body}",
                  "  }",
                  "  out[i] = s + t + n;",
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


def nvcc_unrolling(body_ptx, loads, hoisted=0):
    """(factor, prolog) from the PTX of one kernel."""
    accesses = [l for l in body_ptx.splitlines() if re.search(r"\b(ld|st)\.global", l)]
    # The final out[i] store is one access outside the loop, as are the
    # hoisted loads.
    total = len(accesses) - 1 - hoisted
    copies = round(total / loads) if loads else 0
    factor = max(1, copies - 1)
    if factor == 1:
        return 1, False
    # Blocks in PTX order: the main loop is the block with `factor` copies;
    # a prolog puts one copy of the body before it.
    blocks = re.split(r"\n\$L__BB\d+_\d+:", body_ptx)
    seen = -hoisted
    for b in blocks:
        n = len([l for l in b.splitlines() if re.search(r"\b(ld|st)\.global", l)])
        if n >= factor * loads:
            return factor, seen > 0
        seen += n
    return factor, False


def sass_copies(nvcc, nvdisasm, cu, work):
    """{kernel: copies of the loop body in the SASS} (global accesses but the
    final store, over the accesses per trip)."""
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "..", "..", "runtime-bench"))
    import sass_lines
    cubin = os.path.join(work, "unroll.cubin")
    subprocess.run([nvcc, "-O3", "-arch=sm_90", "-cubin", "-o", cubin, cu], check=True)
    rc, text, err, _ = sass_lines.disassemble(nvdisasm, cubin)
    if rc != 0:
        sys.exit(f"nvdisasm failed: {err.strip()}")
    copies = {}
    for mangled, f in sass_lines.parse_sass(text).items():
        m = re.match(r"_Z\d+(\w+?)PfPKfi$", mangled)
        if not m or m.group(1) not in CASES:
            continue
        n = len([i for i in f["instrs"] if i["space"] == "global"]) - 1
        copies[m.group(1)] = (n - HOISTED.get(m.group(1), 0)) / CASES[m.group(1)][1]
    return copies


def main():
    args = sys.argv[1:]
    nvdisasm = None
    if args[:1] == ["--nvdisasm"]:
        nvdisasm, args = args[1], args[2:]
    nvcc, work, tool = args[0], args[1], args[2:]
    os.makedirs(work, exist_ok=True)
    cu = os.path.join(work, "unroll.cu")
    with open(cu, "w") as f:
        f.write(source())
    ptx_path = os.path.join(work, "unroll.ptx")
    subprocess.run([nvcc, "-arch=sm_90", "-ptx", "-o", ptx_path, cu], check=True)
    funcs = ptx_functions(open(ptx_path).read())
    copies = sass_copies(nvcc, nvdisasm, cu, work) if nvdisasm else {}
    out = subprocess.run(tool + ["--format=json", "--show-all", cu],
                         capture_output=True, text=True).stdout
    said = {}
    for a in json.loads(out)["accesses"]:
        for note in a.get("assumptions", []):
            m = re.match(r"nvcc unrolls the loop at line \d+ by (\d+) and runs each lane's "
                         r"remaining trips (?:\(its trip count modulo \d+\) )?(first|before|after)",
                         note)
            if m:
                said[a["kernel"]] = (int(m.group(1)), m.group(2) != "after",
                                     "ptxas runs 16 trips at a time" in note)
    differ = 0
    for name, (_, loads) in CASES.items():
        factor, prolog = nvcc_unrolling(funcs[name], loads, HOISTED.get(name, 0))
        expected = (factor, prolog) if factor > 1 else None
        got = said.get(name)
        if (got[:2] if got else None) != expected:
            differ += 1
            print(f"{name}: nvcc factor {factor}, {'prolog' if prolog else 'epilog'}; "
                  f"analyzer {got}")
        elif nvdisasm and got:
            pieces = round(copies[name]) == 1 + 7 * factor
            if pieces != got[2]:
                differ += 1
                print(f"{name}: SASS has {copies[name]:g} copies (pieces: {pieces}); "
                      f"analyzer pieces: {got[2]}")
    print(f"{differ} of {len(CASES)} kernels differ")


if __name__ == "__main__":
    main()
