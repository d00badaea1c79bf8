"""Runs a command and says whether its first line of stdout came at least
MIN seconds before it exited: a front end that streams its results.

usage: first-line-early.py MIN command...
"""
import subprocess
import sys
import time

least = float(sys.argv[1])
start = time.monotonic()
child = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
first = child.stdout.readline()
first_at = time.monotonic() - start
rest = child.stdout.read()
child.wait()
ended_at = time.monotonic() - start
print(first, end="")
print(rest, end="")
early = ended_at - first_at >= least
print("first line %s before the end" % ("well" if early else "NOT"))
