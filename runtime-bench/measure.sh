#!/usr/bin/env bash
# runtime-bench measuring half: build every kernels/*.cu, profile it under Nsight Compute with
# the SourceCounters section, export the per-SASS-instruction source page as CSV, parse it.
#
# Run on a GPU machine from the repository root (or anywhere):
#     runtime-bench/measure.sh              # all kernels/*.cu
#     runtime-bench/measure.sh 01_offsets   # only the named ones
# Outputs: runtime-bench/build/ (binaries, .ptx, .sass line tables (nvdisasm -gi of the cubin:
# parse_ncu.py files instructions ncu lists only under a CUDA header by them), .ncu-rep, .csv), and, in $OUT (default
# runtime-bench/build/out): log.txt, versions.txt, ncu-csv.tar.gz (CSVs, PTX, logs),
# ncu-rep.tar.gz (the reports, when under 15 MB) and measurements.json.
#     runtime-bench/measure.sh --timing-only   # timing pass only (also automatic without ncu)
# With names given, only their files go into the tarballs and measurements.json, and $OUT also gets
# measurements.merged.json / timings.merged.json: the checkout's results/*.json with those files
# replaced by this run's (parse_ncu.py --merge, parse_timing.py --merge).
# Two passes: a plain timing pass (BENCH_TIMING=1, CUDA events, median of BENCH_REPEATS >= 20
# launches) -> timings.json, then the ncu pass (one launch per kernel) -> measurements.json.
# Environment: PROFILE_BUDGET_S (default 420): no new profile starts after this many seconds.
set -u
TIMING_ONLY=0
if [ "${1:-}" = "--timing-only" ]; then TIMING_ONLY=1; shift; fi
HERE="$(cd "$(dirname "$0")" && pwd)"
cd "$HERE"
BUILD=build
mkdir -p "$BUILD"
OUT="${OUT:-$HERE/build/out}"
mkdir -p "$OUT"
LOG="$OUT/log.txt"
exec > >(tee -a "$LOG") 2>&1
PROFILE_BUDGET_S="${PROFILE_BUDGET_S:-420}"
NVCC="${NVCC:-nvcc}"
command -v "$NVCC" >/dev/null 2>&1 || NVCC=/usr/local/cuda/bin/nvcc
NCU="${NCU:-ncu}"
if ! command -v "$NCU" >/dev/null 2>&1; then
  for c in /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu; do [ -x "$c" ] && NCU="$c" && break; done
fi
if ! command -v "$NCU" >/dev/null 2>&1 && [ "$TIMING_ONLY" = 0 ]; then
  echo "NOTE: ncu not found on PATH: running the TIMING PASS ONLY (no profile; measurements.json is not written)"
  TIMING_ONLY=1
fi
[ "$TIMING_ONLY" = 1 ] && echo "== TIMING-ONLY mode: no Nsight Compute profile in this run (timings.json says \"profiled\": false)"
JOBS="$(nproc 2>/dev/null || echo 4)"
XMETRICS=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
# Kernel-level shared-memory cross-check counters. Names not verified on every ncu version: each is
# kept only if `ncu --query-metrics` lists its base name, and if a profile still fails with them the
# run drops them all and goes on with XMETRICS alone.
SHARED_XMETRICS_WANTED="l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum smsp__inst_executed_op_shared_ld.sum smsp__inst_executed_op_shared_st.sum"

echo "== measure.sh start $(date -u +%Y-%m-%dT%H:%M:%SZ)"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "--- nvidia-smi"
  nvidia-smi
  echo "--- nvidia-smi query"
  nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv
  echo "--- nvcc --version"
  "$NVCC" --version
  echo "--- ncu --version"
  if [ "$TIMING_ONLY" = 1 ]; then echo "(timing-only run: ncu not used)"; else "$NCU" --version; fi
} > "$BUILD/versions.txt" 2>&1
cp "$BUILD/versions.txt" "$OUT/versions.txt"
cat "$BUILD/versions.txt"

SUBSET=0
if [ $# -gt 0 ]; then
  NAMES="$*"
  SUBSET=1
else
  NAMES="$(cd kernels && ls *.cu | sed 's/\.cu$//')"
fi

echo "== compile ($JOBS jobs) at ${SECONDS}s"
printf '%s\n' $NAMES | xargs -P "$JOBS" -I{} sh -c \
  "'$NVCC' -O3 -lineinfo -arch=sm_90 -o $BUILD/{} kernels/{}.cu > $BUILD/{}.nvcc.log 2>&1 || echo 'COMPILE FAILED: {}';
   '$NVCC' -O3 -lineinfo -arch=sm_90 -ptx -o $BUILD/{}.ptx kernels/{}.cu >> $BUILD/{}.nvcc.log 2>&1;
   '$NVCC' -O3 -lineinfo -arch=sm_90 -cubin -o $BUILD/{}.cubin kernels/{}.cu >> $BUILD/{}.nvcc.log 2>&1 &&
   python3 sass_lines.py disassemble $BUILD/{}.cubin $BUILD/{}.sass >> $BUILD/{}.nvcc.log 2>&1"
echo "== compile done at ${SECONDS}s"

# Timing pass: each binary once, plainly (not under ncu), with BENCH_TIMING=1: per kernel a warm-up
# launch and BENCH_REPEATS (default 25) launches timed with CUDA events; TIMING lines go to NAME.timing.txt.
rm -f "$BUILD"/*.timing.txt   # only this run's files get parsed
echo "== timing pass at ${SECONDS}s (BENCH_REPEATS=${BENCH_REPEATS:-25})"
for n in $NAMES; do
  if [ ! -x "$BUILD/$n" ]; then echo "SKIP timing $n (no binary)"; continue; fi
  t0=$SECONDS
  BENCH_TIMING=1 timeout 120 "$BUILD/$n" > "$BUILD/$n.timing.txt" 2>&1
  rc=$?
  echo "timed $n rc=$rc: $(grep -c '^TIMING' "$BUILD/$n.timing.txt") kernels in $((SECONDS - t0))s$(grep -q 'CHECK.*FAIL' "$BUILD/$n.timing.txt" && echo ' CHECK FAIL')"
done
grep -h '^CHECK' "$BUILD"/*.timing.txt
echo "== timing pass done at ${SECONDS}s"
if [ "$TIMING_ONLY" = 1 ]; then
  tar -czf "$OUT/timing-raw.tar.gz" -C "$BUILD" $(cd "$BUILD" && ls *.timing.txt *.nvcc.log versions.txt 2>/dev/null)
  python3 "$HERE/parse_timing.py" --build "$BUILD" --versions "$BUILD/versions.txt" --timing-only -o "$OUT/timings.json" \
    || echo "TIMING PARSE FAILED"
  echo "== measure.sh end (timing only, not profiled) at ${SECONDS}s"
  exit 0
fi

# Which of the shared-memory cross-check metrics this ncu knows.
timeout 120 "$NCU" --query-metrics > "$BUILD/ncu-metrics.txt" 2>&1 || true
SHARED_XMETRICS=""
for m in $SHARED_XMETRICS_WANTED; do
  if grep -qE "(^|[[:space:]])${m%.sum}([[:space:]]|$)" "$BUILD/ncu-metrics.txt"; then SHARED_XMETRICS="$SHARED_XMETRICS,$m"; fi
done
echo "shared cross-check metrics known to ncu: ${SHARED_XMETRICS#,}"
ALLMETRICS="$XMETRICS$SHARED_XMETRICS"

FILTER_ARGS=(--kernel-name "regex:^(?!init_)")
for n in $NAMES; do
  if [ ! -x "$BUILD/$n" ]; then echo "SKIP $n (no binary)"; continue; fi
  if [ "$SECONDS" -gt "$PROFILE_BUDGET_S" ]; then echo "BUDGET: not profiling $n (at ${SECONDS}s)"; continue; fi
  t0=$SECONDS
  rm -f "$BUILD/$n.ncu-rep" "$BUILD/$n.csv" "$BUILD/$n.raw.csv"   # no stale report of an earlier call
  timeout 150 "$NCU" --section SourceCounters --metrics "$ALLMETRICS" --import-source yes --clock-control none \
    "${FILTER_ARGS[@]}" -f -o "$BUILD/$n" "$BUILD/$n" > "$BUILD/$n.ncu.log" 2>&1
  rc=$?
  if [ "$ALLMETRICS" != "$XMETRICS" ] && { [ $rc -ne 0 ] || [ ! -f "$BUILD/$n.ncu-rep" ]; } \
     && grep -qi 'metric' "$BUILD/$n.ncu.log"; then
    echo "WARN $n: profile failed with the shared-memory metrics (rc=$rc): $(grep -m2 -i 'metric' "$BUILD/$n.ncu.log")"
    echo "     dropping them from now on"
    ALLMETRICS="$XMETRICS"
    timeout 150 "$NCU" --section SourceCounters --metrics "$ALLMETRICS" --import-source yes --clock-control none \
      "${FILTER_ARGS[@]}" -f -o "$BUILD/$n" "$BUILD/$n" > "$BUILD/$n.ncu.log" 2>&1
    rc=$?
  fi
  if [ ${#FILTER_ARGS[@]} -gt 0 ] && { [ ! -f "$BUILD/$n.ncu-rep" ] || grep -q "No kernels were profiled" "$BUILD/$n.ncu.log"; }; then
    echo "WARN $n: --kernel-name filter failed (rc=$rc): $(grep -m2 -i 'error\|no kernels' "$BUILD/$n.ncu.log")"
    echo "     retrying without it from now on (init_* kernels then get dropped by the parser)"
    FILTER_ARGS=()
    timeout 150 "$NCU" --section SourceCounters --metrics "$ALLMETRICS" --import-source yes --clock-control none \
      -f -o "$BUILD/$n" "$BUILD/$n" > "$BUILD/$n.ncu.log" 2>&1
    rc=$?
  fi
  echo "profiled $n rc=$rc in $((SECONDS - t0))s (at ${SECONDS}s)"
  [ $rc -ne 0 ] && tail -5 "$BUILD/$n.ncu.log"
done

echo "== export at ${SECONDS}s"
# The source page export. Try the documented spelling first, then variants.
export_source() {  # rep out [extra import args...]
  local rep="$1" out="$2"; shift 2
  "$NCU" -i "$rep" --page source --csv --print-source cuda,sass "$@" > "$out" 2> "$out.err" && [ -s "$out" ] && return 0
  "$NCU" -i "$rep" --page source --csv --print-source=cuda,sass "$@" > "$out" 2>> "$out.err" && [ -s "$out" ] && { echo "note: needed --print-source=cuda,sass" >> "$out.err"; return 0; }
  "$NCU" -i "$rep" --page source --csv --print-source sass "$@" > "$out" 2>> "$out.err" && [ -s "$out" ] && { echo "note: fell back to --print-source sass" >> "$out.err"; return 0; }
  return 1
}
export_one() {  # name
  local n="$1" rep="$BUILD/$1.ncu-rep"
  [ -f "$rep" ] || return 0
  export_source "$rep" "$BUILD/$n.csv" || echo "EXPORT FAILED $n: $(head -3 "$BUILD/$n.csv.err")"
  # Kernel list and kernel-level cross-check metrics.
  "$NCU" -i "$rep" --page raw --csv --metrics "$ALLMETRICS,launch__grid_size,launch__block_size" > "$BUILD/$n.raw.csv" 2> "$BUILD/$n.raw.err" \
    || "$NCU" -i "$rep" --page raw --csv --metrics "$XMETRICS,launch__grid_size,launch__block_size" > "$BUILD/$n.raw.csv" 2>> "$BUILD/$n.raw.err" \
    || "$NCU" -i "$rep" --page raw --csv > "$BUILD/$n.raw.csv" 2>> "$BUILD/$n.raw.err"
}
export -f export_source export_one
export BUILD NCU XMETRICS ALLMETRICS
printf '%s\n' $NAMES | xargs -P "$JOBS" -I{} bash -c 'export_one {}'
echo "== whole-report exports done at ${SECONDS}s"
first=$(ls "$BUILD"/*.csv 2>/dev/null | grep -v '\.raw\.csv' | head -1)
if [ -n "$first" ]; then
  echo "--- layout probe: $first ($(wc -l < "$first") lines)"; head -c 3000 "$first"; echo
  echo "--- lines matching LDG/STG (first 6)"; grep -m6 'LDG\|STG' "$first" | cut -c1-600
  echo "--- raw: $(head -c 1500 "${first%.csv}.raw.csv")"
fi
"$NCU" --help 2>&1 | grep -A4 -i 'print-source\|launch-skip\|kernel-name-base' | head -40

# Raw CSVs (and logs) of this run's files into one tarball; reports separately if small enough.
# Only the files of $NAMES: build/ may hold older runs' outputs (kept between device calls).
CSV_FILES=""; REP_FILES=""
for n in $NAMES; do
  for f in "$n.csv" "$n.raw.csv" "$n.ptx" "$n.sass" "$n.csv.err" "$n.raw.err" "$n.ncu.log" "$n.nvcc.log" "$n.timing.txt"; do
    [ -f "$BUILD/$f" ] && CSV_FILES="$CSV_FILES $f"
  done
  [ -f "$BUILD/$n.ncu-rep" ] && REP_FILES="$REP_FILES $n.ncu-rep"
done
tar -czf "$OUT/ncu-csv.tar.gz" -C "$BUILD" $CSV_FILES versions.txt $( [ -f "$BUILD/ncu-metrics.txt" ] && echo ncu-metrics.txt)
rm -f "$BUILD/ncu-rep.tar.gz"
[ -n "$REP_FILES" ] && tar -czf "$BUILD/ncu-rep.tar.gz" -C "$BUILD" $REP_FILES
if [ -f "$BUILD/ncu-rep.tar.gz" ] && [ "$(stat -c %s "$BUILD/ncu-rep.tar.gz")" -lt "${REP_TAR_MAX:-15000000}" ]; then cp "$BUILD/ncu-rep.tar.gz" "$OUT/"; fi
ls -la "$OUT"

python3 "$HERE/parse_ncu.py" --build "$BUILD" --versions "$BUILD/versions.txt" -o "$OUT/measurements.json" $NAMES \
  || echo "PARSE FAILED (raw CSVs are in ncu-csv.tar.gz)"
python3 "$HERE/parse_timing.py" --build "$BUILD" --versions "$BUILD/versions.txt" --measurements "$OUT/measurements.json" \
  -o "$OUT/timings.json" || echo "TIMING PARSE FAILED"
if [ "$SUBSET" = 1 ] && [ -f "$HERE/results/measurements.json" ] && [ -f "$OUT/measurements.json" ]; then
  # A subset run: also the checkout's results with these files replaced (copy them to results/
  # after checking them; the raw files go to results/raw/<run>/).
  python3 "$HERE/parse_ncu.py" --build "$BUILD" --versions "$BUILD/versions.txt" $NAMES \
    --merge "$HERE/results/measurements.json" --raw "raw/<this run>/" -o "$OUT/measurements.merged.json" \
    || echo "MERGE FAILED (measurements)"
  [ -f "$HERE/results/timings.json" ] && { python3 "$HERE/parse_timing.py" --build "$BUILD" --versions "$BUILD/versions.txt" \
    --measurements "$OUT/measurements.json" --merge "$HERE/results/timings.json" -o "$OUT/timings.merged.json" \
    || echo "MERGE FAILED (timings)"; }
fi
echo "== measure.sh end at ${SECONDS}s"
