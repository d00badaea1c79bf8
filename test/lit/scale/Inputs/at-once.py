"""Runs a command N times at once and fails unless every run's stdout is
the file EXPECTED: at-once.py N EXPECTED COMMAND [ARGS...]."""
import subprocess
import sys

count, expected, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
runs = [subprocess.Popen(command, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL) for _ in range(count)]
want = open(expected, "rb").read()
for i, run in enumerate(runs):
    out, _ = run.communicate()
    if out != want:
        sys.exit(f"at-once.py: run {i} printed other output than {expected}")
print(f"{count} runs at once printed {expected}")
