#!/usr/bin/env bash
# GPU spot check of cuda-coalesce on real public code (PolyBench/GPU): stage the programs,
# predict with the analyzer, profile them with Nsight Compute on a GPU machine, compare.
#
# Usage (from anywhere; paths default to this repository):
#   tools/real-code/gpu-check.sh stage   POLYBENCH_CHECKOUT   # copy + mechanical edits -> build-gpucheck/src
#   tools/real-code/gpu-check.sh analyze                      # analyzer JSON -> build-gpucheck/pred/*.json
#   tools/real-code/gpu-check.sh build                        # nvcc -O3 -lineinfo -arch=sm_90 (+ -ptx) here
#   tools/real-code/gpu-check.sh device                       # ON THE GPU MACHINE: ncu + export + parse
#   tools/real-code/gpu-check.sh compare [MEASUREMENTS.json] [OUT.md]
#   tools/real-code/gpu-check.sh all-local POLYBENCH_CHECKOUT # stage + analyze + build
#
# Through this workplace's device tool the device part is one call:
#   run  command: "tools/real-code/gpu-check.sh device"   carry: ["build-gpucheck"]
# which writes $OUT/measurements.json (runtime-bench/parse_ncu.py format), versions.txt, log.txt
# and ncu-csv.tar.gz. Then, here: tools/real-code/gpu-check.sh compare /path/to/measurements.json.
#
# Environment:
#   CUDA_COALESCE  analyzer (default build/tool/cuda-coalesce of this repository)
#   NVCC           (default nvcc on PATH, else /usr/local/cuda/bin/nvcc)
#   NCU            (default ncu on PATH, else /usr/local/cuda/bin/ncu, /opt/nvidia/nsight-compute/*/ncu)
#   GC_DIR         work folder (default <repo>/build-gpucheck; /build-*/ is git-ignored)
#   PROGRAMS       space-separated PolyBench benchmark folders (default: all 21 of CUDA/)
#   SIZE_CAP       problem-size #defines above this are lowered to it (default 1024)
#   STEPS          TSTEPS / TMAX time-loop counts are set to this (default 2)
#   PROFILE_BUDGET_S  device: no new profile starts after this many seconds (default 420)
#
# The third-party sources are only copied into the ignored GC_DIR; nothing of them is committed.
#
# Mechanical edits made to the staged copies (stage):
#   E1 cudaThreadSynchronize() -> cudaDeviceSynchronize()   (removed in CUDA 12; same semantics)
#   E2 problem-size #defines (NI NJ NK NL NM NX NY N M NR NQ NP) greater than SIZE_CAP -> SIZE_CAP,
#      in the benchmark's .cuh/.cu (all dataset variants), so each program runs in well under a second
#   E3 time-loop counts (#define TSTEPS / TMAX) greater than STEPS -> STEPS
#   E4 `#define RUN_ON_CPU` removed: no CPU reference / comparison (it would dominate the run time)
#   E5 the indented call `print_array(...)` in main (the #else branch of E4) -> `if (0) print_array(...)`
#      so the program does not dump the whole result to stderr
#   E6 a .cu that calls rtclock() without including polybench.c (DOITGEN: it fails with nvcc too)
#      is compiled and analyzed with `-include common/gpucheck_rtclock.h` (a 3-line header written
#      here), listed in BENCH/NAME.flags; no line of the program moves
# Nothing inside a __global__ function is changed by E1-E5, except that kernels whose indices
# involve the size macros see the smaller sizes (the analyzer reads the same staged file).
#
# Other programs: any folder layout GC_DIR/src/CUDA/<NAME>/*.cu works for analyze/build/device/
# compare without `stage` (the spot check's own repros were run that way:
# GC_DIR=$PWD/build-gpucheck-repro PROGRAMS=REPRO, sources in build-gpucheck-repro/src/CUDA/REPRO/).
# Binaries are built here (-lineinfo keeps this machine's absolute source paths); `device` links
# that path to its own checkout when it does not exist there, so ncu --import-source finds them.
# The 21 PolyBench/GPU programs (47 kernels) took 131 s of device time on an H200 (2026-11-29).
#
# compare writes a markdown table: per (file, line, kind, kernel) the analyzer's mean over the
# line's accesses against Nsight Compute's per-line sectors/request ("line status"), and per
# analyzer entry a match against the line's SASS instructions ("per access"): the verdicts of
# `cuda-coalesce verify` (docs/verify.md), runtime-bench's scorer too.
#
# Profiling (device): one launch per kernel, the first invocation of each kernel name
# (ncu --kernel-id ::regex:.*:1); a kernel missing from that report is profiled in a second ncu
# pass with -k regex:^NAME$ -c 1 and its CSV pages are appended.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
GC_DIR="${GC_DIR:-$ROOT/build-gpucheck}"
SRC="$GC_DIR/src"
BIN="$GC_DIR/bin"
PRED="$GC_DIR/pred"
SIZE_CAP="${SIZE_CAP:-1024}"
STEPS="${STEPS:-2}"
DEFAULT_PROGRAMS="2DCONV 2MM 3DCONV 3MM ADI ATAX BICG CORR COVAR DOITGEN FDTD-2D GEMM GEMVER GESUMMV GRAMSCHM JACOBI1D JACOBI2D LU MVT SYR2K SYRK"
PROGRAMS="${PROGRAMS:-$DEFAULT_PROGRAMS}"

find_tool() {
  if [ -n "${CUDA_COALESCE:-}" ]; then echo "$CUDA_COALESCE"; return; fi
  for c in "$ROOT/build/tool/cuda-coalesce"; do
    [ -x "$c" ] && { echo "$c"; return; }
  done
  echo cuda-coalesce
}
find_nvcc() { command -v "${NVCC:-nvcc}" 2>/dev/null || echo /usr/local/cuda/bin/nvcc; }
find_ncu() {
  if command -v "${NCU:-ncu}" >/dev/null 2>&1; then command -v "${NCU:-ncu}"; return; fi
  for c in /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu; do [ -x "$c" ] && { echo "$c"; return; }; done
  echo ncu
}

# The staged programs: one "BENCH/file.cu" per line (the .cu files with a __global__ kernel).
list_programs() {
  local b f
  for b in $PROGRAMS; do
    for f in "$SRC/CUDA/$b"/*.cu; do
      [ -f "$f" ] && grep -q '__global__' "$f" && echo "$b/$(basename "$f")"
    done
  done
}

cmd_stage() {
  local co="${1:?usage: gpu-check.sh stage POLYBENCH_CHECKOUT}"
  if [ ! -d "$co/CUDA" ] || [ ! -d "$co/common" ]; then echo "not a PolyBench/GPU checkout: $co" >&2; exit 2; fi
  rm -rf "$SRC"; mkdir -p "$SRC/CUDA" "$SRC/common"
  cp "$co"/common/*.h "$co"/common/*.c "$SRC/common/"
  local b f
  for b in $PROGRAMS; do
    [ -d "$co/CUDA/$b" ] || { echo "skip $b: not in checkout"; continue; }
    mkdir -p "$SRC/CUDA/$b"
    cp "$co/CUDA/$b"/*.cu "$SRC/CUDA/$b/"
    cp "$co/CUDA/$b"/*.cuh "$SRC/CUDA/$b/" 2>/dev/null
    for f in "$SRC/CUDA/$b"/*.cu "$SRC/CUDA/$b"/*.cuh; do
      [ -f "$f" ] || continue
      # E1
      sed -i 's/\bcudaThreadSynchronize\b/cudaDeviceSynchronize/g' "$f"
      # E2: '#define NAME value' / '# define NAME value' with value > SIZE_CAP
      perl -pi -e 's/^(\s*#\s*define\s+(?:NI|NJ|NK|NL|NM|NX|NY|N|M|NR|NQ|NP)\s+)(\d+)\b/$1.($2 > '"$SIZE_CAP"' ? '"$SIZE_CAP"' : $2)/e' "$f"
      # E3
      perl -pi -e 's/^(\s*#\s*define\s+(?:TSTEPS|TMAX)\s+)(\d+)\b/$1.($2 > '"$STEPS"' ? '"$STEPS"' : $2)/e' "$f"
      # E4
      sed -i 's|^\(\s*\)#define RUN_ON_CPU\b.*$|\1/* gpu-check: RUN_ON_CPU disabled (E4) */|' "$f"
      # E5
      sed -i 's/^\(\s\+\)print_array(/\1if (0) print_array(/' "$f"
    done
    # E6: a file that calls rtclock() without including polybench.c (DOITGEN) does not compile
    # with nvcc either; it gets a one-function header through -include (FLAGS file, no line moves).
    for f in "$SRC/CUDA/$b"/*.cu; do
      if grep -q 'rtclock *()' "$f" && ! grep -q 'polybench\.c' "$f"; then
        printf '%s\n' '#pragma once' '#include <sys/time.h>' \
          'static double rtclock() { struct timeval t; gettimeofday(&t, 0); return t.tv_sec + t.tv_usec * 1.0e-6; }' \
          > "$SRC/common/gpucheck_rtclock.h"
        echo "-include ../../common/gpucheck_rtclock.h" > "${f%.cu}.flags"
      fi
    done
  done
  (cd "$SRC" && diff -r "$co/CUDA" CUDA 2>/dev/null | grep -c '^>' | sed 's/^/changed lines: /')
  echo "staged into $SRC:"; list_programs | sed 's/^/  /'
}

cmd_analyze() {
  local tool; tool="$(find_tool)"
  mkdir -p "$PRED"
  echo "analyzer: $tool ($(stat -c '%y' "$tool" 2>/dev/null))" > "$PRED/analyzer.txt"
  local p
  for p in $(list_programs); do
    local n; n="$(basename "$p" .cu)"
    local fl; fl="$(cat "$SRC/CUDA/${p%.cu}.flags" 2>/dev/null)"
    # shellcheck disable=SC2086
    (cd "$SRC/CUDA/$(dirname "$p")" && "$tool" --format=json --show-all "$(basename "$p")" -- \
        -I. -I../../common -std=c++17 $fl) > "$PRED/$n.json" 2> "$PRED/$n.err"
    echo "analyzed $p rc=$? ($(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["accesses"]))' "$PRED/$n.json" 2>/dev/null) accesses)"
  done
}

cmd_build() {
  local nvcc; nvcc="$(find_nvcc)"
  mkdir -p "$BIN"
  # -lineinfo records absolute source paths: the device part makes this path exist there.
  echo "$ROOT" > "$BIN/build_root.txt"
  local p
  for p in $(list_programs); do
    local n d fl; n="$(basename "$p" .cu)"; d="$SRC/CUDA/$(dirname "$p")"
    fl="$(cat "$SRC/CUDA/${p%.cu}.flags" 2>/dev/null)"
    # shellcheck disable=SC2086
    if ( cd "$d" && "$nvcc" -O3 -lineinfo -arch=sm_90 $fl -o "$BIN/$n" "$(basename "$p")" > "$BIN/$n.nvcc.log" 2>&1 \
         && "$nvcc" -O3 -lineinfo -arch=sm_90 $fl -ptx -o "$BIN/$n.ptx" "$(basename "$p")" >> "$BIN/$n.nvcc.log" 2>&1 ); then
      echo "built $n"
    else
      echo "BUILD FAILED $n"; tail -5 "$BIN/$n.nvcc.log"
    fi
  done
}

cmd_device() {
  local ncu; ncu="$(find_ncu)"
  local out="${OUT:-$GC_DIR/out}"; mkdir -p "$out"
  local W="$GC_DIR/ncu"; rm -rf "$W"; mkdir -p "$W"
  exec > >(tee -a "$out/log.txt") 2>&1
  # The binaries were built elsewhere: their line tables name the sources under the build
  # machine's repository path; ncu --import-source reads them there, so link it to this checkout.
  local broot; broot="$(cat "$BIN/build_root.txt" 2>/dev/null)"
  if [ -n "$broot" ] && [ ! -e "$broot" ]; then
    mkdir -p "$(dirname "$broot")" && ln -s "$ROOT" "$broot" && echo "linked $broot -> $ROOT"
  fi
  local BUDGET="${PROFILE_BUDGET_S:-420}"
  local XM=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
  echo "== gpu-check device start $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  {
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "--- nvidia-smi"; nvidia-smi
    echo "--- nvidia-smi query"; nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv
    echo "--- nvcc --version"; "$(find_nvcc)" --version
    echo "--- ncu --version"; "$ncu" --version
  } > "$W/versions.txt" 2>&1
  cp "$W/versions.txt" "$out/"
  local p n
  for p in $(list_programs); do
    n="$(basename "$p" .cu)"
    [ -x "$BIN/$n" ] || { echo "SKIP $n (no binary)"; continue; }
    if [ "$SECONDS" -gt "$BUDGET" ]; then echo "BUDGET: not profiling $n (at ${SECONDS}s)"; continue; fi
    cp "$BIN/$n.ptx" "$W/" 2>/dev/null
    local t0=$SECONDS
    # Run in the source folder (the program reads nothing, but keep its cwd as in a real build).
    ( cd "$SRC/CUDA/$(dirname "$p")" && timeout 150 "$ncu" --section SourceCounters --metrics "$XM" \
        --import-source yes --clock-control none --kernel-id '::regex:.*:1' \
        -f -o "$W/$n" "$BIN/$n" ) > "$W/$n.ncu.log" 2>&1
    echo "profiled $n rc=$? in $((SECONDS - t0))s (at ${SECONDS}s)"
    "$ncu" -i "$W/$n.ncu-rep" --page source --csv --print-source cuda,sass > "$W/$n.csv" 2> "$W/$n.csv.err" \
      || "$ncu" -i "$W/$n.ncu-rep" --page source --csv --print-source=cuda,sass > "$W/$n.csv" 2>> "$W/$n.csv.err"
    "$ncu" -i "$W/$n.ncu-rep" --page raw --csv --metrics "$XM,launch__grid_size,launch__block_size" \
      > "$W/$n.raw.csv" 2> "$W/$n.raw.err"
    # Kernels defined in the file but missing from the report: profile each alone, append.
    local k
    # shellcheck disable=SC2013  # kernel names are single words
    for k in $(grep -o '__global__ *void *[A-Za-z_0-9]*' "$SRC/CUDA/$p" | awk '{print $NF}' | sort -u); do
      grep -q "\"$k(" "$W/$n.raw.csv" 2>/dev/null && continue
      grep -q "$k" "$W/$n.raw.csv" 2>/dev/null && continue
      echo "  $n: $k not in the first report: profiling it alone"
      ( cd "$SRC/CUDA/$(dirname "$p")" && timeout 120 "$ncu" --section SourceCounters --metrics "$XM" \
          --import-source yes --clock-control none -k "regex:^$k\$" -c 1 \
          -f -o "$W/$n.$k" "$BIN/$n" ) > "$W/$n.$k.ncu.log" 2>&1
      if [ -f "$W/$n.$k.ncu-rep" ]; then
        "$ncu" -i "$W/$n.$k.ncu-rep" --page source --csv --print-source cuda,sass >> "$W/$n.csv" 2>> "$W/$n.csv.err"
        "$ncu" -i "$W/$n.$k.ncu-rep" --page raw --csv --metrics "$XM,launch__grid_size,launch__block_size" \
          | tail -n +2 >> "$W/$n.raw.csv" 2>> "$W/$n.raw.err"
      fi
    done
    echo "  kernels: $(grep -c '^"[0-9]' "$W/$n.raw.csv")"
  done
  (cd "$W" && tar -czf "$out/ncu-csv.tar.gz" -- *.csv *.ptx *.log *.err versions.txt 2>/dev/null)
  (cd "$W" && tar -czf "$out/ncu-rep.tar.gz" -- *.ncu-rep 2>/dev/null)
  [ "$(stat -c %s "$out/ncu-rep.tar.gz" 2>/dev/null || echo 0)" -lt 15000000 ] || rm -f "$out/ncu-rep.tar.gz"
  python3 "$HERE/gpu_check_compare.py" parse --build "$W" -o "$out/measurements.json"
  echo "== gpu-check device end at ${SECONDS}s"
}

cmd_compare() {
  local meas="${1:-$GC_DIR/out/measurements.json}" md="${2:-$GC_DIR/gpu-checks.md}"
  python3 "$HERE/gpu_check_compare.py" compare --tool "$(find_tool)" --measurements "$meas" --pred "$PRED" --src "$SRC" -o "$md"
}

case "${1:-}" in
  stage) shift; cmd_stage "$@" ;;
  analyze) cmd_analyze ;;
  build) cmd_build ;;
  device) cmd_device ;;
  compare) shift; cmd_compare "$@" ;;
  all-local) shift; cmd_stage "$@" && cmd_analyze && cmd_build ;;
  *) sed -n '2,20p' "$0"; exit 2 ;;
esac
