#!/usr/bin/env python3
"""The HeCBench subset of suite-check.sh, chosen by a fixed rule that does not read the kernels.

Usage: hecbench-select.py CHECKOUT [--offset K] [--count N] [--table]   the selection (--table:
                                                                        every pick)
       hecbench-select.py CHECKOUT --manifest [--count N]  hecbench.tsv on stdout
       hecbench-select.py CHECKOUT --manifest --offset K [--count N]   a later batch, appended to it
       hecbench-select.py --selftest                       the rule on a hand-made checkout

The rule:
  1. The folders src/*-cuda of the checkout, sorted by byte value (C locale): 529 at f27000a.
  2. Every 16th, starting at the first (positions 0, 16, 32, ...): 34 picks. A later batch
     (--offset K, 0 < K < 16) starts at position K (K, K + 16, ...) and never takes a folder
     of an earlier batch (BATCH_OFFSETS: the batches in the order they were made; a pick of an
     earlier batch's offset or its replacement, cut or not): such a pick is replaced as a
     dropped one is (4).
  3. A pick is dropped when it needs what this measurement cannot give it, judged from its
     build files and folder only (CMakeLists.txt's add_hecbench_benchmark, the Makefile, the file
     list), in this order:
       mpi      MPI (HeCBench's DEPEND_ON_MPI, mpirun in the Makefile, -lmpi)
       library  a library beyond CUDA's runtime, cuBLAS, cuRAND and cuFFT (cuSOLVER, cuSPARSE,
                cublasLt, NCCL, Boost, GSL, GDAL, zlib, bzip2, ...; libm and pthread are fine)
       offload  OpenMP target offload (`#pragma omp target` in its sources); host OpenMP (the
                CPU reference's `parallel for`) is kept: built with -Xcompiler -fopenmp, analyzed
                with GCC's omp.h (-isystem src/omp-include)
       data     an input the git mirror does not hold: a *.dvc pointer in the folder, an
                UNZIPFILE of an archive that is absent, a file of the folder missing from the
                mirror (HeCBench.missing), or a path of the Makefile's `run` arguments (a file of
                another folder) that is absent
       nocmake  no CMakeLists.txt (the source list and options are read from it)
     and after the build here (BUILD_DROPS below, with the reason): does not build with CUDA 13,
     or no kernel of its own.
  4. A dropped pick is replaced by the next folder of the sorted list that passes 3 (and is not
     a pick already, nor a folder of an earlier batch).
  5. --count N keeps the first N of the result (in sorted order): the cut when the device time
     allows fewer.
Sources, -I and nvcc options come from CMakeLists.txt (SOURCES, INCLUDE_DIRS, COMPILE_OPTIONS,
LINK_LIBRARIES); arguments are ARGS below (small sizes, one repetition; the Makefile's `run`
arguments are printed beside them in --table for comparison).
Python 3 standard library only.
"""
import os
import re
import sys

STEP = 16
# The offsets of the batches in the order they were made: each leaves the folders of those before
# it alone (the second batch, offset 8, only the first's; the third, offset 4, both; the fourth,
# offset 12, all three; the fifth, offset 10, all four; the sixth, offset 6, all five; the
# seventh, offset 14, all six; the eighth, offset 2, all seven; the ninth, offset 9, all eight;
# the tenth, offset 1, all nine).
BATCH_OFFSETS = (0, 8, 4, 12, 10, 6, 14, 2, 9, 1)
SOURCE_EXT = (".cu", ".cuh", ".h", ".hpp", ".c", ".cpp", ".cc")
ALLOWED_LIBS = {"cudart", "cublas", "curand", "cufft", "m", "pthread", "stdc++", "dl", "rt",
                "CUDA::cudart", "CUDA::cublas", "CUDA::curand", "CUDA::cufft"}
DEPEND_ON_MPI = {"miniDGS", "miniWeather", "pingpong", "sparkler", "allreduce", "ccl", "halo-finder"}
DEPEND_ON_OTHER = {"hbc": "Boost", "ge-spmm": "Boost", "mmcsf": "Boost", "warpsort": "Boost",
                   "gerbil": "Boost, bzip2", "sss": "GSL", "xlqc": "GSL", "stsg": "GDAL"}
# Inputs downloaded from elsewhere (a README in the folder says where) or read from another folder's
# DVC archive by a path in the sources (lr), not in the repository.
DATA_ELSEWHERE = {"daphne": "its inputs come from esa-tu-darmstadt/daphne-benchmark (data/README)",
                  "gd": "its input gisette_scale comes from LIBSVM's data sets (README)",
                  "lzss": "its input QCLOUDf48.bin.f32.errctrl.1e-3 comes from "
                          "hpdps-group/ICS23-GPULZ (README)",
                  "mf-sgd": "its input (the Netflix ratings, binary) comes from cuMF/cumf_sgd and a "
                            "Google Drive folder (src/README.md)",
                  "cm": "its inputs (queries/*.sig, reffiles-tab/) come from "
                        "http://purl.oclc.org/NET/cudaMap (README)",
                  "lr": "its input ../lr-sycl/assets/temperature.txt (linear.h's TEMP_FILENAME) is "
                        "in lr-sycl's assets.tar.gz, kept in DVC (assets.tar.gz.dvc), not in git"}

# Picks that passed the file checks and were dropped after the build here (nvcc V13.0.88).
BUILD_DROPS = {
    "coordinates-cuda": "no kernel of its own (Thrust's transform and fill kernels only)",
    "interval-cuda": "Boost: boost/numeric/interval.hpp (the folder's partial copy of Boost lacks it)",
    "rle-cuda": "no kernel of its own (CUB's DeviceRunLengthEncode only)",
    "streamUM-cuda": "no kernel of its own (cuBLAS only)",
    "gels-cuda": "no kernel of its own (cuBLAS's batched gels only; no __global__ in its sources)",
    "geam-cuda": "no kernel of its own (cuBLAS's geam only; no __global__ in its sources)",
    "mallocFree-cuda": "no kernel of its own (cudaMalloc/cudaFree timings; no __global__ in its sources)",
    "memcpy-cuda": "no kernel of its own (cudaMemcpy timings; no __global__ in its sources)",
    "mtf-cuda": "no kernel of its own (Thrust's copy and find only; no __global__ in its sources)",
    "nosync-cuda": "no kernel of its own (stream creation timings; no __global__ in its sources)",
    "blas-gemmStridedBatched-cuda": "no kernel of its own (cuBLAS's strided batched gemm only; no "
                                    "__global__ in its sources)",
    "p2p-cuda": "its kernel runs only between two GPUs with peer access (one GPU here)",
    "blas-gemmEx-cuda": "no kernel of its own (cuBLAS's gemmEx only; no __global__ in its sources)",
    "blas-dot-cuda": "no kernel of its own (cuBLAS's dotEx only; no __global__ in its sources)",
    "blas-gemmBatched-cuda": "no kernel of its own (cuBLAS's batched gemm only; no __global__ in its "
                             "sources)",
    "minmax-cuda": "no kernel of its own (Thrust's min_element and max_element only; no __global__ "
                   "in its sources)",
    "kurtosis-cuda": "no kernel of its own (Thrust's transform_reduce only; no __global__ in its "
                     "sources)",
    "ludb-cuda": "no kernel of its own (cuBLAS's batched getrf only; no __global__ in its sources)",
    "mrg32k3a-cuda": "no kernel of its own (cuRAND's MRG32k3a generator only; no __global__ in its "
                     "sources)",
    "norm2-cuda": "no kernel of its own (cuBLAS's Snrm2 only; no __global__ in its sources)",
}

# Arguments of the selected programs: the Makefile's first `run` line with smaller sizes and one
# repetition (well under a second on an H100 with the profiler's replays). `-` for none.
ARGS = {
    "accuracy-cuda": "8192 1024 10 1",
    "aobench-cuda": "1",
    "attentionMultiHead-cuda": "1",
    "binomial-cuda": "-",
    "bm3d-cuda": "noised.ppm denoised.ppm 20 color reference.ppm",
    "ccsd-trpdrv-cuda": "40 160 1",
    "cobahh-cuda": "100000 1",
    "crc64-cuda": "2 5 1048576",
    "dispatch-cuda": "-",
    "eigenvalue-cuda": "2048 1",
    "fft-cuda": "0 1",
    "gabor-cuda": "1080 1920 1",
    "goulash-cuda": "1 0.01",
    "heat2d-cuda": "1024 1024 1",
    "intrinsics-cast-cuda": "1000000 1",
    "knn-cuda": "1",
    "lfib4-cuda": "1048576",
    "lud-cuda": "-s 256",
    "mcpr-cuda": "alphas.csv 1",
    "minimod-cuda": "--niters 1 --grid 64 --nsteps 4",
    "mr-cuda": "1",
    "nms-cuda": "detections.txt output.txt 1",
    "particle-diffusion-cuda": "10 1",
    "pool-cuda": "8 48 224 224 54 54 1",
    "radixsort-cuda": "1",
    "rmsnorm-cuda": "1 12288 1",
    "sampling-cuda": "1",
    "sheath-cuda": "-",
    "softmax-online-cuda": "1",
    "ssim-cuda": "-",
    "streamcluster-cuda": "10 20 16 4096 4096 1000 none output.txt 1",
    "topk-cuda": "64 1",
    "warpexchange-cuda": "1024 1024 1",
    "zoom-cuda": "1 3 540 1024 1",
    # the second batch (--offset 8 --count 16)
    "affine-cuda": "data/CT-MONO2-16-brain.raw result.raw 1",
    "atomicCost-cuda": "1 1",
    "base64e-cuda": "-",
    "blas-gemm-cuda": "79 91 83 1",
    "bspline-vgh-cuda": "-",
    "che-cuda": "10",
    "concurrentKernels-cuda": "4",
    "dct8x8-cuda": "1024 1024 1",
    "dpid-cuda": "640 480 0.5 1",
    "extrema-cuda": "1",
    "fma-cuda": "8192 8192 1031 8192 1",
    "gelu-cuda": "8 4096 512 1",
    "haccmk-cuda": "1",
    "hungarian-cuda": "output.txt",
    "jacobi-cuda": "-",
    "lavaMD-cuda": "-boxes1d 10",
    # the third batch (--offset 4 --count 24): boxfilter reads the image of the folder its
    # sources and -I come from (E1 copies it); pcc's multi-pass path (ker2) runs only when its
    # matrices pass 4 GiB, so one run launches ker alone
    "addBiasQKV-cuda": "-",
    "asta-cuda": "-w 0 -r 1",
    "babelstream-cuda": "-s 1048576 -n 2",
    "bitpermute-cuda": "1",
    "boxfilter-cuda": "../boxfilter-sycl/data/lenaRGB.ppm 1",
    "chacha20-cuda": "1",
    "complex-cuda": "1000000 1",
    "crs-cuda": "1 2",
    "divergence-cuda": "input.txt 10",
    "epistasis-cuda": "146 31339 1",
    "flip-cuda": "3 256 1",
    "geglu-cuda": "1",
    "groupnorm-cuda": "32 32 16 16 32 1",
    "histogram-cuda": "--i=1",
    "is-cuda": "256 256 256",
    "langevin-cuda": "1048576 1",
    "linearprobing-cuda": "16 8",
    "mandelbrot-cuda": "1",
    "memtest-cuda": "1",
    "minisweep-cuda": "--niterations 1",
    "murmurhash3-cuda": "100000 1",
    "nqueen-cuda": "12 6 1",
    "pcc-cuda": "2048 165",
    "projectile-cuda": "1",
    # the fourth batch (--offset 12 --count 24): dxtc2 and haversine read the inputs of another
    # folder (E1 copies it); hybridsort's list size is a host constant (E5)
    "all-pairs-distance-cuda": "1",
    "atomicSystemWide-cuda": "10",
    "bh-cuda": "10000 1",
    "blockAccess-cuda": "1024 1024 1",
    "bwt-cuda": "100000",
    "clock-cuda": "-",
    "convolutionSeparable-cuda": "1024 1024 1",
    "degrid-cuda": "-",
    "dxtc2-cuda": "../dxtc2-sycl/data/lena_std.ppm ../dxtc2-sycl/data/lena_ref.dds 1",
    "f8cast-cuda": "1048576 1",
    "fsm-cuda": "8192",
    "glu-cuda": "3 256 1",
    "haversine-cuda": "../geodesic-cuda/locations.txt 1",
    "hybridsort-cuda": "r",
    "keogh-cuda": "256 1000000 1",
    "lda-cuda": "1",
    "loopback-cuda": "0 1",
    "matrixT-cuda": "1024 1024 1",
    "michalewicz-cuda": "1048576 1",
    "moe-align-cuda": "1",
    "nbnxm-cuda": "1",
    "p4-cuda": "1",
    "pnpoly-cuda": "1",
    "quantAQLM-cuda": "-",
    # the fifth batch (--offset 10 --count 24): ddbp, merkle and overlap take no arguments (their
    # sizes are host constants)
    "aidw-cuda": "8 0 1",
    "atomicPerf-cuda": "1",
    "bgmv-cuda": "--op bgmv_shrink --tokens 16 --hidden 4096 --rank 16 --loras 4 --repeat 1",
    "blockScan-cuda": "4096 1",
    "btree-cuda": "1048576 1048576",
    "chi2-cuda": "4000 16384 2000 2000 256 1",
    "conversion-cuda": "1048576 1",
    "ddbp-cuda": "-",
    "dslash-cuda": "256",
    "f16max-cuda": "1",
    "fpdc-cuda": "255 8 1 2",
    "gemv-cuda": "-s 4096 -i 1 -x 512 -y 2",
    "hausdorff-cuda": "10000 10000 1",
    "hwt1d-cuda": "1048576 1",
    "kalman-cuda": "1000 100 3 1",
    "layout-cuda": "1",
    "lombscargle-cuda": "1",
    "matern-cuda": "100 1",
    "merkle-cuda": "-",
    "moe-cuda": "8192 384 1 1",
    "mxfp4-cuda": "1048576 1",
    "overlap-cuda": "-",
    "pitch-cuda": "1",
    "qtclustering-cuda": "--passes 1",
    # the sixth batch (--offset 6 --count 24): grrt and laplace take no arguments (their sizes are
    # host constants); log2 and mis read their folder's input; gpp's "test" is its small problem;
    # background-subtract launches its kernels from the third repetition on (measured with 1: none)
    "adjacent-cuda": "1048576 1",
    "atomicAggregate-cuda": "1",
    "background-subtract-cuda": "1024 1024 0 3",
    "blockexchange-cuda": "1024 1024 1",
    "bscan-cuda": "1",
    "channelShuffle-cuda": "2 224 224 1",
    "compute-score-cuda": "-p=1",
    "d3q19-bgk-cuda": "64",
    "dp4a-cuda": "1048576 1",
    "expdist-cuda": "4096 1",
    "fluidSim-cuda": "1",
    "gpp-cuda": "test",
    "grrt-cuda": "-",
    "hypterm-cuda": "1",
    "iso2dfd-cuda": "1024 1024 2",
    "laplace-cuda": "-",
    "log2-cuda": "log2_parameters.config",
    "marchingCubes-cuda": "1",
    "mergeVS-cuda": "1",
    "mis-cuda": "internet.egr 1",
    "myocyte-cuda": "100",
    "ntt-cuda": "1",
    "permute-cuda": "8 1",
    "pso-cuda": "30 1",
    # the seventh batch (--offset 14 --count 24): amgmk, graphExecution and pointerchase take no
    # arguments (their sizes are host constants); bn writes its result file; fdtd3d's CPU reference
    # runs every timestep (2 kept, the volume's depth given); pad is Chai's PAD (its -w and -r);
    # lrn's sizes are host constants (6x150x100x160x160 floats filled before its first launch: cut
    # at 60 s, nothing profiled)
    "amgmk-cuda": "-",
    "attention-paged-cuda": "8 32 128 4096 128 1",
    "bilateral-cuda": "1024 1024 0.5 0.5 1",
    "bn-cuda": "result 1",
    "cbsfil-cuda": "1024 1024 1",
    "cmembench-cuda": "1",
    "cooling-cuda": "1000000 1",
    "depixel-cuda": "1024 1024 1",
    "ecdh-cuda": "1048576 1",
    "fdtd3d-cuda": "--dimx=192 --dimy=184 --dimz=128 --timesteps=2",
    "fwt-cuda": "1",
    "graphExecution-cuda": "-",
    "heat-cuda": "1024 2",
    "idivide-cuda": "1",
    "kiss-cuda": "1",
    "lebesgue-cuda": "1000000 1",
    "lrn-cuda": "1",
    "maxpool3d-cuda": "1024 1024 16 1",
    "minkowski-cuda": "1",
    "moe-sum-cuda": "256 4096 1",
    "ne-cuda": "1024 1024 1",
    "pad-cuda": "-a 0.1 -w 0 -r 1",
    "pointerchase-cuda": "-",
    "quantVLLM-cuda": "4096 5137 1",
    # the eighth batch (--offset 2 --count 24): hexciton, langford and lid-driven-cavity take no
    # arguments (their sizes are host constants); asmooth's and gaussian's CPU references run
    # before the kernels (1024 wide: seconds, not minutes); axpby's argument is its number of
    # tensors (each of 1 Ki to 1 Mi floats); md5hash searches its four fixed key spaces (one
    # pass); lulesh's -i is its iterations and -s its edge; kurtosis (Thrust only) is a BUILD_DROPS
    "adam-cuda": "10000 200 1",
    "asmooth-cuda": "1024 2000 9 1",
    "axpby-cuda": "16",
    "bitonic-sort-cuda": "20 2",
    "bonds-cuda": "1",
    "channelSum-cuda": "224 224 1",
    "collision-cuda": "1",
    "cross-cuda": "1000000 1",
    "distort-cuda": "1024 1024 0.001 1",
    "eikonal-cuda": "-s 128",
    "filter-cuda": "1048576 256 1",
    "gaussian-cuda": "-q -t -s 1024",
    "gru-cuda": "10240 1024 1",
    "hexciton-cuda": "-",
    "intrinsics-simd-cuda": "1000000 1",
    "langford-cuda": "-",
    "lid-driven-cavity-cuda": "-",
    "lulesh-cuda": "-i 1 -s 64 -r 11 -b 1 -c 1",
    "md5hash-cuda": "1 1",
    "morphology-cuda": "32 32 1024 1024 1",
    "mrc-cuda": "1000000 1",
    "nonzero-cuda": "2048 2048 1",
    "particles-cuda": "1",
    "prefetch-cuda": "1",
    # the ninth batch (--offset 9 --count 24): aligned-types and chemv take no arguments (their
    # sizes are host constants); atomicIntrinsics' first is log2 of its threads (2^22, not 2^27:
    # every thread's atomics go to nine words); bezier-surface's CPU reference runs first (-n 2048,
    # not 8192); dropout's launch p of `repeat` keeps p/repeat (2: the first launch keeps half);
    # metropolis' -a is trials, insertions, tempering steps and sweeps (1 2 10 2, not 10 2 2000 10);
    # nbody takes at least 3 steps; lr's input is kept in DVC, ludb and mrg32k3a have no kernel of
    # their own (cuBLAS, cuRAND)
    "aligned-types-cuda": "-",
    "atomicIntrinsics-cuda": "22 1",
    "bezier-surface-cuda": "-n 2048",
    "bsearch-cuda": "1048576 1",
    "burger-cuda": "1024 1024 1",
    "chemv-cuda": "-",
    "contract-cuda": "64 1",
    "debayer-cuda": "1024 1024 1",
    "dropout-cuda": "1048576 2",
    "f16atomic-cuda": "131072 1",
    "fpc-cuda": "256 1",
    "hadamard-cuda": "1024 1",
    "hellinger-cuda": "1",
    "interleave-cuda": "1",
    "jenkins-hash-cuda": "256 1048576 1",
    "layernorm-cuda": "8 1024 768 1",
    "lut-gemm-cuda": "1 1",
    "match-cuda": "1",
    "metropolis-cuda": "-l 32 11 -t 4.7 0.1 -a 1 2 10 2 -h 1.0 -z 7919",
    "nbody-cuda": "16000 3",
    "nlll-cuda": "2048 1000 1",
    "opticalFlow-cuda": "data/frame10.ppm data/frame11.ppm",
    "phmm-cuda": "1",
    "quant3MatMul-cuda": "1",
    # the tenth batch (--offset 1 --count 24): bitpacking, clenergy and hmm take no arguments
    # (their sizes are host constants); ace's argument is its steps, run once more than given (0: one
    # pass of its seven kernels); doh integrates its image on the host in O(h^2 w^2) before the
    # kernel (240 x 320, not 480 x 640); fhd launches one kernel per 4096 voxels (65536 voxels, not
    # 2097152; its first launch is the same); md's first argument is a size class (0: 12288 atoms,
    # its neighbour list built on the host in O(n^2)); nw runs 100 warm-up passes whatever its
    # repeat (2048, not 16384); ising's -w and -n are warm-up and trial sweeps; norm2 has no kernel
    # of its own (cuBLAS), hence page-rank
    "ace-cuda": "0",
    "aop-cuda": "-runs 1",
    "attentionMultiHeadKVCache-cuda": "1",
    "bitpacking-cuda": "-",
    "car-cuda": "1",
    "clenergy-cuda": "-",
    "colorwheel-cuda": "10 1024 1",
    "crossEntropy-cuda": "1",
    "doh-cuda": "240 320 1",
    "entropy-cuda": "1024 1024 1",
    "fhd-cuda": "100000 65536 0",
    "gamma-correction-cuda": "1920 1080 256 1",
    "hmm-cuda": "-",
    "inversek2j-cuda": "../inversek2j-sycl/coord_in.txt 1",
    "ising-cuda": "-x 1024 -y 1024 -w 1 -n 1",
    "laplace3d-cuda": "128 128 128 1 1",
    "libor-cuda": "1",
    "matrix-rotate-cuda": "5000 1",
    "md-cuda": "0 1",
    "nw-cuda": "2048 10 1",
    "overlay-cuda": "640 480",
    "page-rank-cuda": "-n 4096 -i 1",
    "particlefilter-cuda": "-x 128 -y 128 -z 10 -np 400000",
    "popcount-cuda": "1048576 1",
}
# Options beyond the analyzer's flags (suite_check.py's opts): che writes into out/, which its
# Makefile's `run` makes first.
OPTS = {"che-cuda": "prep=mkdir -p out"}


def cmake_args(folder):
    """add_hecbench_benchmark's keywords of FOLDER/CMakeLists.txt -> {KEY: [values]}, plus
    UNZIPFILE paths; None without the file."""
    path = os.path.join(folder, "CMakeLists.txt")
    if not os.path.isfile(path):
        return None
    text = "\n".join(l.split("#")[0] for l in open(path, errors="replace").read().split("\n"))
    # the folder itself is "." (nvcc and the analyzer run in it); set(VAR "...") substituted
    text = re.sub(r"\$\{CMAKE_CURRENT_(LIST|SOURCE)_DIR\}", ".", text)
    for var, val in re.findall(r'\bset\(\s*(\w+)\s+"?([^")\s]+)"?\s*\)', text):
        text = text.replace("${%s}" % var, val)
    out = {"UNZIPFILE": re.findall(r'UNZIPFILE\(\s*"?([^")]+)"?\s*\)', text)}
    m = re.search(r"add_hecbench_benchmark\((.*?)\)", text, re.S)
    if not m:
        return out
    keys = ("NAME", "MODEL", "SOURCES", "CATEGORIES", "COMPILE_OPTIONS", "LINK_LIBRARIES",
            "INCLUDE_DIRS", "TEST_REGEX", "TEST_ARGS", "TEST_TIMEOUT", "ENABLE_FASTMATH")
    cur = None
    for tok in m.group(1).split():
        if tok in keys:
            cur = tok
            out.setdefault(cur, [])
        elif cur:
            out[cur].append(tok)
    return out


def makefile(folder):
    path = os.path.join(folder, "Makefile")
    return open(path, errors="replace").read() if os.path.isfile(path) else ""


def run_args(mk):
    """The Makefile's `run` command line (after ./main or ./$(program)), for reference."""
    m = re.search(r"^run\s*:.*\n((?:\t.*\n?)+)", mk, re.M)
    if not m:
        return ""
    lines = [l.strip() for l in m.group(1).split("\n") if l.strip() and not l.strip().startswith("#")]
    words = (lines or [""])[0].replace("$(LAUNCHER)", "").split()
    return " ".join(words[1:])      # after the program


def drop_reason(root, name, missing):
    folder = os.path.join(root, "src", name)
    base = name[:-len("-cuda")]
    ca = cmake_args(folder)
    mk = makefile(folder)
    libs = set((ca or {}).get("LINK_LIBRARIES", [])) | set(re.findall(r"(?<![\w-])-l(\w[\w+]*)", mk))
    libs = {l[2:] if l.startswith("-l") else l for l in libs}
    if base in DEPEND_ON_MPI or re.search(r"mpirun|-lmpi\b", mk):
        return "mpi", "MPI"
    bad = sorted(l for l in libs if l not in ALLOWED_LIBS and not l.startswith("-f"))
    if base in DEPEND_ON_OTHER:
        return "library", DEPEND_ON_OTHER[base]
    if bad:
        return "library", " ".join(bad)
    if base in DATA_ELSEWHERE:
        return "data", DATA_ELSEWHERE[base]
    files = os.listdir(folder)
    if any(re.search(r"#\s*pragma\s+omp\s+target", open(os.path.join(folder, f), errors="replace").read())
           for f in files if f.endswith(SOURCE_EXT)):
        return "offload", "OpenMP target offload"
    dvc = sorted(f for f in files if f.endswith(".dvc"))
    if dvc:
        return "data", "kept in DVC, not in git: " + " ".join(dvc)
    for z in (ca or {}).get("UNZIPFILE", []):
        p = os.path.join(folder, z)
        if not os.path.isfile(p):
            return "data", "UNZIPFILE %s absent (%s)" % (
                os.path.relpath(os.path.normpath(p), root),
                "a DVC pointer" if os.path.isfile(p + ".dvc") else "not in the mirror")
    lost = [m for m in missing if m.startswith("src/%s/" % name)]
    if lost:
        return "data", "%d files missing from the mirror (%s)" % (len(lost), lost[0])
    for tok in run_args(mk).split():
        if "/" in tok and not tok.startswith("-") and not os.path.exists(os.path.join(folder, tok)):
            return "data", "its run reads %s, absent" % tok
    if ca is None:
        return "nocmake", "no CMakeLists.txt"
    if name in BUILD_DROPS:
        return "build", BUILD_DROPS[name]
    return None


def earlier_offsets(offset):
    """The offsets of the batches made before the one at OFFSET (all of them for a new offset)."""
    return BATCH_OFFSETS[:BATCH_OFFSETS.index(offset)] if offset in BATCH_OFFSETS else BATCH_OFFSETS


def select(root, offset=0):
    """(the sorted folders, one row per pick). A later batch leaves the folders of the batches
    made before it (earlier_offsets) alone."""
    names = sorted(d for d in os.listdir(os.path.join(root, "src"))
                   if d.endswith("-cuda") and os.path.isdir(os.path.join(root, "src", d)))
    names.sort(key=lambda s: s.encode())
    missing_path = os.path.normpath(root) + ".missing"
    missing = [l.strip() for l in open(missing_path)] if os.path.isfile(missing_path) else []
    picks = list(range(offset, len(names), STEP))
    taken = set(picks)
    earlier = set()     # earlier batches' folders: a later batch replaces them as it does a drop
    for before in earlier_offsets(offset):
        _, rows_before = select(root, before)
        earlier |= {names.index(r[3]) for r in rows_before if r[3]}
        taken |= set(range(before, len(names), STEP))
    taken |= earlier
    rows = []       # (pick position, pick name, reason or None, chosen name, [skipped on the way])
    for i in picks:
        r = ("batch", "a folder of an earlier batch") if i in earlier else drop_reason(root, names[i], missing)
        if r is None:
            rows.append((i, names[i], None, names[i], []))
            continue
        j, passed = i + 1, []
        while j < len(names):
            if j not in taken:
                rj = drop_reason(root, names[j], missing)
                if rj is None:
                    break
                passed.append((names[j], rj))
            j += 1
        chosen = names[j] if j < len(names) else None
        if chosen:
            taken.add(j)
        rows.append((i, names[i], r, chosen, passed))
    return names, rows


def uses_openmp(folder, ca):
    """Host OpenMP: -fopenmp in the Makefile or CMakeLists.txt (the CPU reference's pragmas)."""
    return bool(re.search(r"-fopenmp", makefile(folder) + " ".join(sum(ca.values(), []))))


def manifest_row(root, name):
    folder = os.path.join(root, "src", name)
    ca = cmake_args(folder) or {}
    flags = ["-std=c++17", "-I."]     # CMake adds the folder itself to the include path
    flags += ["-I" + os.path.normpath(d) for d in ca.get("INCLUDE_DIRS", [])]
    flags += ca.get("COMPILE_OPTIONS", [])
    flags += ["-l" + l for l in ca.get("LINK_LIBRARIES", []) if not l.startswith("-")]
    if uses_openmp(folder, ca) and "-fopenmp" not in " ".join(flags):
        flags += ["-Xcompiler", "-fopenmp"]
    if re.search(r"-rdc=true|\s-dc\b", makefile(folder)) and "-dc" not in flags:
        flags.append("-rdc=true")   # the Makefile's separate compilation (device calls across files)
    # the analyzer's Clang does not see GCC's omp.h: the copy hecbench.sh stages (E2)
    opts = ["aflags=-isystem ../omp-include"] if uses_openmp(folder, ca) else []
    opts += [OPTS[name]] if name in OPTS else []
    base = name[:-len("-cuda")]
    return "\t".join([base, "src/" + name, " ".join(ca.get("SOURCES", [])), " ".join(flags),
                      ARGS.get(name, "?"), ";".join(opts) or "-"])


def selftest():
    """The rule on a hand-made checkout: a kept pick, picks dropped for MPI, a DVC input, a
    library and an absent input of another folder, their replacements and the count's cut."""
    import tempfile
    root = tempfile.mkdtemp(prefix="hecbench-select-selftest-")
    specs = {   # folder: (CMakeLists.txt body, Makefile, extra files)
        # a commented-out `run` line (gelu's) is not the one that runs
        "a-cuda": ("SOURCES main.cu", "run: main\n\t#./main ../a-sycl/big.bin\n\t./main 1 2\n", []),
        "b-cuda": ("SOURCES main.cu", "run: main\n\t$(LAUNCHER) ./$(program) ../b-sycl/in.txt 3\n", []),
        "c-cuda": ("SOURCES main.cu\n    LINK_LIBRARIES cusparse", "", []),
        "d-cuda": ("SOURCES main.cu", "", ["data.tar.gz.dvc"]),
        "e-cuda": ("SOURCES k.cu main.cu\n    INCLUDE_DIRS ${INC}\n    COMPILE_OPTIONS -use_fast_math",
                   "CFLAGS += -Xcompiler -fopenmp\n", []),
        "ccl-cuda": ("SOURCES main.cu", "", []),
        "f-cuda": ("SOURCES main.cu", "", []),
    }

    def write_folder(name, cm, mk, extra):
        d = os.path.join(root, "src", name)
        os.makedirs(d)
        with open(os.path.join(d, "CMakeLists.txt"), "w") as fh:
            fh.write('set(INC "${CMAKE_CURRENT_LIST_DIR}/../x-cuda")\nadd_hecbench_benchmark(\n'
                     '    NAME %s\n    MODEL cuda\n    %s\n)\n' % (name[:-5], cm))
        with open(os.path.join(d, "Makefile"), "w") as fh:
            fh.write(mk)
        for f in extra:
            open(os.path.join(d, f), "w").close()
    for name, (cm, mk, extra) in specs.items():
        write_folder(name, cm, mk, extra)
    global STEP, BATCH_OFFSETS
    step, batches = STEP, BATCH_OFFSETS
    STEP, BATCH_OFFSETS = 2, (0, 1)
    try:
        names, rows = select(root)   # sorted: a b c ccl d e f; picks a, c, d, f (0, 2, 4, 6)
        b_reason = drop_reason(root, "b-cuda", [])
        row = manifest_row(root, "e-cuda").split("\t")
        _, later = select(root, 1)   # picks b, ccl, e (1, 3, 5); the first batch holds a, e, f
        # a third batch: g, h, i added; every 3rd folder, made at offsets 0, then 2, then 1
        for name in ("g-cuda", "h-cuda", "i-cuda"):
            write_folder(name, "SOURCES main.cu", "", [])
        STEP, BATCH_OFFSETS = 3, (0, 2, 1)
        _, second = select(root, 2)
        _, third = select(root, 1)
    finally:
        STEP, BATCH_OFFSETS = step, batches
        import shutil
        shutil.rmtree(root, ignore_errors=True)
    got = [(p, r[0] if r else None, ch) for _, p, r, ch, _ in rows]
    # c's replacement skips ccl (MPI) and d (a pick itself); d finds none left (e taken, f a pick)
    want = [("a-cuda", None, "a-cuda"), ("c-cuda", "library", "e-cuda"),
            ("d-cuda", "data", None), ("f-cuda", None, "f-cuda")]
    if got != want or rows[1][4] != [("ccl-cuda", ("mpi", "MPI"))]:
        raise SystemExit("selftest FAILED: the rule gave %r (passed over: %r)" % (got, rows[1][4]))
    # b (an absent input) and ccl (MPI) find nothing left to take; e is the first batch's
    got = [(p, r[0] if r else None, ch) for _, p, r, ch, _ in later]
    if got != [("b-cuda", "data", None), ("ccl-cuda", "mpi", None), ("e-cuda", "batch", None)]:
        raise SystemExit("selftest FAILED: the batch at offset 1 gave %r" % (got,))
    # sorted a b c ccl d e f g h i; the first batch (0, 3, 6, 9) holds a, e (for ccl), f, i; the
    # second (2, 5, 8) takes g for c (ccl a pick, d dropped, e and f taken), h; the third (1, 4,
    # 7) finds g the second's and nothing left to take
    got = [(p, r[0] if r else None, ch) for _, p, r, ch, _ in second + third]
    if got != [("c-cuda", "library", "g-cuda"), ("e-cuda", "batch", None), ("h-cuda", None, "h-cuda"),
               ("b-cuda", "data", None), ("d-cuda", "data", None), ("g-cuda", "batch", None)]:
        raise SystemExit("selftest FAILED: the batches at offsets 2 and 1 gave %r" % (got,))
    if b_reason != ("data", "its run reads ../b-sycl/in.txt, absent"):
        raise SystemExit("selftest FAILED: b-cuda's absent input: %r" % (b_reason,))
    if row[2:4] != ["k.cu main.cu", "-std=c++17 -I. -I../x-cuda -use_fast_math -Xcompiler -fopenmp"] \
            or row[5] != "aflags=-isystem ../omp-include":
        raise SystemExit("selftest FAILED: e-cuda's manifest row %r" % row)
    print("hecbench-select selftest: the rule, the replacements and a manifest row as expected")
    return 0


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    if argv[0] == "--selftest":
        return selftest()
    root, count, offset = argv[0], None, 0
    if "--count" in argv:
        count = int(argv[argv.index("--count") + 1])
    if "--offset" in argv:
        offset = int(argv[argv.index("--offset") + 1])
        if not 0 <= offset < STEP:
            raise SystemExit("--offset: 0 to %d" % (STEP - 1))
    names, rows = select(root, offset)
    chosen = [r[3] for r in rows if r[3]]
    if count is not None:
        chosen = chosen[:count]
    if "--table" in argv:
        print("%d folders src/*-cuda, every %dth from position %d: %d picks" % (len(names), STEP, offset,
                                                                              len(rows)))
        for i, pick, reason, ch, passed in rows:
            if reason is None:
                print("%4d %-28s kept  (run: %s)" % (i, pick, run_args(makefile(os.path.join(root, "src", pick)))))
            else:
                print("%4d %-28s DROP  %s: %s -> %s" % (i, pick, reason[0], reason[1], ch))
                for n, rn in passed:
                    print("       also passed over %-22s %s: %s" % (n, rn[0], rn[1]))
        print("selected %d%s: %s" % (len(chosen), "" if count is None else " (cut at %d)" % count,
                                     " ".join(chosen)))
        return 0
    if "--manifest" in argv:
        cut_words = "" if count is None else " --count %d" % count
        if offset:
            print("# A later batch, appended: `hecbench-select.py CHECKOUT --manifest --offset %d%s`: every"
                  % (offset, cut_words))
            print("# %dth folder from position %d, none of an earlier batch's (offsets %s), the same rule%s."
                  % (STEP, offset, " ".join(map(str, earlier_offsets(offset))),
                     "" if count is None else ", the first %d kept" % count))
        else:
            print("# zjin-lcf/HeCBench (see hecbench.sh). Written by `hecbench-select.py CHECKOUT --manifest%s`:"
                  % cut_words)
            print("# every %dth of the %d sorted src/*-cuda folders, a pick that cannot run here replaced by the"
                  % (STEP, len(names)))
            print("# next folder that can (the `pick` lines)%s. Columns: suite_check.py."
                  % ("" if count is None else ", the first %d kept" % count))
            print("# name\tdir\tsources\tflags\targs\topts")
        for n in chosen:
            print(manifest_row(root, n))
        for i, pick, reason, ch, passed in rows:
            if reason is not None:
                print("# pick %d %s -> %s" % (i, pick[:-5], ch[:-5] if ch else "none"))
        for i, pick, reason, ch, passed in rows:
            for n, rn in ([(pick, reason)] if reason else []) + passed:
                print("# skip %s: %s (%s)" % (n[:-5], rn[1], rn[0]))
        cut = [r[3] for r in rows if r[3]][len(chosen):]
        for n in cut:
            print("# skip %s: after the cut at %d programs (device time)" % (n[:-5], count))
        return 0
    print("\n".join(chosen))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
