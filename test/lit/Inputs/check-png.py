"""Checks a screenshot without third-party modules: check-png.py FILE WIDTH
HEIGHT MIN_COLOURS [RRGGBB...]. Fails unless FILE is a PNG of WIDTH x HEIGHT
with more than MIN_COLOURS distinct colours (a blank or failed page has one
or two) and every RRGGBB given appears in it (colours only the report's
pictures use). Prints one line saying what it found."""
import struct
import sys
import zlib


def fail(message):
    sys.stderr.write("check-png.py: " + message + "\n")
    sys.exit(1)


def chunks(data):
    pos = 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        yield kind, data[pos + 8:pos + 8 + length]
        pos += 12 + length


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def pixels(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(path + ": not a PNG")
    idat = b""
    for kind, body in chunks(data):
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(
                ">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    if depth != 8 or colour not in (2, 6) or interlace:
        fail(f"{path}: unsupported PNG (depth {depth}, colour type {colour}, "
             f"interlace {interlace})")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    previous = bytearray(stride)
    rows = []
    pos = 0
    for _ in range(height):
        kind = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        # The five PNG filters, undone in place.
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = previous[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                upleft = previous[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + paeth(left, up, upleft)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, bpp, rows


def main():
    path, width, height, min_colours = sys.argv[1], int(sys.argv[2]), int(
        sys.argv[3]), int(sys.argv[4])
    wanted = {tuple(bytes.fromhex(c)) for c in sys.argv[5:]}
    w, h, bpp, rows = pixels(path)
    if (w, h) != (width, height):
        fail(f"{path}: {w}x{h}, expected {width}x{height}")
    colours = set()
    for row in rows:
        for x in range(0, len(row), bpp):
            colours.add(tuple(row[x:x + 3]))
    if len(colours) <= min_colours:
        fail(f"{path}: {len(colours)} distinct colours, expected more than "
             f"{min_colours}")
    missing = wanted - colours
    if missing:
        fail(f"{path}: no pixel of " +
             ", ".join("%02x%02x%02x" % c for c in sorted(missing)))
    print(f"png {w}x{h}, more than {min_colours} colours, "
          f"{len(wanted)} expected colours present")


main()
