# shellcheck shell=bash
# shellcheck disable=SC2016  # the edit expressions are perl, in single quotes on purpose
# zjin-lcf/HeCBench (f27000a, 2026-05-19), a subset of its src/*-cuda programs chosen by a fixed
# rule that does not read the kernels (hecbench-select.py: every 16th of the sorted folders, a
# pick that needs MPI, a library beyond CUDA's runtime/cuBLAS/cuRAND/cuFFT, OpenMP offload or an
# input the git mirror lacks replaced by the next folder that does not; the first 34 kept), and a
# second batch by the same rule from the 8th folder (`--offset 8`, none of the first batch's, the
# first 16 kept), a third from the 4th folder (`--offset 4`, none of the first two batches', the
# first 24 kept), a fourth from the 12th (`--offset 12`, none of the first three batches', the
# first 24 kept), a fifth from the 10th (`--offset 10`, none of the first four batches', the
# first 24 kept), and five more the same way, each from its offset, none of any earlier batch's
# folders, the first 24 kept: a sixth from the 6th, a seventh from the 14th, an eighth from the
# 2nd, a ninth from the 9th and a tenth from the 1st. hecbench.tsv is that script's `--manifest
# --count 34` output followed by its `--manifest --offset 8 --count 16` output and its
# `--manifest --offset K --count 24` outputs for K = 4 12 10 6 14 2 9 1, in that order: sources,
# -I and options from each CMakeLists.txt, arguments from its ARGS table (small sizes, one
# repetition). The first 20 were measured first; the other 30 are packed on their own (`pack
# hecbench/NAME...`), and so is every later batch.
# Each program runs in its own folder.
# The checkout is /work/ext/HeCBench, made by /work/extract.sh from the git mirror (every blob of
# HEAD it holds, symbolic links written as the blobs git keeps for them, a file holding the target
# path; HeCBench.missing lists the 39 it lacks).
# Sourced by suite-check.sh (stage).
#
# Edits (stage), no line moves, nothing inside a kernel:
#   E1 the folders the manifest names, the folders their -I../NAME flags name (warpexchange:
#      ../blockAccess-cuda) and the folders their arguments' ../NAME/ paths name (dxtc2:
#      ../dxtc2-sycl, haversine: ../geodesic-cuda), copied as they are
#   E2 src/omp-include/omp.h: a copy of GCC's omp.h, for the analyzer only (its Clang does not see
#      GCC's headers); nvcc builds with -Xcompiler -fopenmp where the Makefile has it
#   E3 mcpr: alphas.csv from the folder's alphas.csv.bz2 (CMakeLists.txt's UNZIPFILE), its first
#      16 lines: the program reads it with fscanf("%lf") per value, which stops at the first comma,
#      so it reads one value whatever follows (the other 551,879 stay as malloc left them, as with
#      the whole file); main.cu `M = 10000` -> `M = 100` (Monte Carlo draws, a host constant passed
#      to the kernels: the CPU reference before each kernel took 26280 x 10000 x 21 steps)
#   E4 bm3d: its PNG inputs converted (`convert IN.png ppm:-`, here) and cropped to 256 x 256 RGB
#      PPM (CImg reads PNM itself; PNG would need ImageMagick's convert at run time, on the GPU
#      machine): noised.ppm, reference.ppm
#   E5 problem sizes that are host constants, where the host's own work before the first kernel
#      took seconds: knn main.cu `ref_nb = 4096`, `query_nb = 4096` -> 1024 (its CPU k-NN runs
#      first); softmax-online main.cu `T = 1024` -> 64 (8 x 1024 x 50257 random floats, 1.6 GB);
#      hybridsort hybridsort.cu `SIZE (50000000)` -> 1000000 (its random list, 50M floats, is
#      written to hybridinput.txt with fprintf before the first kernel)
#   E6 sizes that are host constants, where the host's work after every kernel has run once
#      took seconds (ncu stops the program there; a plain run would not): bitpermute main.cu
#      `bit_permute(27, ...)`, `bit_permute(28, ...)` -> 17, 18 (2^28 longs twice on the host and
#      its CPU permutation; the same kernel, bit_rev_permutation_z, as from 2^11); geglu main.cu
#      the timed loop's `batch <= 16` -> `batch <= 1` (16 x 8192 x 5120 x 2 random floats, 5.4 GB;
#      its first kernel runs in the loop before it)
suite_stage() {  # CHECKOUT DEST
  local co="$1" d="$2" dir inc
  local dirs; dirs="$(python3 "$HELPER" rows "$(manifest hecbench)" | cut -d"$US" -f2 | sort -u)"
  for dir in $dirs; do
    mkdir -p "$d/$(dirname "$dir")"
    cp -r "$co/$dir" "$d/$dir"
    for inc in $(python3 "$HELPER" rows "$(manifest hecbench)" | awk -F"$US" -v w="$dir" '$2 == w {print $4}' \
                 | tr ' ' '\n' | sed -n 's|^-I\.\./||p'); do
      [ -d "$d/src/$inc" ] || { cp -r "$co/src/$inc" "$d/src/$inc" && echo "  E1 src/$inc (an -I of $dir)"; }
    done
    for inc in $(python3 "$HELPER" rows "$(manifest hecbench)" | awk -F"$US" -v w="$dir" '$2 == w {print $5}' \
                 | tr ' ' '\n' | sed -n 's|^\.\./\([^/]*\)/.*|\1|p'); do
      [ -d "$d/src/$inc" ] || { cp -r "$co/src/$inc" "$d/src/$inc" && echo "  E1 src/$inc (an argument of $dir)"; }
    done
  done
  echo "  E1 $(echo "$dirs" | wc -l) program folders"
  [ -f "$co/LICENSE" ] && cp "$co/LICENSE" "$d/"
  local omp; omp="$(gcc -print-file-name=include/omp.h 2>/dev/null)"
  [ -f "$omp" ] || { echo "E2: no omp.h of GCC (gcc -print-file-name=include/omp.h)" >&2; return 1; }
  mkdir -p "$d/src/omp-include" && cp "$omp" "$d/src/omp-include/omp.h" && echo "  E2 src/omp-include/omp.h from $omp"
  if [ -d "$d/src/mcpr-cuda" ]; then
    bzip2 -dc "$d/src/mcpr-cuda/alphas.csv.bz2" | head -n 16 > "$d/src/mcpr-cuda/alphas.csv"
    rm "$d/src/mcpr-cuda/alphas.csv.bz2"
    echo "  E3 src/mcpr-cuda/alphas.csv: $(wc -l < "$d/src/mcpr-cuda/alphas.csv") lines of alphas.csv.bz2"
    edit E3 "$d/src/mcpr-cuda/main.cu" 1 's/^(\s*const int n = 26280, K = 21, M = )10000;/${1}100;/'
  fi
  [ -d "$d/src/knn-cuda" ] && edit E5 "$d/src/knn-cuda/main.cu" 2 's/^(\s*int (ref|query)_nb = )4096;/${1}1024;/'
  [ -d "$d/src/softmax-online-cuda" ] && edit E5 "$d/src/softmax-online-cuda/main.cu" 1 's/^(\s*int T = )1024;/${1}64;/'
  [ -d "$d/src/hybridsort-cuda" ] && edit E5 "$d/src/hybridsort-cuda/hybridsort.cu" 1 's/^(#define SIZE \()50000000\)/${1}1000000)/'
  [ -d "$d/src/bitpermute-cuda" ] && edit E6 "$d/src/bitpermute-cuda/main.cu" 2 's/^(\s*bit_permute\()2([78]), repeat\);/${1}1${2}, repeat);/'
  [ -d "$d/src/geglu-cuda" ] && edit E6 "$d/src/geglu-cuda/main.cu" 1 's/^(\s*for \(int batch = 1; batch <= )16(; batch = batch \* 4\) \{)$/${1}1${2}/'
  if [ -d "$d/src/bm3d-cuda" ]; then
    python3 "$MANIFESTS/hecbench-inputs.py" png2ppm "$d/src/bm3d-cuda/noised-bufferfly-20.png" "$d/src/bm3d-cuda/noised.ppm" 256 256
    python3 "$MANIFESTS/hecbench-inputs.py" png2ppm "$d/src/bm3d-cuda/bufferfly.png" "$d/src/bm3d-cuda/reference.ppm" 256 256
    rm "$d/src/bm3d-cuda/noised-bufferfly-20.png" "$d/src/bm3d-cuda/bufferfly.png"
    echo "  E4 src/bm3d-cuda: noised.ppm, reference.ppm (256 x 256 of the PNGs)"
  fi
}
