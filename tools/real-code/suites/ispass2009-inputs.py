#!/usr/bin/env python3
"""Small inputs for the ISPASS-2009 programs whose data (gpgpu-sim_simulations' data_dirs, a
download) is not in the repository: each in the format the program's reader expects, seeded.

Usage: ispass2009-inputs.py SRC      (the staged src; ispass2009.sh calls it, edit E5)
  BFS/data/graph16k.txt        bfs.cu: node count, (first edge, edge count) per node, the source,
                               the edge count, (destination, cost) per edge
  NN/data/lw1.wei ... lw4.wei  NN.cu InitHostMem: 156, 7800, 125100, 1010 floats (native order)
  NN/data/t10k-images-idx3-ubyte  NN.cu readIn: 4 big-endian ints (magic, count, rows, columns),
                               then 28 x 28 bytes per image; `NN 28` reads 28 images
Python 3 standard library only.
"""
import importlib.util
import os
import random
import struct
import sys


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if isinstance(data, bytes) else "w") as fh:
        fh.write(data)
    print(path)


def bfs(src, n=16384):
    # The format of Rodinia's bfs.cu, which comes from this one: rodinia-inputs.py writes it.
    spec = importlib.util.spec_from_file_location(
        "rodinia_inputs", os.path.join(os.path.dirname(os.path.abspath(__file__)), "rodinia-inputs.py"))
    rodinia = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rodinia)
    write(os.path.join(src, "BFS", "data", "graph16k.txt"), rodinia.bfs_graph(n))


def nn(src, images=28):
    r = random.Random(2)
    for name, count in (("lw1.wei", 156), ("lw2.wei", 7800), ("lw3.wei", 125100), ("lw4.wei", 1010)):
        write(os.path.join(src, "NN", "data", name),
              struct.pack("<%df" % count, *[r.uniform(-0.5, 0.5) for _ in range(count)]))
    head = struct.pack(">4i", 2051, images, 28, 28)
    write(os.path.join(src, "NN", "data", "t10k-images-idx3-ubyte"),
          head + bytes(r.randrange(256) for _ in range(images * 28 * 28)))


def main(argv):
    if len(argv) != 1:
        print(__doc__)
        return 2
    bfs(argv[0])
    nn(argv[0])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
