# shellcheck shell=bash
# yuhc/gpu-rodinia (Rodinia 3.1), its cuda/ programs: sources and flags as each program's
# Makefile builds them (one nvcc command), small inputs written by rodinia-inputs.py into
# src/data (the checkout's data/ is empty), arguments in gpu-rodinia.tsv (the `run` files' own,
# with smaller sizes and fewer iterations). Each program runs in its own folder, so the
# programs' relative paths (../../data/...) work unchanged.
# Skipped (gpu-rodinia.tsv lists them): hybridsort, kmeans, leukocyte, mummergpu (texture
# references, removed in CUDA 12: porting them changes kernel code), heartwall (an AVI input:
# its reader needs a real video).
# Sourced by suite-check.sh (stage).
#
# Edits (stage), no line moves, no kernel body changed:
#   E1 cudaThreadSynchronize() -> cudaDeviceSynchronize(), cudaThreadExit() -> cudaDeviceReset()
#      (removed in CUDA 12; the same semantics)
#   E2 cfd/*.cu: `#define iterations 2000` -> 2 (the time loop of the solver; each iteration
#      launches the same kernels)
#   E3 cfd: the CUDA SDK helpers its files include (helper_cuda.h, helper_timer.h and what they
#      include) are copied from cuda-samples' Common/ (CUDA_SAMPLES_COMMON, default
#      <checkout>/../cuda-samples/Common) into cuda/cfd/sdk-common (the Makefile's
#      $(SDK_DIR)/common/inc)
#   E4 src/data: the inputs of rodinia-inputs.py (bfs graph, b+tree keys and commands, cfd mesh,
#      dwt2d image, hotspot/hotspot3D temperatures and powers, huffman bytes, nn records,
#      srad image); nothing of the checkout's
#   E5 cudaDeviceProp fields gone in CUDA 13, host code only (printed, or huffman's check that
#      copies and kernels may overlap): `X.clockRate` -> cudaDeviceGetAttribute(cudaDevAttrClockRate)
#      in a lambda on the same line; `X.deviceOverlap` -> `(X.asyncEngineCount > 0)` (the
#      field that replaced it)
suite_stage() {  # CHECKOUT DEST
  local co="$1" d="$2" f p
  mkdir -p "$d/cuda"
  for p in backprop bfs b+tree cfd dwt2d gaussian hotspot hotspot3D huffman lavaMD lud myocyte nn nw \
           particlefilter pathfinder srad streamcluster util; do
    cp -r "$co/cuda/$p" "$d/cuda/"
  done
  [ -f "$co/LICENSE" ] && cp "$co/LICENSE" "$d/"
  for f in $(grep -rlE 'cudaThread(Synchronize|Exit)' "$d/cuda" --include='*.cu' --include='*.c' --include='*.cpp' --include='*.h' --include='*.cuh'); do
    edit E1 "$f" any 's/\bcudaThreadSynchronize\b/cudaDeviceSynchronize/g; s/\bcudaThreadExit\b/cudaDeviceReset/g'
  done
  for f in "$d"/cuda/cfd/*.cu; do
    edit E2 "$f" 1 's/^(\s*#\s*define\s+iterations\s+)2000\b/${1}2/'
  done
  local sdk="${CUDA_SAMPLES_COMMON:-$co/../cuda-samples/Common}"
  [ -f "$sdk/helper_cuda.h" ] || { echo "E3: no cuda-samples Common/ at $sdk (set CUDA_SAMPLES_COMMON)" >&2; return 1; }
  mkdir -p "$d/cuda/cfd/sdk-common"
  cp "$sdk"/helper_cuda.h "$sdk"/helper_string.h "$sdk"/helper_timer.h "$sdk"/exception.h \
     "$sdk"/helper_functions.h "$sdk"/helper_image.h "$d/cuda/cfd/sdk-common/"
  echo "  E3 cuda/cfd/sdk-common: $(ls "$d/cuda/cfd/sdk-common" | wc -l) headers from $sdk"
  for f in $(grep -rlE '\.\s*(clockRate|deviceOverlap)\b' "$d/cuda" --include='*.cu' --include='*.c' --include='*.cpp'); do
    edit E5 "$f" any 's/\b(\w+)\.\s*deviceOverlap\b/($1.asyncEngineCount > 0)/g;
      s/\b\w+\.clockRate\b/[] { int r = 0; cudaDeviceGetAttribute(&r, cudaDevAttrClockRate, 0); return r; }()/g'
  done
  python3 "$MANIFESTS/rodinia-inputs.py" "$d/data" | sed 's/^/  E4 /'
}
