"""Writes DIR/compile_commands.json listing the given sources:
make-compdb.py [--nvcc] DIR FILE...

Without --nvcc the command is Clang's; with it, what CMake's CUDA language
writes for nvcc, host-compiler and code-generation flags included."""
import json
import os
import sys

args = sys.argv[1:]
nvcc = args[0] == "--nvcc"
if nvcc:
    args = args[1:]
out_dir, sources = args[0], args[1:]
inputs = os.path.dirname(os.path.abspath(__file__))


def command(src):
    obj = os.path.basename(src) + ".o"
    if not nvcc:
        return f"clang++ -x cuda -O2 -DLISTED=1 -c {src} -o {obj}"
    # Include paths in a response file, as CMake writes includes_CUDA.rsp.
    rsp = os.path.join(out_dir, "includes_CUDA.rsp")
    with open(rsp, "w") as f:
        f.write(f"-I{inputs}/needs-flags-include -isystem=/opt/none\n")
    return (f"/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DSTRIDE=8 "
            f"--options-file {rsp} -O3 -lineinfo "
            f"--expt-relaxed-constexpr --extended-lambda -Xcompiler=-fPIC -Xcompiler -Wall "
            f"-ccbin /usr/bin/g++ --use_fast_math -std=c++17 "
            f"\"--generate-code=arch=compute_86,code=[compute_86,sm_86]\" "
            f"-x cu -rdc=true -c {src} -o {obj}")


entries = [{"directory": out_dir, "command": command(os.path.abspath(f)),
            "file": os.path.abspath(f)} for f in sources]
with open(os.path.join(out_dir, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=2)
