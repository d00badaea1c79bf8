"""Runs a command with its stdout on a pseudo-terminal, as a user's terminal
is (its stderr is this script's); prints what it wrote (the terminal's CR LF
as LF, without the colours' escapes) and whether its first line came at
least MIN seconds before it exited.

usage: on-terminal.py MIN command...
"""
import os
import pty
import re
import subprocess
import sys
import time

least = float(sys.argv[1])
parent, child_end = pty.openpty()
start = time.monotonic()
child = subprocess.Popen(sys.argv[2:], stdout=child_end,
                         stdin=subprocess.DEVNULL)
os.close(child_end)
out = b""
first_at = None
while True:
    try:
        chunk = os.read(parent, 65536)
    except OSError:  # EIO: the child closed the terminal
        break
    if not chunk:
        break
    out += chunk
    if first_at is None and b"\n" in out:
        first_at = time.monotonic() - start
child.wait()
ended_at = time.monotonic() - start
text = out.decode(errors="replace").replace("\r\n", "\n")
sys.stdout.write(re.sub("\x1b\\[[0-9;]*m", "", text))
early = first_at is not None and ended_at - first_at >= least
print("first line %s before the end" % ("well" if early else "NOT"))
