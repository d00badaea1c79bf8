#!/usr/bin/env python3
"""Small inputs for yuhc/gpu-parboil's CUDA benchmarks (its datasets/ folder is empty): each in
the format the benchmark's reader expects, seeded, small enough that a run takes well under a
second.

Usage: parboil-inputs.py DATASETS_DIR   (the staged src/datasets; gpu-parboil.sh calls it)
Writes DATASETS_DIR/BENCHMARK/small/input/... as Parboil's own layout.
Python 3 standard library only.
"""
import math
import os
import random
import struct
import sys


def path(d, bench, name):
    p = os.path.join(d, bench, "small", "input", name)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    return p


def cutcp(d, n=4000, box=24.0):
    """readatom.c: PQR records `ATOM  serial name res resid x y z charge radius`."""
    r = random.Random(11)
    with open(path(d, "cutcp", "watbox.pqr"), "w") as fh:
        for i in range(n):
            fh.write("ATOM  %5d  OH2 TIP3 %5d %8.3f %8.3f %8.3f %7.4f %6.4f\n" % (
                i + 1, i // 3 + 1, r.uniform(0, box), r.uniform(0, box), r.uniform(0, box),
                -0.834 if i % 3 == 0 else 0.417, 1.7))


def histo(d, w=1024, h=512, hw=4096, hh=256):
    """main.cu: img_width, img_height, histo_width, histo_height (uint32), then the image
    (uint32 bin indices, concentrated in the middle of the histogram as the suite's data)."""
    r = random.Random(12)
    bins = hw * hh
    with open(path(d, "histo", "img.bin"), "wb") as fh:
        fh.write(struct.pack("<4I", w, h, hw, hh))
        vals = [min(bins - 1, max(0, int(r.gauss(bins / 2, bins / 16)))) for _ in range(w * h)]
        fh.write(struct.pack("<%dI" % len(vals), *vals))


def lbm(d, sx=120, sy=120, sz=150):
    """lbm.cu: one character a cell ('.' fluid, anything else an obstacle), a newline after
    each row and after each plane; the grid size is the program's SIZE_X/Y/Z. A sphere."""
    cx, cy, cz, rad = sx / 2, sy / 2, sz / 3, min(sx, sy) / 6
    with open(path(d, "lbm", "sphere.of"), "w") as fh:
        for z in range(sz):
            for y in range(sy):
                fh.write("".join("#" if (x - cx) ** 2 + (y - cy) ** 2 + (z - cz) ** 2 < rad * rad
                                 else "." for x in range(sx)) + "\n")
            fh.write("\n")


def mri_gridding(d, n=65536):
    """main.cu: a parameter file and FILE.data, numsamples records of 6 floats
    (real, imag, kX, kY, kZ, sdc), k in [-kmax, kmax]."""
    r = random.Random(13)
    p = path(d, "mri-gridding", "small.uks")
    with open(p, "w") as fh:
        fh.write("aquisition.numsamples=%d\naquisition.kmax=0.5 0.5 0.5\n"
                 "aquisition.matrixSize=32 32 32\nreconstruction.matrixSize=32 32 32\n"
                 "gridding.matrixSize=64 64 64\ngridding.oversampling=2.0\n"
                 "kernel.width=4.0\nkernel.useLUT=1\n" % n)
    with open(p + ".data", "wb") as fh:
        for _ in range(n):
            fh.write(struct.pack("<6f", r.uniform(-1, 1), r.uniform(-1, 1), r.uniform(-0.5, 0.5),
                                 r.uniform(-0.5, 0.5), r.uniform(-0.5, 0.5), 1.0))


def mri_q(d, numk=2048, numx=32768):
    """file.cc: numK, numX (int32), kx, ky, kz (numK floats each), x, y, z (numX each), phiR,
    phiI (numK each)."""
    r = random.Random(14)
    with open(path(d, "mri-q", "32_32_32_small.bin"), "wb") as fh:
        fh.write(struct.pack("<2i", numk, numx))
        for cnt in (numk, numk, numk, numx, numx, numx, numk, numk):
            fh.write(struct.pack("<%df" % cnt, *[r.uniform(-0.5, 0.5) for _ in range(cnt)]))


def sgemm(d, m=256, n=256, k=128):
    """io.cc: `rows cols` then the values, column-major: A (m x k) and B transposed (n x k)."""
    r = random.Random(15)
    for name, rows, cols in (("matrix1.txt", m, k), ("matrix2t.txt", n, k)):
        with open(path(d, "sgemm", name), "w") as fh:
            fh.write("%d %d\n" % (rows, cols))
            fh.write("\n".join("%.4f" % r.uniform(-1, 1) for _ in range(rows * cols)) + "\n")


def spmv(d, dim=4096, per_row=16):
    """convert_dataset.c reads a MatrixMarket coordinate real general matrix; file.cc's
    input_vec reads dim floats. A banded random matrix."""
    r = random.Random(16)
    entries = set()
    for i in range(dim):
        entries.add((i, i))
        for _ in range(r.randint(1, 2 * per_row - 1)):
            entries.add((i, min(dim - 1, max(0, i + r.randint(-256, 256)))))
    entries = sorted(entries, key=lambda e: (e[1], e[0]))
    with open(path(d, "spmv", "banded4k.mtx"), "w") as fh:
        fh.write("%%%%MatrixMarket matrix coordinate real general\n%d %d %d\n" % (dim, dim, len(entries)))
        for i, j in entries:
            fh.write("%d %d %.6e\n" % (i + 1, j + 1, r.uniform(-1, 1)))
    with open(path(d, "spmv", "vector.bin"), "wb") as fh:
        fh.write(struct.pack("<%df" % dim, *[r.uniform(-1, 1) for _ in range(dim)]))


def stencil(d, nx=128, ny=128, nz=32):
    """main.cu: nx*ny*nz floats (x fastest)."""
    r = random.Random(17)
    with open(path(d, "stencil", "128x128x32.bin"), "wb") as fh:
        for _ in range(nz):
            fh.write(struct.pack("<%df" % (nx * ny), *[r.random() for _ in range(nx * ny)]))


def tpacf(d, n=4096, sets=2):
    """model_io.cc: `ra dec` (degrees) a line, npoints lines; one data file, `sets` random."""
    r = random.Random(18)
    for name in ["Datapnts.1"] + ["Randompnts.%d" % (i + 1) for i in range(sets)]:
        with open(path(d, "tpacf", name), "w") as fh:
            for _ in range(n):
                fh.write("%.6f %.6f\n" % (r.uniform(0, 360), math.degrees(math.asin(r.uniform(-1, 1)))))


def main(argv):
    d = argv[0]
    for f in (cutcp, histo, lbm, mri_gridding, mri_q, sgemm, spmv, stencil, tpacf):
        f(d)
    files = [os.path.join(r, f) for r, _, fs in os.walk(d) for f in fs]
    print("parboil inputs: %d files, %.1f MiB in %s" % (len(files),
                                                        sum(map(os.path.getsize, files)) / 1048576.0, d))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
