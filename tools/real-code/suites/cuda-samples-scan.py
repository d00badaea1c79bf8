#!/usr/bin/env python3
"""Writes the cuda-samples manifest (cuda-samples.tsv) from a checkout of NVIDIA/cuda-samples:
every sample that builds with plain nvcc and runs headless with no extra library, and a
`# skip NAME: reason` line for every other one.

Usage: cuda-samples-scan.py CHECKOUT > tools/real-code/suites/cuda-samples.tsv

Per sample (Samples/<group>/<name>/CMakeLists.txt): the sources of its add_executable, -rdc=true
where it sets CUDA_SEPARABLE_COMPILATION, --extended-lambda where it asks for it, -I of its
include_directories, the CUDA libraries it links (cuBLAS, cuFFT, cuRAND, cuSPARSE, cuSOLVER,
cudadevrt: all in the toolkit). Skipped: OpenGL/GLUT/EGL/Vulkan/Direct3D/X11 (not headless),
MPI, NvSci, cuDNN, NPP/nvJPEG/FreeImage, the driver API and NVRTC (their kernels are compiled at
run time or loaded from PTX: no line table of ours), libNVVM, samples with no kernel of their own,
and those that need two GPUs or several processes (ARGS/SKIP below say which).
Python 3 standard library only.
"""
import os
import re
import sys

# Arguments that keep a run short (the default of a sample is used otherwise).
ARGS = {
    # test_args.json's or the sample's own options, smaller problems
    "simpleTexture3D": "--file=ref_texture3D.bin",
    "cdpQuadtree": "",
    "dct8x8": "",
    "binomialOptions": "",
    "MonteCarloMultiGPU": "-method=threaded",
    "UnifiedMemoryPerf": "--kernel-iterations=1",
}
SKIP = {
    "simpleIPC": "several processes (IPC)",
    "streamOrderedAllocationIPC": "several processes (IPC)",
    "simpleP2P": "needs two GPUs",
    "streamOrderedAllocationP2P": "needs two GPUs",
    "p2pBandwidthLatencyTest": "a copy bandwidth test: with one GPU only its delay kernel",
    "simpleCUFFT_MGPU": "needs two GPUs",
    "simpleCUFFT_2d_MGPU": "needs two GPUs",
    "conjugateGradientMultiDeviceCG": "needs two GPUs",
    "cudaNvSci": "NvSci",
    "interval": "needs Boost's interval headers (not installed on the build machine)",
    "simpleMPI": "MPI",
    "UnifiedMemoryStreams": "OpenMP + cuBLAS, no kernel of its own",
    "cudaOpenMP": "OpenMP (Clang here has no omp.h)",
    "EGLStream_CUDA_CrossGPU": "EGL",
    "systemWideAtomics": "needs pageable memory access (HMM/ATS); waives on most systems",
    "cuDLAErrorReporting": "cuDLA (Tegra)",
    "cuDLAHybridMode": "cuDLA (Tegra)",
    "cuDLAStandaloneMode": "cuDLA (Tegra)",
}
BAD_LIBS = {
    "OpenGL": "OpenGL", "GLUT": "GLUT", "glut": "GLUT", "GLEW": "OpenGL", "EGL": "EGL",
    "X11": "X11", "Vulkan": "Vulkan", "vulkan": "Vulkan", "glfw": "OpenGL", "MPI::": "MPI",
    "cudnn": "cuDNN", "nvsci": "NvSci", "NvSci": "NvSci", "npp": "NPP", "nvjpeg": "nvJPEG",
    "FreeImage": "FreeImage", "cuda_driver": "the driver API", "nvrtc": "NVRTC",
    "NVVM": "libNVVM", "OpenMP": "OpenMP", "d3d": "Direct3D", "cudla": "cuDLA",
}
LIBS = {"cublas": "-lcublas", "cublasLt": "-lcublasLt", "cufft": "-lcufft", "curand": "-lcurand",
        "cusparse": "-lcusparse", "cusolver": "-lcusolver", "cudadevrt": "-lcudadevrt",
        "cufft_static": "-lcufft"}
KERNEL = re.compile(r"__global__")


def strip_cmake_comments(text):
    return "\n".join(ln.split("#", 1)[0] for ln in text.split("\n"))


def scan(root, group, name):
    d = os.path.join(root, "Samples", group, name)
    cm = os.path.join(d, "CMakeLists.txt")
    if not os.path.isfile(cm):
        return None, "no CMakeLists.txt"
    text = strip_cmake_comments(open(cm, errors="replace").read())
    if name in SKIP and SKIP[name]:
        return None, SKIP[name]
    if re.search(r"if\s*\(\s*WIN32\s*\)", text) and not re.search(r"else\s*\(", text) \
            and "add_executable" in text.split("WIN32", 1)[1][:400]:
        return None, "Windows only"
    m = re.search(r"add_executable\(\s*" + re.escape(name) + r"\s+([^)]*)\)", text)
    if not m:
        m = re.search(r"add_executable\(\s*(\S+)\s+([^)]*)\)", text)
        if not m:
            return None, "no add_executable"
        srcs = m.group(2).split()
    else:
        srcs = m.group(1).split()
    srcs = [s for s in srcs if not s.startswith("$")]
    for key, why in BAD_LIBS.items():
        pat = r"(find_package\(\s*%s|CUDA::%s|\b%s\b)" % (re.escape(key), re.escape(key), re.escape(key))
        if key in ("OpenMP",):
            pat = r"(OpenMP::|find_package\(\s*OpenMP\s+REQUIRED)"
        if re.search(pat, text):
            return None, why
    if any(s.endswith((".c",)) and "drvapi" in s for s in srcs):
        return None, "the driver API"
    if "D3D" in name or any(re.search(r"d3d1[12]", x.lower()) for x in srcs) or "WIN32" in srcs:
        return None, "Windows only (Direct3D)"
    files = []
    for r, _, fs in os.walk(d):
        files += [os.path.join(r, f) for f in sorted(fs) if f.endswith((".cu", ".cuh", ".h", ".hpp", ".cpp"))]
    own = sum(1 for f in files if KERNEL.search(open(f, errors="replace").read()))
    if own == 0:
        return None, "no kernel of its own (library calls only)"
    flags = ["-I../../../Common"]
    for inc in re.findall(r"include_directories\(([^)]*)\)", text):
        for p in inc.split():
            p = p.replace("${CMAKE_CURRENT_SOURCE_DIR}/", "").replace("${CMAKE_CURRENT_SOURCE_DIR}", ".")
            if p.startswith("$") or p in ("PRIVATE", "PUBLIC", "INTERFACE", name) or p == ".":
                continue
            if p != "../../../Common" and os.path.isdir(os.path.join(d, p)):
                flags.append("-I" + p)
    if re.search(r"CUDA_SEPARABLE_COMPILATION\s+ON", text):
        flags.append("-rdc=true")
    if "--extended-lambda" in text:
        flags.append("--extended-lambda")
    if "--std=c++20" in text or "cuda_std_20" in text or "cxx_std_20" in text:
        flags.append("-std=c++20")
    else:
        flags.append("-std=c++17")
    for lib, flag in LIBS.items():
        if re.search(r"CUDA::%s\b" % lib, text) and flag not in flags:
            flags.append(flag)
    if re.search(r"cdp|CUDA_DEVRT|cudadevrt", text, re.I) and "-lcudadevrt" not in flags \
            and "-rdc=true" in flags:
        flags.append("-lcudadevrt")
    return {"dir": os.path.join("Samples", group, name), "sources": " ".join(srcs),
            "flags": " ".join(flags), "args": ARGS.get(name, "")}, None


def main(argv):
    root = argv[0]
    print("# NVIDIA/cuda-samples, written by cuda-samples-scan.py (see cuda-samples.sh)."
          " Columns: suite_check.py.")
    print("# name\tdir\tsources\tflags\targs\topts")
    skipped = []
    base = os.path.join(root, "Samples")
    for group in sorted(os.listdir(base)):
        gd = os.path.join(base, group)
        if not os.path.isdir(gd):
            continue
        for name in sorted(os.listdir(gd)):
            if not os.path.isdir(os.path.join(gd, name)):
                continue
            p, why = scan(root, group, name)
            if p is None:
                skipped.append((group, name, why))
                continue
            print("\t".join([name, p["dir"], p["sources"], p["flags"], p["args"] or "-", "-"]))
    for group, name, why in skipped:
        print("# skip %s: %s (%s)" % (name, why, group))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
