#!/usr/bin/env python3
"""Small inputs for yuhc/gpu-rodinia's CUDA programs (its data/ folder is empty): each in the
format the program's reader expects, seeded, small enough that a run takes well under a second.

Usage: rodinia-inputs.py DATA_DIR     (the staged src/data; gpu-rodinia.sh calls it)
Python 3 standard library only.
"""
import os
import random
import struct
import sys


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        fh.write(text)


def bfs_graph(n, degree=4):
    """bfs.cu's graph file (Rodinia's and ISPASS-2009's read the same): nodes, (start, edge count)
    per node, source, edge count, (dest, cost) per edge."""
    r = random.Random(1)
    edges = [[r.randrange(n) for _ in range(r.randint(1, 2 * degree - 1))] for _ in range(n)]
    out, start = [str(n)], 0
    for e in edges:
        out.append("%d %d" % (start, len(e)))
        start += len(e)
    out += ["", "0", "", str(start)]
    out += ["%d %d" % (x, r.randint(1, 10)) for e in edges for x in e]
    return "\n".join(out) + "\n"


def bfs(d, n=8192):
    write(os.path.join(d, "bfs", "graph8k.txt"), bfs_graph(n))


def btree(d, n=20000):
    """b+tree: the key count, then the keys (main.c inserts each); command.txt: range queries
    (j count size) and queries (k count), as the suite's command.txt."""
    r = random.Random(2)
    keys = r.sample(range(1, 10 * n), n)
    write(os.path.join(d, "b+tree", "mil.txt"), "%d\n" % n + "\n".join(map(str, keys)) + "\n")
    write(os.path.join(d, "b+tree", "command.txt"), "j 6000 3000\nk 10000\n")


def cfd(d, nx=32, ny=32, nz=16):
    """euler3d: element count, then per element its volume and, for each of 4 faces, the
    neighbour (1-based; -1 wall, -2 far field) and the face normal (3 floats). A structured
    nx*ny*nz block whose faces are x-1, x+1, y-1, y+1."""
    r = random.Random(3)
    nel = nx * ny * nz
    out = [str(nel)]
    for k in range(nz):
        for j in range(ny):
            for i in range(nx):
                nb = []
                for di, dj, nrm in ((-1, 0, (-1, 0, 0)), (1, 0, (1, 0, 0)), (0, -1, (0, -1, 0)),
                                    (0, 1, (0, 1, 0))):
                    ii, jj = i + di, j + dj
                    if 0 <= ii < nx and 0 <= jj < ny:
                        nb.append("%d %g %g %g" % (1 + ii + nx * (jj + ny * k), *[0.01 * c for c in nrm]))
                    else:
                        nb.append("%d %g %g %g" % (-2 if jj in (-1, ny) else -1, *[0.01 * c for c in nrm]))
                out.append("%g %s" % (0.001 * (1 + 0.1 * r.random()), " ".join(nb)))
    write(os.path.join(d, "cfd", "block16k.domn"), "\n".join(out) + "\n")


def dwt2d(d, w=256, h=256):
    """dwt2d reads width*height*3 raw bytes (no header) from data/dwt2d/FILE."""
    r = random.Random(4)
    path = os.path.join(d, "dwt2d", "rgb256.bmp")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(bytes(r.randrange(256) for _ in range(w * h * 3)))


def hotspot(d, n=256):
    """hotspot: one float a line, rows*cols lines (temperatures, powers)."""
    r = random.Random(5)
    write(os.path.join(d, "hotspot", "temp_%d" % n),
          "".join("%.4f\n" % (323 + 20 * r.random()) for _ in range(n * n)))
    write(os.path.join(d, "hotspot", "power_%d" % n),
          "".join("%.6f\n" % (0.001 * r.random()) for _ in range(n * n)))


def hotspot3d(d, n=128, layers=8):
    """hotspot3D: one float a line, rows*cols*layers lines (power, temperature)."""
    r = random.Random(6)
    write(os.path.join(d, "hotspot3D", "power_%dx%d" % (n, layers)),
          "".join("%.6f\n" % (0.001 * r.random()) for _ in range(n * n * layers)))
    write(os.path.join(d, "hotspot3D", "temp_%dx%d" % (n, layers)),
          "".join("%.4f\n" % (323 + 20 * r.random()) for _ in range(n * n * layers)))


def huffman(d, size=1 << 20):
    """huffman reads any byte file (a multiple of 1024 bytes: 256 threads of 4-byte symbols);
    a skewed byte distribution, as the suite's test file (entropy about 2.2 bits)."""
    r = random.Random(7)
    syms = list(range(256))
    weights = [0.5 ** (i / 2.0) for i in range(256)]
    path = os.path.join(d, "huffman", "test1024.in")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(bytes(r.choices(syms, weights, k=size)))


def nn(d, files=4, records=8192):
    """nn: filelist of record files; each record a line as hurricane_gen.c prints it."""
    r = random.Random(8)
    names = ["ALBERTO", "BERYL", "CHRIS", "DEBBY", "ERNESTO", "FLORENCE", "GORDON", "HELENE",
             "ISAAC", "JOYCE", "KIRK", "LESLIE", "MICHAEL", "NADINE", "OSCAR", "PATTY", "RAFAEL",
             "SANDY", "TONY", "VALERIE", "WILLIAM"]
    lst = []
    for f in range(files):
        rows = []
        for _ in range(records):
            rows.append("%4d %2d %2d %2d %2d %-9s %5.1f %5.1f %4d %4d" % (
                1950 + r.randrange(55), 1 + r.randrange(12), 1 + r.randrange(28),
                r.choice((0, 6, 12, 18)), 1 + r.randrange(28), r.choice(names),
                7 + r.randrange(63) + r.random(), r.randrange(358) + r.random(),
                10 + r.randrange(155), r.randrange(900)))
        name = "cane4_%d.db" % f
        write(os.path.join(d, "nn", name), "\n".join(rows) + "\n")
        lst.append("../../data/nn/" + name)
    write(os.path.join(d, "nn", "filelist_4"), "\n".join(lst) + "\n")


def srad(d, rows=502, cols=458):
    """srad_v1 reads data/srad/image.pgm: three header lines, then rows*cols integers."""
    r = random.Random(9)
    vals = [str(r.randrange(256)) for _ in range(rows * cols)]
    body = "\n".join(" ".join(vals[i:i + 16]) for i in range(0, len(vals), 16))
    write(os.path.join(d, "srad", "image.pgm"), "P2\n%d %d\n255\n%s\n" % (cols, rows, body))


def main(argv):
    d = argv[0]
    for f in (bfs, btree, cfd, dwt2d, hotspot, hotspot3d, huffman, nn, srad):
        f(d)
    total = sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(d) for f in fs)
    print("rodinia inputs: %d files, %.1f MiB in %s" % (sum(len(fs) for _, _, fs in os.walk(d)),
                                                        total / 1048576.0, d))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
