#!/usr/bin/env bash
# GPU check of cuda-coalesce on llm.c's dev/cuda programs: stage, predict, build here; profile
# every check-phase launch (each block size the program checks) with Nsight Compute on a GPU
# machine; compare per (line, kind, kernel, block). The sibling of gpu-check.sh (PolyBench).
#
# Usage (from anywhere; paths default to this repository):
#   tools/real-code/llmc-check.sh stage LLMC_CHECKOUT   # copy dev/cuda/*.cu + headers -> build-llmc/src, edit E1
#   tools/real-code/llmc-check.sh analyze               # analyzer JSON -> build-llmc/pred/NAME.json
#   tools/real-code/llmc-check.sh build                 # nvcc -O3 -lineinfo -arch=sm_90 (+ -ptx) here, -j2
#   tools/real-code/llmc-check.sh device                # ON THE GPU MACHINE: ncu + export + parse -> $OUT
#   tools/real-code/llmc-check.sh compare [MEASUREMENTS.json] [OUT.md] [OUT.json]
#   tools/real-code/llmc-check.sh line-tables DEVICE_OUT [OUT.json]   # re-parse an older device
#                                                       # output with nvcc's line tables (below)
#   tools/real-code/llmc-check.sh all-local LLMC_CHECKOUT   # stage + analyze + build
#   tools/real-code/llmc-check.sh plan                  # what device would run, in order (no GPU needed)
#   tools/real-code/llmc-check.sh selftest              # compare on testdata/ (hand-made), every status
#
# Through this workplace's device tool the device part is one call, from the repository the
# session runs in (build-llmc/ must be inside it: it is git-ignored as /build-*/):
#   run  command: "tools/real-code/llmc-check.sh device"   carry: ["build-llmc"]   timeout_s: 600
# which writes $OUT/measurements.json (parse_ncu.py records, one per (launch, line, kind), with
# "block"/"grid"), log.txt, versions.txt, runs.tsv and ncu-csv.tar.gz (split into
# ncu-csv.tar.gz.part-N when over 15 MiB). Then, here:
#   tools/real-code/llmc-check.sh compare /path/to/measurements.json
#
# Environment:
#   CUDA_COALESCE  analyzer (default build/tool/cuda-coalesce of this repository)
#   NVCC           (default nvcc on PATH, else /usr/local/cuda/bin/nvcc)
#   NCU            (default ncu on PATH, else /usr/local/cuda/bin/ncu, /opt/nvidia/nsight-compute/*/ncu)
#   LC_DIR         work folder (default <repo>/build-llmc; /build-*/ is git-ignored)
#   PROGRAMS       space-separated dev/cuda program names (default: every staged one, in RUN_ORDER)
#   JOBS           parallel nvcc processes in build (default 2; every nvcc runs under nice)
#   device time limits (seconds since the device step started):
#   PROFILE_BUDGET_S  no new program is started after this (default 400)
#   DEADLINE_S     every program's ncu run is cut (timeout) so that it ends by this (default 450)
#   PROG_TIMEOUT_S ncu run of one program at most (default 180)
#   EXPORT_END_S   background CSV exports still running then are stopped (default 490)
#   LAUNCH_CAP     ncu --launch-count: at most this many launches profiled per program (default 60)
#   With the defaults the device step ends by about 520 s (8.7 min) whatever happens (490 s, then
#   tar + parse). Expected, not measured: 4-7 minutes for the 21 programs. The last ones are the
#   costly ones: their CPU references take seconds (matmul_* with OpenMP) to ~20 s
#   (attention_backward), and attention_backward's default kernel 1 recomputes every (b, h) in
#   each of B*NH blocks (seconds per launch, more under SourceCounters): it may be cut at the
#   deadline, and a program cut by its timeout leaves no report (runs.tsv says 124).
#
# The third-party sources are only copied into the ignored LC_DIR; nothing of them is committed.
#
# Mechanical edit made to the staged copy (stage), no line moves, no kernel touched:
#   E1 dev/cuda/common.h, benchmark_kernel(): its first line `cudaEvent_t start, stop;` gets
#      `if (getenv("LLMC_CHECK_ONLY")) return 1.0f;` appended. The device step sets
#      LLMC_CHECK_ONLY=1, so the benchmark phase (1000 repeats per block size, with an L2 flush
#      each) launches nothing and every kernel launch of the run is a check-phase launch: each
#      program runs its default kernel (kernel_num) at every block size of its check loop once.
#      Without the variable the program is unchanged.
# Skipped: nccl_all_reduce (needs MPI's mpi.h and NCCL, and is a multi-process program);
# attention_forward is built without ENABLE_CUDNN (its default; cuDNN frontend not installed).
# Any program that does not build is listed in build-llmc/bin/skipped.txt with the reason.
#
# Line tables: `build` also keeps NAME.cubin; the device step disassembles it (nvdisasm -gi -c)
# into NAME.sass beside the CSVs, and parse_ncu.py files an instruction that ncu lists only under
# a CUDA header (an inlined bf16 store, __ldg) at the call site that table gives. Without it the
# call site was guessed from the PTX (nearest instruction among the header line's call sites),
# which filed a copy of layernorm_forward_kernel1's `out_idx[i] = o` under `mean[idx] = m;`.
#
# Flags: nvcc -O3 -lineinfo -arch=sm_90 -std=c++17 -I<dev/cuda> NAME.cu -lcublas -lcublasLt
# (+ -Xcompiler -fopenmp for matmul_forward/matmul_backward, as dev/cuda/Makefile has it; no
# -DENABLE_BF16: the dev/cuda Makefile passes none and the files that want BF16 define it
# themselves). The analyzer gets the same file with prepare.py's flags for the staged tree
# (-I<dir>, -isystem <cuda>/include/cccl, -std=c++17; + -isystem build-llmc/omp-include, a folder
# holding only a link to GCC's omp.h, for the files that include <omp.h>: Clang does not see GCC's).
#
# Device step, per program (cheapest first, RUN_ORDER): under LLMC_CHECK_ONLY=1, with the
# program's default arguments,
#   ncu --section SourceCounters --metrics <4 l1tex metrics> --import-source yes --clock-control none
#       --kernel-name 'regex:^(<the file's __global__ names>)(<.*)?$' --launch-count LAUNCH_CAP
#       -f -o ncu/NAME bin/NAME
# (cuBLAS kernels and anything else not defined in the file are not profiled; if a program runs
# to its end and nothing was profiled, the filter falls back to a plain alternation, then to
# none, for it and the programs after it), then in the
# background: --page source --csv --print-source cuda,sass and --page raw with launch__block_size
# and launch__grid_size (as measure.sh), and at the end llmc_check_compare.py parse.
# libcublas/libcublasLt/libgomp: the binaries are linked here; if the machine's loader does not
# find them, the step looks in the CUDA and Python (nvidia-*) folders and sets LD_LIBRARY_PATH;
# libgomp.so.1 is also carried in build-llmc/lib as a last resort.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
LC_DIR="${LC_DIR:-$ROOT/build-llmc}"
SRC="$LC_DIR/src"
CU="$SRC/dev/cuda"
BIN="$LC_DIR/bin"
PRED="$LC_DIR/pred"
SKIP_PROGRAMS="nccl_all_reduce"
OPENMP_PROGRAMS="matmul_forward matmul_backward"
RUN_ORDER="gelu_forward gelu_backward residual_forward encoder_forward encoder_backward permute adamw
global_norm crossentropy_forward layernorm_forward fused_residual_forward layernorm_backward
matmul_backward_bias crossentropy_softmax_backward softmax_forward classifier_fused trimat_forward
matmul_forward matmul_backward attention_forward attention_backward"

find_tool() {
  if [ -n "${CUDA_COALESCE:-}" ]; then echo "$CUDA_COALESCE"; return; fi
  [ -x "$ROOT/build/tool/cuda-coalesce" ] && { echo "$ROOT/build/tool/cuda-coalesce"; return; }
  echo cuda-coalesce
}
find_nvcc() { command -v "${NVCC:-nvcc}" 2>/dev/null || echo /usr/local/cuda/bin/nvcc; }
find_ncu() {
  if command -v "${NCU:-ncu}" >/dev/null 2>&1; then command -v "${NCU:-ncu}"; return; fi
  for c in /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu; do [ -x "$c" ] && { echo "$c"; return; }; done
  echo ncu
}

# The programs: staged dev/cuda/*.cu in RUN_ORDER first, then any other, minus SKIP_PROGRAMS.
list_programs() {
  local n all=""
  for n in $RUN_ORDER; do [ -f "$CU/$n.cu" ] && all="$all $n"; done
  for n in $(cd "$CU" 2>/dev/null && ls ./*.cu 2>/dev/null | sed 's|^\./||; s|\.cu$||'); do
    case " $all " in *" $n "*) ;; *) all="$all $n" ;; esac
  done
  for n in $all; do
    case " $SKIP_PROGRAMS " in *" $n "*) continue ;; esac
    if [ -n "${PROGRAMS:-}" ]; then case " $PROGRAMS " in *" $n "*) ;; *) continue ;; esac; fi
    echo "$n"
  done
}

cmd_stage() {
  local co="${1:?usage: llmc-check.sh stage LLMC_CHECKOUT}"
  [ -d "$co/dev/cuda" ] && [ -f "$co/dev/cuda/common.h" ] || { echo "not an llm.c checkout: $co" >&2; exit 2; }
  rm -rf "$SRC"; mkdir -p "$CU"
  cp "$co"/dev/cuda/*.cu "$co"/dev/cuda/*.h "$CU/"
  # E1 (see the header): one line, same line number
  local n
  n=$(grep -c '^    cudaEvent_t start, stop;$' "$CU/common.h")
  if [ "$n" != 1 ]; then echo "E1: expected one 'cudaEvent_t start, stop;' line in common.h, found $n" >&2; exit 2; fi
  sed -i 's|^    cudaEvent_t start, stop;$|    cudaEvent_t start, stop; if (getenv("LLMC_CHECK_ONLY")) return 1.0f; /* llmc-check E1 */|' "$CU/common.h"
  grep -q 'llmc-check E1' "$CU/common.h" || { echo "E1 failed" >&2; exit 2; }
  git -C "$co" log -1 --format='%H %cs' > "$SRC/llmc-commit.txt" 2>/dev/null || echo unknown > "$SRC/llmc-commit.txt"
  (cd "$CU" && diff -r "$co/dev/cuda" . 2>/dev/null | grep -c '^>' | sed 's/^/changed lines: /')
  echo "staged llm.c $(cat "$SRC/llmc-commit.txt") into $CU:"; list_programs | tr '\n' ' '; echo
  echo "skipped: $SKIP_PROGRAMS"
}

omp_include() {   # a folder with only omp.h (a link to GCC's), for the analyzer
  local d="$LC_DIR/omp-include" g
  g="$(gcc -print-file-name=include 2>/dev/null)/omp.h"
  mkdir -p "$d"
  [ -f "$g" ] && ln -sf "$g" "$d/omp.h"
  echo "$d"
}

cmd_analyze() {
  local tool; tool="$(find_tool)"
  mkdir -p "$PRED"
  {
    echo "analyzer: $tool ($(stat -c '%y' "$tool" 2>/dev/null | cut -c1-19))"
    local d; d="$(dirname "$(readlink -f "$tool")")"
    git -C "$d" log -1 --format='git %h %cs' 2>/dev/null
  } > "$PRED/analyzer.txt"
  local ompd; ompd="$(omp_include)"
  local n
  for n in $(list_programs); do
    local extra=()
    grep -q '^#include <omp.h>' "$CU/$n.cu" && extra=(-isystem "$ompd")
    # prepare.py's flags for the staged tree (what run.sh gives the analyzer)
    mapfile -t fl < <(python3 - "$HERE" "$SRC" "$CU/$n.cu" <<'PY'
import os, sys
sys.path.insert(0, sys.argv[1])
import prepare
root, f = sys.argv[2], sys.argv[3]
idx = {}
for p in prepare.index_checkout(root):
    idx.setdefault(os.path.basename(p), []).append(p)
print("\n".join(prepare.flags_for(root, f, idx)))
PY
)
    (cd "$CU" && nice "$tool" --format=json --show-all -j 1 "$n.cu" -- "${fl[@]}" "${extra[@]}") \
      > "$PRED/$n.json" 2> "$PRED/$n.err"
    echo "analyzed $n rc=$? ($(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["accesses"]))' "$PRED/$n.json" 2>/dev/null) accesses)"
  done
}

build_one() {  # NAME -> bin/NAME, bin/NAME.ptx, bin/NAME.kernels; prints one line
  local n="$1" nvcc; nvcc="$(find_nvcc)"
  local xflags=""
  case " $OPENMP_PROGRAMS " in *" $n "*) xflags="-Xcompiler -fopenmp" ;; esac
  rm -f "$BIN/$n" "$BIN/$n.ptx" "$BIN/$n.cubin"
  # shellcheck disable=SC2086
  if ( cd "$CU" && nice "$nvcc" -O3 -lineinfo -arch=sm_90 -std=c++17 -I. $xflags -o "$BIN/$n" "$n.cu" \
         -lcublas -lcublasLt > "$BIN/$n.nvcc.log" 2>&1 \
       && nice "$nvcc" -O3 -lineinfo -arch=sm_90 -std=c++17 -I. -ptx -o "$BIN/$n.ptx" "$n.cu" >> "$BIN/$n.nvcc.log" 2>&1 \
       && nice "$nvcc" -O3 -lineinfo -arch=sm_90 -std=c++17 -I. -cubin -o "$BIN/$n.cubin" "$n.cu" >> "$BIN/$n.nvcc.log" 2>&1 ); then
    python3 "$HERE/llmc_check_compare.py" kernels "$CU/$n.cu" > "$BIN/$n.kernels"
    echo "built $n ($(wc -l < "$BIN/$n.kernels") kernels, $(du -k "$BIN/$n" | cut -f1) KiB)"
  else
    echo "BUILD FAILED $n: $(grep -m1 -i 'error' "$BIN/$n.nvcc.log")"
  fi
}

cmd_build() {
  mkdir -p "$BIN" "$LC_DIR/lib"
  # -lineinfo records absolute source paths: the device step makes this path exist there.
  echo "$ROOT" > "$BIN/build_root.txt"
  export -f build_one find_nvcc
  export BIN CU HERE OPENMP_PROGRAMS NVCC="${NVCC:-}"
  list_programs | xargs -P "${JOBS:-2}" -I{} bash -c 'build_one {}' | tee "$BIN/build.txt"
  : > "$BIN/skipped.txt"
  local n
  for n in $SKIP_PROGRAMS; do echo "$n: not built (needs mpi.h and NCCL; multi-process)" >> "$BIN/skipped.txt"; done
  for n in $(list_programs); do
    [ -x "$BIN/$n" ] || echo "$n: build failed: $(grep -m1 -i 'error' "$BIN/$n.nvcc.log" 2>/dev/null)" >> "$BIN/skipped.txt"
  done
  # a last-resort libgomp for the OpenMP programs (the device machine normally has its own)
  local g; g="$(gcc -print-file-name=libgomp.so.1 2>/dev/null)"
  [ -f "$g" ] && cp -L "$g" "$LC_DIR/lib/"
  echo "skipped:"; sed 's/^/  /' "$BIN/skipped.txt"
  echo "total $(du -sh "$LC_DIR" | cut -f1) in $LC_DIR (the device tool carries at most 64 MiB with the tree)"
}

cmd_plan() {
  local n i=0
  for n in $(list_programs); do
    i=$((i + 1))
    if [ -x "$BIN/$n" ]; then
      echo "$i $n: kernels ^($(paste -sd'|' "$BIN/$n.kernels"))(<.*)?\$"
    else
      echo "$i $n: (no binary)"
    fi
  done
  cat "$BIN/skipped.txt" 2>/dev/null | sed 's/^/skip /'
}

# Libraries the binaries need and this machine's loader does not find: look in the usual
# folders and export LD_LIBRARY_PATH (logged).
fix_libs() {
  local probe="$1" missing d found="" lib
  missing=$(ldd "$probe" 2>/dev/null | awk '/not found/{print $1}')
  [ -z "$missing" ] && { echo "libraries: all found by the loader"; return; }
  echo "libraries not found by the loader: $missing"
  for lib in $missing; do
    for d in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib /usr/local/cuda-*/lib64 \
             /usr/lib/x86_64-linux-gnu $(python3 -c 'import site; print("\n".join(site.getsitepackages()))' 2>/dev/null | \
               xargs -I{} sh -c 'ls -d {}/nvidia/*/lib {}/nvidia/lib {}/torch/lib 2>/dev/null') "$LC_DIR/lib"; do
      if [ -e "$d/$lib" ]; then found="$found:$d"; echo "  $lib in $d"; break; fi
    done
  done
  if [ -n "$found" ]; then export LD_LIBRARY_PATH="${found#:}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"; fi
  echo "LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"
  ldd "$probe" 2>/dev/null | grep 'not found' && echo "WARNING: still missing (programs will fail to start)"
}

export_one() {  # NAME: CSV pages of ncu/NAME.ncu-rep (background)
  local n="$1"
  local rep="$W/$n.ncu-rep"
  [ -f "$rep" ] || return 0
  timeout -k 5 150 "$NCU_BIN" -i "$rep" --page source --csv --print-source cuda,sass > "$W/$n.csv" 2> "$W/$n.csv.err" \
    || timeout -k 5 150 "$NCU_BIN" -i "$rep" --page source --csv --print-source=cuda,sass > "$W/$n.csv" 2>> "$W/$n.csv.err"
  timeout -k 5 60 "$NCU_BIN" -i "$rep" --page raw --csv --metrics "$XM,launch__grid_size,launch__block_size" \
    > "$W/$n.raw.csv" 2> "$W/$n.raw.err"
  echo "exported $n (source page $(wc -l < "$W/$n.csv") lines, raw page $(grep -c '^"[0-9]' "$W/$n.raw.csv") launches) at ${SECONDS}s"
}

# ncu on one program (in its source folder, default arguments, check phase only: E1), its
# kernel-name filter in the form FILTER_MODE says; returns ncu's (= the program's) exit status
profile_one() {  # NAME TIMEOUT
  local n="$1" to="$2" names filt=()
  names="$(paste -sd'|' "$BIN/$n.kernels")"
  case "$FILTER_MODE" in
    anchored) filt=(--kernel-name "regex:^(${names})(<.*)?\$") ;;
    plain) filt=(--kernel-name "regex:${names}") ;;
    none) filt=() ;;
  esac
  echo "ncu filter: ${filt[*]:-(none)}" > "$W/$n.ncu.log"
  ( cd "$CU" && LLMC_CHECK_ONLY=1 timeout -k 10 "$to" "$NCU_BIN" --section SourceCounters --metrics "$XM" \
      --import-source yes --clock-control none "${filt[@]}" --launch-count "$CAP" \
      -f -o "$W/$n" "$BIN/$n" ) >> "$W/$n.ncu.log" 2>&1
}

cmd_device() {
  NCU_BIN="$(find_ncu)"
  local out="${OUT:-$LC_DIR/out}"; mkdir -p "$out"
  W="$LC_DIR/ncu"; rm -rf "$W"; mkdir -p "$W"
  exec > >(tee -a "$out/log.txt") 2>&1
  local tee_pid=$!
  local BUDGET="${PROFILE_BUDGET_S:-400}" DEADLINE="${DEADLINE_S:-450}" PTO="${PROG_TIMEOUT_S:-180}"
  local EXPORT_END="${EXPORT_END_S:-490}" CAP="${LAUNCH_CAP:-60}"
  XM=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
  echo "== llmc-check device start $(date -u +%Y-%m-%dT%H:%M:%SZ): budget ${BUDGET}s, deadline ${DEADLINE}s, per program ${PTO}s, launch cap $CAP"
  # The binaries were built elsewhere: their line tables name the sources under the build
  # machine's repository path; ncu --import-source reads them there, so link it to this checkout.
  local broot; broot="$(cat "$BIN/build_root.txt" 2>/dev/null)"
  if [ -n "$broot" ] && [ ! -e "$broot" ]; then
    mkdir -p "$(dirname "$broot")" && ln -s "$ROOT" "$broot" && echo "linked $broot -> $ROOT"
  fi
  {
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "--- nvidia-smi"; nvidia-smi
    echo "--- nvidia-smi query"; nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv
    echo "--- nvcc --version"; "$(find_nvcc)" --version
    echo "--- ncu --version"; "$NCU_BIN" --version
    echo "--- llm.c"; cat "$SRC/llmc-commit.txt" 2>/dev/null
    echo "--- build"; cat "$BIN/build.txt" 2>/dev/null
  } > "$W/versions.txt" 2>&1
  cp "$W/versions.txt" "$out/"
  local n first; first="$(list_programs | head -1)"
  [ -n "$first" ] && [ -x "$BIN/$first" ] && fix_libs "$BIN/$first"
  for n in $OPENMP_PROGRAMS; do [ -x "$BIN/$n" ] && fix_libs "$BIN/$n"; done
  export NCU_BIN W XM
  export -f export_one
  FILTER_MODE=anchored FILTER_OK=0
  printf 'program\trc\tseconds\tlaunches\tstarted_at\n' > "$W/runs.tsv"
  local pids=()
  for n in $(list_programs); do
    if [ ! -x "$BIN/$n" ]; then echo "SKIP $n (no binary)"; printf '%s\tno-binary\t0\t0\t%s\n' "$n" "$SECONDS" >> "$W/runs.tsv"; continue; fi
    if [ "$SECONDS" -gt "$BUDGET" ]; then echo "BUDGET: not profiling $n (at ${SECONDS}s)"; printf '%s\tbudget\t0\t0\t%s\n' "$n" "$SECONDS" >> "$W/runs.tsv"; continue; fi
    local to=$((DEADLINE - SECONDS))
    if [ "$to" -lt 15 ]; then echo "DEADLINE: not profiling $n (at ${SECONDS}s)"; printf '%s\tdeadline\t0\t0\t%s\n' "$n" "$SECONDS" >> "$W/runs.tsv"; continue; fi
    [ "$to" -gt "$PTO" ] && to=$PTO
    cp "$BIN/$n.ptx" "$W/" 2>/dev/null
    local t0=$SECONDS rc nl
    while :; do
      profile_one "$n" "$to"; rc=$?
      nl=$(grep -c '^==PROF== Profiling "' "$W/$n.ncu.log")
      # The program ran to its end (every program launches its own kernels in its check) but
      # nothing was profiled, and no program before it got a launch profiled: the kernel-name
      # filter matches nothing on this ncu. Take the next filter form for this and every later
      # program (anchored -> plain alternation -> none). Once a form has worked, it stays.
      [ "$nl" -gt 0 ] && FILTER_OK=1
      if [ "$rc" = 0 ] && [ "$nl" = 0 ] && [ "$FILTER_OK" = 0 ] && [ "$FILTER_MODE" != none ] \
         && [ $((DEADLINE - SECONDS)) -gt 30 ]; then
        FILTER_MODE=$([ "$FILTER_MODE" = anchored ] && echo plain || echo none)
        echo "WARN $n: ran (rc 0) and nothing was profiled: kernel-name filter now '$FILTER_MODE'; again"
        to=$((DEADLINE - SECONDS)); [ "$to" -gt "$PTO" ] && to=$PTO
        continue
      fi
      break
    done
    echo "profiled $n rc=$rc: $nl launches in $((SECONDS - t0))s (limit ${to}s, at ${SECONDS}s)$( [ "$rc" = 124 ] && echo ' TIMED OUT')"
    [ "$rc" -ne 0 ] && grep -v '^==PROF== Profiling' "$W/$n.ncu.log" | tail -4 | sed 's/^/    /'
    printf '%s\t%s\t%s\t%s\t%s\n' "$n" "$rc" "$((SECONDS - t0))" "$nl" "$t0" >> "$W/runs.tsv"
    if [ -f "$W/$n.ncu-rep" ]; then
      export_one "$n" &
      pids+=($!)
    else
      echo "    no report for $n"
    fi
  done
  echo "== profiling done at ${SECONDS}s; waiting for ${#pids[@]} exports (until ${EXPORT_END}s)"
  local p
  for p in "${pids[@]}"; do
    while kill -0 "$p" 2>/dev/null && [ "$SECONDS" -lt "$EXPORT_END" ]; do sleep 1; done
    if kill -0 "$p" 2>/dev/null; then echo "export pid $p still running at ${SECONDS}s: stopped"; kill "$p" 2>/dev/null; fi
    wait "$p" 2>/dev/null   # (a bare `wait` would also wait for the log's tee)
  done
  cp "$W/runs.tsv" "$out/"
  line_tables "$W"
  (cd "$W" && tar -czf "$out/ncu-csv.tar.gz" -- *.csv *.ptx *.sass *.log *.err versions.txt runs.tsv 2>/dev/null)
  # the device tool brings back files of at most 16 MiB: split a larger tarball
  # (here: cat ncu-csv.tar.gz.part-* > ncu-csv.tar.gz)
  if [ "$(stat -c %s "$out/ncu-csv.tar.gz" 2>/dev/null || echo 0)" -gt 15728640 ]; then
    (cd "$out" && split -b 15M -d -a 1 ncu-csv.tar.gz ncu-csv.tar.gz.part- && rm ncu-csv.tar.gz)
    echo "ncu-csv.tar.gz split into $(ls "$out"/ncu-csv.tar.gz.part-* | wc -l) parts"
  fi
  python3 "$HERE/llmc_check_compare.py" parse --build "$W" -o "$out/measurements.json" \
    || echo "PARSE FAILED (the CSVs are in ncu-csv.tar.gz)"
  echo "== llmc-check device end at ${SECONDS}s"
  column -t -s "$(printf '\t')" "$W/runs.tsv" 2>/dev/null || cat "$W/runs.tsv"
  exec >&- 2>&-
  wait "$tee_pid" 2>/dev/null   # log.txt complete before the command returns
}

# DIR/NAME.sass for every profiled program (DIR/NAME.csv) built with a cubin: nvcc's line table,
# which parse_ncu.py uses for the instructions ncu lists only under a CUDA header (see its
# "attribution"). nvdisasm: $NVDISASM, on PATH, or the CUDA one; an older nvdisasm reads the
# cubin through a rewritten header (runtime-bench/sass_lines.py).
line_tables() {
  local dir="$1" csv n
  for csv in "$dir"/*.csv; do
    n="$(basename "$csv" .csv)"
    case "$n" in *.*) continue ;; esac
    [ -f "$BIN/$n.cubin" ] || { echo "line table: no $BIN/$n.cubin (built before cubins were kept)"; continue; }
    python3 "$ROOT/runtime-bench/sass_lines.py" disassemble "$BIN/$n.cubin" "$dir/$n.sass" \
      || echo "line table: $n not disassembled"
  done
}

# An earlier device output (DEVICE_OUT/ncu-csv.tar.gz, no NAME.sass in it) parsed again with the
# line tables of this machine's cubins (`build` keeps them; they must be the ones profiled: every
# instruction ncu lists is checked against them, a mismatch leaves that kernel as it was).
cmd_line_tables() {
  local dev="${1:?usage: llmc-check.sh line-tables DEVICE_OUT [OUT.json]}"
  local outj="${2:-$dev/measurements-line-table.json}" w
  w="$(mktemp -d)"
  if [ -f "$dev/ncu-csv.tar.gz" ]; then tar -xzf "$dev/ncu-csv.tar.gz" -C "$w"
  else cat "$dev"/ncu-csv.tar.gz.part-* | tar -xz -C "$w"; fi || { echo "no ncu-csv.tar.gz in $dev" >&2; rm -rf "$w"; exit 2; }
  line_tables "$w"
  python3 "$HERE/llmc_check_compare.py" parse --build "$w" -o "$outj"
  local rc=$?
  rm -rf "$w"
  return $rc
}

cmd_compare() {
  local meas="${1:-$LC_DIR/out/measurements.json}" md="${2:-$LC_DIR/llmc-check.md}" js="${3:-$LC_DIR/llmc-check.json}"
  python3 "$HERE/llmc_check_compare.py" compare --tool "$(find_tool)" --measurements "$meas" --pred "$PRED" --src "$CU" -o "$md" --json "$js" \
    && echo "wrote $md and $js"
}

case "${1:-}" in
  stage) shift; cmd_stage "$@" ;;
  analyze) cmd_analyze ;;
  build) cmd_build ;;
  device) cmd_device ;;
  compare) shift; cmd_compare "$@" ;;
  line-tables) shift; cmd_line_tables "$@" ;;
  plan) cmd_plan ;;
  selftest) python3 "$HERE/llmc_check_compare.py" selftest --tool "$(find_tool)" ;;
  all-local) shift; cmd_stage "$@" && cmd_analyze && cmd_build ;;
  *) sed -n '2,25p' "$0"; exit 2 ;;
esac
