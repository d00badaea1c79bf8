# shellcheck shell=bash
# NVIDIA/cuda-samples: every sample that builds with CUDA 13 and plain nvcc and runs headless with
# no library outside the CUDA toolkit. cuda-samples.tsv is written by cuda-samples-scan.py (its
# header says what is kept and why; each skipped sample is a `# skip NAME: reason` line there).
# Flags as each sample's CMakeLists.txt gives them: -I../../../Common (+ its own include folders),
# -rdc=true (CUDA_SEPARABLE_COMPILATION ON), --extended-lambda, -std=c++17, its CUDA libraries.
# Each sample runs with its default arguments (small problems by design) in its own folder, where
# sdkFindFilePath finds its data/ files.
# Sourced by suite-check.sh (stage).
#
# Edits (stage): none so far; the checkout's Common/ (without the prebuilt Windows lib/ and the GL
# headers) and the folders of the manifest's samples (without their doc/ folders) are copied.
suite_stage() {  # CHECKOUT DEST
  local co="$1" d="$2" dir
  mkdir -p "$d/Common"
  (cd "$co/Common" && tar -cf - --exclude=./lib --exclude=./GL .) | (cd "$d/Common" && tar -xf -)
  for dir in $(grep -v '^#' "$MANIFESTS/cuda-samples.tsv" | cut -f2 | sort -u); do
    mkdir -p "$d/$dir"
    (cd "$co/$dir" && tar -cf - --exclude=./doc .) | (cd "$d/$dir" && tar -xf -)
  done
}
