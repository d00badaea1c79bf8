# shellcheck shell=bash
# vetter/shoc, its CUDA benchmarks (serial versions): each benchmark's .cu files, the .cpp files its
# Makefile.am lists, src/cuda/common/main.cpp (SHOC's driver) and the libSHOCCommon sources,
# compiled by one nvcc command (Makefile.am builds the same objects). Runs: `-s 1 -n 1` (the
# smallest problem size class, one pass) plus each benchmark's own short settings (shoc.tsv).
# Skipped: DeviceMemory, MD, Spmv, QTC (texture references, removed in CUDA 12: porting them to
# texture objects changes kernel code), BusSpeedDownload/Readback (no kernel), GEMM (cuBLAS only),
# the MPI variants (tp*, ep*).
# Sourced by suite-check.sh (stage).
#
# Edits (stage), host code only, no line moves:
#   E1 cudaThreadSynchronize() -> cudaDeviceSynchronize() (removed in CUDA 12; same semantics)
#   E2 src/cuda/common/main.cpp: `deviceProp.clockRate` (gone in CUDA 13; printed with -v only) ->
#      cudaDeviceGetAttribute(cudaDevAttrClockRate) in a lambda on the same line
#   E3 src/common/config.h: written by SHOC's own configure (--without-opencl --without-mpi, run in
#      a scratch folder beside src/), as the build expects it in its include path
#   E4 src/cuda/level1/neuralnet/nn_data/: nn_data.zip unpacked there (NeuralNet reads it at run)
suite_stage() {  # CHECKOUT DEST
  local co="$1" d="$2" f
  mkdir -p "$d/src/cuda"
  cp -r "$co/src/common" "$d/src/"
  (cd "$co/src/cuda" && tar -cf - --exclude=epmpi --exclude=tpmpi common level0 level1 level2) | (cd "$d/src/cuda" && tar -xf -)
  for f in $(grep -rl 'cudaThreadSynchronize' "$d/src/cuda" --include='*.cu' --include='*.cpp' --include='*.h'); do
    edit E1 "$f" any 's/\bcudaThreadSynchronize\b/cudaDeviceSynchronize/g'
  done
  edit E2 "$d/src/cuda/common/main.cpp" 1 \
    's/deviceProp\.clockRate\b/[] { int r = 0; cudaDeviceGetAttribute(&r, cudaDevAttrClockRate, 0); return r; }()/'
  local cfg="$d/../configure-build"
  rm -rf "$cfg"; mkdir -p "$cfg"
  (cd "$cfg" && PATH="$(dirname "$(find_nvcc)"):$PATH" sh "$co/configure" --without-opencl --without-mpi > configure.log 2>&1) \
    || { echo "E3: SHOC configure failed: see $cfg/configure.log" >&2; return 1; }
  cp "$cfg/config/config.h" "$d/src/common/config.h"
  echo "  E3 src/common/config.h: from configure"
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' \
    "$co/src/cuda/level1/neuralnet/nn_data.zip" "$d/src/cuda/level1/neuralnet/"
  echo "  E4 src/cuda/level1/neuralnet: $(ls "$d/src/cuda/level1/neuralnet/nn_data" 2>/dev/null | wc -l) nn_data files"
}
