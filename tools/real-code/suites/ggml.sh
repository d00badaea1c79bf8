# shellcheck shell=bash
# ggml-org/ggml's test-backend-ops on the CUDA backend (the one llama.cpp ships), prebuilt: the
# coordinator builds it in SUITES_DIR/ggml-build from SUITES_DIR/ggml-src (CMake, Release,
# -DGGML_CUDA=ON, CMAKE_CUDA_FLAGS=-lineinfo, CMAKE_CUDA_ARCHITECTURES=90-real, static). Nothing is
# compiled by `build`; `stage` checks the source folder and points ggml/src at it, `pack` carries
# the binary and the sources ncu --import-source reads (src/ggml-cuda, src/*.h, include/).
# Sourced by suite-check.sh (stage, pack).
#
# Edits: none.
#
# Mode and filters (ggml.tsv): `test` mode runs every test case once on CUDA0 and once on the CPU
# reference: every CUDA kernel the test cases reach is launched at least once, and ncu's first-
# launch filter (--kernel-id ::regex:...:1) profiles the first launch of each kernel name. `perf`
# repeats each (fewer) case for timing (many more launches for fewer kernels), `grad` covers only
# ops with a backward pass, `support` launches nothing. The test cases are split by op (-o) into
# programs so that each has its own first launches and time limit and the richest come first
# (mul_mat, flash attention, norms/softmax/rope, ...); `-j 1` keeps the order of the cases (and so
# which instance of a templated kernel is the first launch) the same from run to run.
# cuBLAS's kernels (MUL_MAT of f16/f32 for large batches) are not profiled (kid).
suite_stage() {  # CHECKOUT DEST
  local co="$1" d="$2" want="$SUITES_DIR/ggml-src"
  if [ "$(readlink -f "$co")" != "$(readlink -f "$want")" ]; then
    echo "ggml: stage it from the source folder the coordinator builds: $want (got $co)" >&2; return 1
  fi
  [ -f "$co/src/ggml-cuda/ggml-cuda.cu" ] || { echo "ggml: no src/ggml-cuda/ggml-cuda.cu in $co" >&2; return 1; }
  rmdir "$d" && ln -s ../ggml-src "$d"
  echo "  $d -> ../ggml-src; binary: $SUITES_DIR/ggml-build/bin/test-backend-ops $( [ -x "$SUITES_DIR/ggml-build/bin/test-backend-ops" ] && echo '(built)' || echo '(NOT BUILT YET)')"
}

# What `pack` adds for ggml (paths relative to SUITES_DIR, one a line).
suite_pack_paths() {  # SUITES_DIR
  local sd="$1"
  echo ggml-build/bin/test-backend-ops
  echo ggml-src/include
  echo ggml-src/src/ggml-cuda
  (cd "$sd" && ls ggml-src/src/*.h ggml-src/src/*.c ggml-src/src/*.cpp 2>/dev/null)
}
