"""Runs a command, passes its output through, and fails unless it exits with
the expected status: exit-code.py STATUS COMMAND [ARGS...]."""
import subprocess
import sys

expected = int(sys.argv[1])
result = subprocess.run(sys.argv[2:])
if result.returncode != expected:
    sys.stderr.write(f"exit-code.py: expected exit {expected}, got {result.returncode}\n")
    sys.exit(1)
