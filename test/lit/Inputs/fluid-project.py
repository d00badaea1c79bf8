"""Copies the fixture project test/fixtures/fluid (CUDA as a CMake language,
nvcc, separable compilation, two architectures) to DEST and configures it
with CMake's GENERATOR in DEST/build, writing DEST/build/compile_commands.json
as a user's build does. No GPU is needed; nothing is compiled.

  fluid-project.py NVCC DEST GENERATOR
"""
import os
import shutil
import subprocess
import sys

nvcc, dest, generator = sys.argv[1:4]
fixture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                       "fixtures", "fluid")
if not os.path.exists(os.path.join(dest, "CMakeLists.txt")):
    shutil.copytree(fixture, dest, dirs_exist_ok=True)
build = os.path.join(dest, "build")
result = subprocess.run(
    ["cmake", "-S", dest, "-B", build, "-G", generator,
     "-DCMAKE_CUDA_COMPILER=" + nvcc],
    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
if result.returncode != 0:
    sys.stderr.write(result.stdout)
    sys.exit("fluid-project.py: cmake failed")
