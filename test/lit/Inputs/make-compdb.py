"""Writes DIR/compile_commands.json listing the given sources, compiled the
way CMake's CUDA language with Clang would: make-compdb.py DIR FILE..."""
import json
import os
import sys

out_dir = sys.argv[1]
entries = [{
    "directory": out_dir,
    "command": f"clang++ -x cuda -O2 -DLISTED=1 -c {os.path.abspath(f)} -o {os.path.basename(f)}.o",
    "file": os.path.abspath(f),
} for f in sys.argv[2:]]
with open(os.path.join(out_dir, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=2)
