#!/usr/bin/env python3
"""Inputs of the HeCBench subset in a form its programs read without extra tools.

Usage: hecbench-inputs.py png2ppm IN.png OUT.ppm WIDTH HEIGHT
  IN.png -> binary PPM (P6) of its top-left WIDTH x HEIGHT. bm3d's CImg reads PNM by itself; for
  PNG it calls ImageMagick's convert at run time, which the GPU machine does not have. Here the
  conversion is `convert IN.png ppm:-` (ImageMagick, or this workplace's stand-in for it), run once
  at stage time.
Python 3 standard library only.
"""
import subprocess
import sys


def read_ppm(data):
    """(width, height, pixels) of a binary PPM with maxval 255 and no comments."""
    magic, dims, maxval, pixels = data.split(b"\n", 3)
    width, height = map(int, dims.split())
    if magic != b"P6" or maxval != b"255" or len(pixels) != width * height * 3:
        raise SystemExit("not an 8-bit binary PPM: %r %r %r" % (magic, dims, maxval))
    return width, height, pixels


def png2ppm(src, dst, w, h):
    r = subprocess.run(["convert", src, "ppm:-"], capture_output=True, timeout=300)
    if r.returncode != 0:
        raise SystemExit("convert %s ppm:- failed: %s" % (src, r.stderr.decode(errors="replace")[:300]))
    width, height, pixels = read_ppm(r.stdout)
    w, h = min(w, width), min(h, height)
    with open(dst, "wb") as fh:
        fh.write(b"P6\n%d %d\n255\n" % (w, h))
        fh.write(b"".join(pixels[y * width * 3:(y * width + w) * 3] for y in range(h)))
    print("  %s: %d x %d of %s (%d x %d)" % (dst, w, h, src, width, height))


def main(argv):
    if len(argv) == 5 and argv[0] == "png2ppm":
        png2ppm(argv[1], argv[2], int(argv[3]), int(argv[4]))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
