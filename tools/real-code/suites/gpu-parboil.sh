# shellcheck shell=bash
# yuhc/gpu-parboil (Parboil 2.5), the CUDA versions of its benchmarks (cuda, and cuda_base /
# cuda-base / cuda_fermi where present: other kernels): the objects each version's Makefile lists
# plus common/src/parboil_cuda.c, compiled by one nvcc command with common/include (as
# common/mk/cuda.mk). The checkout's datasets/ is empty: parboil-inputs.py writes small inputs
# in Parboil's layout (datasets/BENCH/small/input), arguments in gpu-parboil.tsv
# (`-i INPUTS -o OUTPUT -- PARAMETERS`, fewer iterations/time steps than the suite's).
# Skipped (listed in gpu-parboil.tsv): bfs, sad, spmv cuda_tex/cuda_base_tex (texture references,
# removed in CUDA 12: porting them changes kernel code).
# Sourced by suite-check.sh (stage).
#
# Edits (stage), host code only, no line moves:
#   E1 cudaThreadSynchronize() -> cudaDeviceSynchronize(), cudaThreadExit() -> cudaDeviceReset()
#      (removed in CUDA 12; the same semantics)
#   E2 spmv/src/{cuda,cuda_base}/spmv_jds.h: the unused declaration `texture<float,1> tex_x_float;`
#      (texture references are gone in CUDA 12; no code of these two versions reads it) -> a
#      comment on the same line
#   E3 src/datasets: the inputs of parboil-inputs.py (cutcp atoms, histo image, lbm obstacles,
#      mri-gridding samples, mri-q k-space, sgemm matrices, spmv matrix and vector, stencil grid,
#      tpacf points); nothing of the checkout's
suite_stage() {  # CHECKOUT DEST
  local co="$1" d="$2" b v
  mkdir -p "$d/benchmarks"
  cp -r "$co/common" "$d/"
  [ -f "$co/LICENSE" ] && cp "$co/LICENSE" "$d/"
  for b in cutcp histo lbm mri-gridding mri-q sgemm spmv stencil tpacf; do
    for v in "$co/benchmarks/$b/src"/cuda*; do
      [ -n "$(ls "$v" 2>/dev/null)" ] || continue
      mkdir -p "$d/benchmarks/$b/src"
      cp -r "$v" "$d/benchmarks/$b/src/"
    done
  done
  mkdir -p "$d/benchmarks/spmv/common_src"
  cp -r "$co/benchmarks/spmv/common_src/convert-dataset" "$d/benchmarks/spmv/common_src/"
  local f
  for f in $(grep -rlE 'cudaThread(Synchronize|Exit)' "$d/benchmarks" "$d/common"); do
    edit E1 "$f" any 's/\bcudaThreadSynchronize\b/cudaDeviceSynchronize/g; s/\bcudaThreadExit\b/cudaDeviceReset/g'
  done
  for v in cuda cuda_base; do
    edit E2 "$d/benchmarks/spmv/src/$v/spmv_jds.h" 1 \
      's|^texture<float,1> tex_x_float;|/* suite-check E2: unused texture reference tex_x_float removed (CUDA 12) */|'
  done
  python3 "$MANIFESTS/parboil-inputs.py" "$d/datasets" | sed 's/^/  E3 /'
}
