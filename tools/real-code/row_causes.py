#!/usr/bin/env python3
"""Gives each wrong or not-predicted row of wrong_rows.py's TSV its cause, by program and line.

  row_causes.py WRONG_ROWS.tsv OUT.tsv     # OUT: the rows with a `cause` column, then counts

The causes are those docs/real-code.md names for the rows of 2026-12-06 (sixth session); a row
this table does not know is `unclassified` (a new program or line: read it and add it here).
Python 3 standard library only.
"""
import collections
import csv
import sys

# (program, line or None for every line) -> cause key; the first match wins.
RULES = [
    # Not seen by the front end: library calls and device-side launches.
    (("cdpQuadtree", None), "cooperative-groups"),
    (("simpleAWBarrier", None), "not-compiled-or-not-followed"),
    (("cudaGraphsPerfScaling", None), "not-compiled-or-not-followed"),
    (("bf16TensorCoreGemm", None), "wmma-and-memcpy-async"),
    (("dmmaTensorCoreGemm", None), "wmma-and-memcpy-async"),
    (("tf32TensorCoreGemm", None), "wmma-and-memcpy-async"),
    (("cudaTensorCoreGemm", None), "wmma-and-memcpy-async"),
    (("immaTensorCoreGemm", None), "wmma-and-memcpy-async"),
    (("globalToShmemAsyncCopy", 136), "wmma-and-memcpy-async"),
    (("globalToShmemAsyncCopy", 154), "request-weights-unknown"),
    (("cdpAdvancedQuicksort", None), "device-launch"),
    (("cdpSimpleQuicksort", 48), "data-loop-copies"),
    (("cdpSimpleQuicksort", None), "device-launch"),
    (("cdpSimplePrint", None), "device-launch"),
    (("cdpBezierTessellation", None), "device-launch"),
    (("MC_EstimatePiInlineQ", None), "library-call"),
    (("segmentationTreeThrust", None), "filed-under-loop-header"),
    (("mergeSort", None), "filed-under-loop-header"),
    # Accesses through casts of register arrays, or a `?:` choosing the memory.
    (("gemm_fp32", 68), "fused-across-outer-loop"),
    (("gemm_fp32", None), "register-array-casts"),
    (("stencil", None), "select-between-memories"),
    (("cutcp", None), "shared-through-pointer-arithmetic"),
    (("cutcp_base", None), "shared-through-pointer-arithmetic"),
    # Loops whose trips differ between lanes or outer trips.
    (("lud", None), "triangular-loop"),
    (("knn", None), "data-loop-copies"),
    (("topk", 890), "data-loop-copies"),
    (("topk", 891), "data-loop-copies"),
    (("topk", None), "fused-struct-fields"),
    (("hungarian", None), "data-loop-copies"),
    (("nms", None), "data-loop-copies"),
    (("streamcluster", 29), "fused-struct-fields"),
    (("streamcluster", None), "data-loop-copies"),
    # Partial tiles at the launch's edge, sizes tried at other values.
    (("backprop", None), "edge-tiles"),
    (("nw", None), "edge-tiles"),
    (("hotspot", None), "edge-tiles"),
    (("pathfinder", None), "edge-tiles"),
    (("SobolQRNG", None), "edge-tiles"),
    (("histogram", 109), "edge-tiles"),
    # Counters indexed by data, texture-fed stores, single-lane stores.
    (("histogram", None), "data-indexed-counters"),
    (("convolutionTexture", None), "data-indexed-counters"),
    (("threadFenceReduction", None), "data-indexed-counters"),
    (("dxtc", None), "data-indexed-counters"),
    (("simpleCudaGraphs", None), "data-indexed-counters"),
    (("convolutionSeparable", None), "edge-tiles"),
    # Loops over sizes read at run time.
    (("histo", None), "runtime-size-loops"),
    (("histo_base", None), "runtime-size-loops"),
    (("mri-gridding_base", None), "runtime-size-loops"),
    (("eigenvalues", None), "data-compaction"),
    (("dct8x8", None), "data-compaction"),
    # nvcc's line table.
    (("b+tree", None), "filed-under-loop-header"),
    (("srad_v1", None), "filed-under-loop-header"),
    (("srad_v2", None), "filed-under-loop-header"),
    (("dwt2d_53", None), "filed-under-loop-header"),
    (("particlefilter_naive", None), "filed-under-loop-header"),
    (("huffman", None), "filed-under-loop-header"),
    (("Sort", None), "filed-under-loop-header"),
    (("aobench", None), "filed-under-loop-header"),
    (("eigenvalue", None), "filed-under-loop-header"),
    (("is", None), "filed-under-loop-header"),
    (("bspline-vgh", 107), "filed-under-loop-header"),
    (("lavaMD", None), "fused-struct-fields"),
    (("ssim", None), "not-compiled-or-not-followed"),
    # Alignment, constant tables, predicated data guards.
    (("minimod", None), "unknown-alignment"),
    (("bspline-vgh", None), "constant-tables"),
    (("fma", None), "fused-struct-fields"),
    # Shared accesses not seen.
    (("lfib4", None), "filed-under-loop-header"),
    (("warpexchange", None), "cooperative-groups"),
    (("D_BFS", None), "filed-under-loop-header"),
    (("D_SSSP", None), "filed-under-loop-header"),
    (("D_PAD", None), "runtime-size-loops"),
]


# ggml's programs run every kernel of the backend: by the file of the line.
FILE_RULES = [
    (("dequantize.cuh", 399), "data-grid-gather"),
    (("vecdotq.cuh", None), "template-argument-callback"),
    (("mmq-vec-dot.cuh", None), "template-argument-callback"),
    (("dequantize.cuh", None), "template-argument-callback"),
    (("cpy-utils.cuh", None), "template-argument-callback"),
    (("cpy.cu", None), "template-argument-callback"),
    (("binbcast.cu", None), "template-argument-callback"),
    (("common.cuh", 930), "template-argument-callback"),
    (("getrows.cu", None), "template-argument-callback"),
    (("mmvq.cu", 668), "template-argument-callback"),
    (("mmq-load-tiles.cuh", None), "quantized-block-casts"),
    (("mma.cuh", None), "inline-ptx"),
    (("cp-async.cuh", None), "inline-ptx"),
    (("fattn-mma-f16.cuh", 1215), "inline-ptx"),
    (("fattn-mma-f16.cuh", 1648), "inline-ptx"),
    (("fattn-mma-f16.cuh", 1815), "filed-under-loop-header"),
    (("fattn-mma-f16.cuh", 1861), "filed-under-loop-header"),
    (("fattn-mma-f16.cuh", None), "null-or-flag-select"),
    (("fattn-tile.cuh", None), "null-or-flag-select"),
    (("fattn-vec.cuh", None), "null-or-flag-select"),
    (("ssm-scan.cu", None), "null-or-flag-select"),
    (("fattn-common.cuh", None), "runtime-size-loops"),
    (("common.cuh", 815), "runtime-size-loops"),
    (("mmq.cuh", 513), "per-warp-rows-from-data"),
    (("mmq.cuh", 982), "predicated-guard"),
    (("mmvf.cu", None), "predicated-guard"),
    (("mmq.cuh", None), "edge-tiles"),
    (("wkv.cu", None), "fused-struct-fields"),
    (("gla.cu", None), "fused-struct-fields"),
    (("pad.cu", None), "edge-tiles"),
    (("concat.cu", None), "edge-tiles"),
    (("im2col.cu", None), "edge-tiles"),
    (("roll.cu", None), "edge-tiles"),
    (("tri.cu", None), "edge-tiles"),
    (("softmax.cu", None), "edge-tiles"),
]


def cause_of(program, line, path=""):
    for (p, l), c in RULES:
        if p == program and (l is None or l == line):
            return c
    base = path.rsplit("/", 1)[-1]
    if program.startswith("ggml_"):
        for (f, l), c in FILE_RULES:
            if f == base and (l is None or l == line):
                return c
    return "unclassified"


def main():
    src, out = sys.argv[1], sys.argv[2]
    with open(src, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    counts = collections.Counter()
    with open(out, "w", newline="") as f:
        w = csv.writer(f, delimiter="\t", lineterminator="\n")
        w.writerow(list(rows[0].keys()) + ["cause"])
        for r in rows:
            c = cause_of(r["program"], int(r["line"]), r["file"])
            counts[c] += 1
            w.writerow(list(r.values()) + [c])
    for c, n in counts.most_common():
        print(f"{n}\t{c}")


if __name__ == "__main__":
    main()
