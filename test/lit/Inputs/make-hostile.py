#!/usr/bin/env python3
"""Writes one generated hostile input for the tests in test/lit/hostile.

  make-hostile.py KIND OUT [COUNT]
KIND: binary (8 KiB of seeded random bytes), deep-sum (an index that is a
sum of 20,000 terms: a left-deep tree 20,000 levels high), many-kernels
(COUNT kernels, default 3,000), many-accesses (one kernel with COUNT
accesses, default 3,000; bench/run.py --stress uses both), big-compdb
(OUT is a directory: a compile_commands.json of 5,000 entries, one of them
for OUT/kernel.cu, which is written too).
"""
import json
import os
import random
import sys

kind, out = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
if kind == "binary":
    rng = random.Random(7)
    open(out, "wb").write(bytes(rng.randrange(256) for _ in range(8192)))
elif kind == "deep-sum":
    terms = " + ".join(["i"] * 20000)
    open(out, "w").write("__global__ void k(float *a, int i) {\n  a[threadIdx.x + %s] = 1.0f;\n}\n" % terms)
elif kind == "many-kernels":
    with open(out, "w") as f:
        for i in range(count):
            f.write("__global__ void k%d(float *a) { a[threadIdx.x * %d] = 1.0f; }\n" % (i, i % 7 + 1))
elif kind == "many-accesses":
    with open(out, "w") as f:
        f.write("__global__ void k(float *a) {\n")
        for i in range(count):
            f.write("  a[threadIdx.x * %d + %d] = 1.0f;\n" % (i % 5 + 1, i))
        f.write("}\n")
elif kind == "big-compdb":
    os.makedirs(out, exist_ok=True)
    src = os.path.join(out, "kernel.cu")
    open(src, "w").write("__global__ void k(float *a) { a[2 * threadIdx.x] = 1.0f; }\n")
    entries = [{"directory": out, "file": os.path.join(out, "other%d.cu" % i),
                "arguments": ["clang++", "-x", "cuda", "-c", "other%d.cu" % i]}
               for i in range(4999)]
    entries.insert(2500, {"directory": out, "file": src,
                          "arguments": ["clang++", "-x", "cuda", "-DFROM_DB", "-c", "kernel.cu"]})
    json.dump(entries, open(os.path.join(out, "compile_commands.json"), "w"))
else:
    sys.exit("unknown kind " + kind)
