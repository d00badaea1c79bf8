#!/usr/bin/env bash
# No loss (issue 43): one analyzer over everything measured before, row by row, for rowdiff.py.
#
# Usage (from anywhere; paths default to this repository):
#   no-loss.sh BIN OUTDIR
# BIN is the analyzer (cuda-coalesce; its `verify` is the scorer), OUTDIR the folder this run
# writes (created; a run there before is replaced). Compare two runs with
#   tools/real-code/rowdiff.py OLD/rows.json NEW/rows.json
#
# What is scored (docs/real-code.md, "No loss: the harness"):
#   suites         every program with a committed measurement (tools/real-code/results/suites-*/
#                  SUITE/NAME.json, the suites gpu-rodinia shoc gpu-parboil cuda-samples
#                  CUDA-GEMM-Optimization flash-attention-minimal ggml chai hecbench ispass2009),
#                  each against its most recent folder (no_loss.py overlay), analysed with BIN by
#                  `suite-check.sh analyze` from the sources staged in SUITES_DIR (`suite-check.sh
#                  stage SUITE CHECKOUT`; ggml also needs SUITES_DIR/ggml-build's compile
#                  database) and scored by suite_score.py (verify per program);
#   llm.c          results/llmc-h200-2026-12-04.json against `llmc-check.sh analyze` of LC_DIR/src
#                  (`llmc-check.sh stage LLMC_CHECKOUT`), verdicts of llmc_check_compare.py;
#   runtime-bench  runtime-bench/results/measurements.json, verdicts of runtime-bench/compare.py
#                  (verify analyses runtime-bench/kernels/ itself).
# A suite with measurements and no staged sources is left out and named in summary.md, and so is
# llm.c when LC_DIR/src is missing.
#
# Writes OUTDIR/rows.json (one row per measured line: suite, program, file (relative to the staged
# sources), line, kernel, kind, space, launch, verdict, group, measured, predicted, measurement
# folder), OUTDIR/summary.md (global and shared exact / in range / wrong / not predicted and
# code-decided exact, per suite and per measurement folder; llm.c; runtime-bench; the time taken)
# and OUTDIR/work/ (the measurements each program met, the predictions, the scorers' output, logs).
#
# Environment:
#   SUITES_DIR  the staged suites (default <repo>/build-suites)
#   LC_DIR      the staged llm.c (default <repo>/build-llmc)
#   RESULTS     the committed measurements (default <repo>/tools/real-code/results)
#   SUITES      the suites to score (default: all ten; those with no measurement are skipped)
#   PARTS       what to run (default "suites llmc rb")
#   JOBS        processes at a time (default 2, at most 2: the machine is shared); every one
#               runs under nice 19
# Bash and Python 3's standard library only.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
[ $# -eq 2 ] || { sed -n '2,45p' "$0"; exit 2; }
BIN="$(readlink -f "$1")"
[ -x "$BIN" ] || { echo "no analyzer at $1" >&2; exit 2; }
mkdir -p "$2" && OUT="$(cd "$2" && pwd)" || exit 2
SUITES_DIR="$(readlink -f "${SUITES_DIR:-$ROOT/build-suites}")"
LC_DIR="$(readlink -f "${LC_DIR:-$ROOT/build-llmc}")"
RESULTS="${RESULTS:-$ROOT/tools/real-code/results}"
SUITES="${SUITES:-gpu-rodinia shoc gpu-parboil cuda-samples CUDA-GEMM-Optimization flash-attention-minimal ggml chai hecbench ispass2009}"
PARTS="${PARTS:-suites llmc rb}"
JOBS="${JOBS:-2}"; [ "$JOBS" -gt 2 ] && JOBS=2
HELPER="$HERE/no_loss.py"
WORK="$OUT/work"
rm -rf "$WORK" "$OUT/rows.json" "$OUT/summary.md"
mkdir -p "$WORK/suites" "$WORK/score" "$WORK/logs"
T0=$SECONDS
renice -n 19 -p $$ > /dev/null    # every process of the run inherits nice 19
has_part() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }

{
  echo "analyzer: $BIN (sha256 $(sha256sum "$BIN" | cut -c1-16), $(stat -c '%y' "$BIN" | cut -c1-19))"
} > "$WORK/analyzer.txt"
{
  echo "- run: $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname) ($(nproc) cores), tools/real-code/no-loss.sh at $(git -C "$ROOT" log -1 --format=%h 2>/dev/null)"
  echo "- sources: SUITES_DIR=$SUITES_DIR, LC_DIR=$LC_DIR"
  for s in $SUITES; do
    [ -f "$SUITES_DIR/$s/checkout.txt" ] && echo "- $s: $(head -1 "$SUITES_DIR/$s/checkout.txt")"
  done
  [ -f "$LC_DIR/src/llmc-commit.txt" ] && echo "- llm.c: $(head -1 "$LC_DIR/src/llmc-commit.txt")"
} > "$WORK/header.md"
: > "$WORK/problems.txt"
printf 'step\tseconds\n' > "$WORK/times.tsv"
timed() {  # NAME COMMAND...: runs it, adds its seconds to times.tsv
  local name="$1" t=$SECONDS; shift
  "$@"; local rc=$?
  printf '%s\t%d\n' "$name" $((SECONDS - t)) >> "$WORK/times.tsv"
  return $rc
}

# 1. The measurement each program is scored against, and the analysis tasks.
TASKS="$WORK/tasks.txt"; : > "$TASKS"
if has_part suites; then
  # shellcheck disable=SC2086  # a word list
  python3 "$HELPER" overlay --results "$RESULTS" --dest "$WORK/measured" --staged "$SUITES_DIR" $SUITES \
    | tee "$WORK/logs/overlay.txt"
  sed 's/^/not staged, left out: /' "$WORK/measured/unstaged.txt" >> "$WORK/problems.txt"
  : > "$WORK/staged.tsv"
  for s in $SUITES; do
    [ -d "$WORK/measured/$s" ] || continue
    mkdir -p "$WORK/suites/$s"
    ln -sfn "$(readlink -f "$SUITES_DIR/$s/src")" "$WORK/suites/$s/src"
    printf '%s\t%s\t%s\n' "$s" "$SUITES_DIR/$s/src" "$(readlink -f "$SUITES_DIR/$s/src")" >> "$WORK/staged.tsv"
  done
  # compile databases the manifests name (adb=DIR, relative to the suites folder: ggml-build)
  grep -ho 'adb=[^;[:space:]]*' "$ROOT"/tools/real-code/suites/*.tsv | sort -u | cut -d= -f2 | while read -r d; do
    [ -e "$SUITES_DIR/$d" ] && ln -sfn "$SUITES_DIR/$d" "$WORK/suites/$d"
  done
  # shellcheck disable=SC2086
  python3 "$HELPER" tasks --manifests "$ROOT/tools/real-code/suites" --measured "$WORK/measured" $SUITES \
    > "$WORK/suite-tasks.txt"
  grep '^# ' "$WORK/suite-tasks.txt" | sed 's/^# //' >> "$WORK/problems.txt"
  # ggml's one analysis (the whole backend) first: the longest task
  { grep '^ggml ' "$WORK/suite-tasks.txt"; grep -v '^#' "$WORK/suite-tasks.txt" | grep -v '^ggml '; } \
    | sed 's/^/analyze /' >> "$TASKS"
fi
LLMC_WORK="$WORK/llmc"
if has_part llmc; then
  if [ -d "$LC_DIR/src/dev/cuda" ]; then
    mkdir -p "$LLMC_WORK"
    ln -sfn "$LC_DIR/src" "$LLMC_WORK/src"
    for f in "$LC_DIR"/src/dev/cuda/*.cu; do
      n="$(basename "$f" .cu)"
      [ "$n" = nccl_all_reduce ] || echo "llmc-analyze $n"    # llmc-check.sh's SKIP_PROGRAMS
    done >> "$TASKS"
  else
    echo "llm.c: not staged ($LC_DIR/src): left out" >> "$WORK/problems.txt"
  fi
fi
has_part rb && echo "rb" >> "$TASKS"

# One task (a line of tasks.txt), run by xargs in one of JOBS lanes.
run_task() {
  local kind="$1" t=$SECONDS; shift
  case "$kind" in
    analyze)
      local s="$1"; shift
      CUDA_COALESCE="$BIN" SUITES_DIR="$WORK/suites" "$HERE/suite-check.sh" analyze "$s" "$@" \
        >> "$WORK/logs/analyze-$s.txt" 2>&1
      printf 'analyze %s %s\t%d\n' "$s" "$*" $((SECONDS - t)) >> "$WORK/logs/task-times.tsv" ;;
    llmc-analyze)
      CUDA_COALESCE="$BIN" LC_DIR="$LLMC_WORK" PROGRAMS="$1" "$HERE/llmc-check.sh" analyze \
        >> "$WORK/logs/llmc-analyze.txt" 2>&1
      printf 'llmc-analyze %s\t%d\n' "$1" $((SECONDS - t)) >> "$WORK/logs/task-times.tsv" ;;
    rb)
      (cd "$ROOT/runtime-bench" && nice -n 19 python3 "$HELPER" rb --tool "$BIN" -o "$WORK/rb-rows.json") \
        > "$WORK/logs/rb.txt" 2>&1 || echo "runtime-bench: verify failed (logs/rb.txt)" >> "$WORK/problems.txt"
      printf 'rb\t%d\n' $((SECONDS - t)) >> "$WORK/logs/task-times.tsv" ;;
    score)
      local s="$1"
      nice -n 19 python3 "$HERE/suite_score.py" --tool "$BIN" --raw "$WORK/measured" --pred "$WORK/suites" \
        --rows "$WORK/score/$s.rows.json" --json "$WORK/score/$s.json" --markdown "$WORK/score/$s.md" "$s" \
        > "$WORK/logs/score-$s.txt" 2>&1
      printf 'score %s\t%d\n' "$s" $((SECONDS - t)) >> "$WORK/logs/task-times.tsv" ;;
    llmc-score)
      nice -n 19 python3 "$HELPER" llmc --tool "$BIN" --measurements "$RESULTS/llmc-h200-2026-12-04.json" \
        --pred "$LLMC_WORK/pred" --src "$LC_DIR/src/dev/cuda" -o "$WORK/llmc-rows.json" \
        > "$WORK/logs/llmc-score.txt" 2>&1 || echo "llm.c: verify failed (logs/llmc-score.txt)" >> "$WORK/problems.txt"
      printf 'llmc-score\t%d\n' $((SECONDS - t)) >> "$WORK/logs/task-times.tsv" ;;
  esac
}
export -f run_task
export BIN WORK HERE LLMC_WORK LC_DIR RESULTS ROOT HELPER

# 2. Analysis: suite programs (a folder's programs together), llm.c programs, runtime-bench.
timed analyze xargs -P "$JOBS" -L 1 bash -c 'run_task "$@"' _ < "$TASKS"
# 3. Scoring: verify per suite and for llm.c.
: > "$WORK/score-tasks.txt"
for s in $SUITES; do [ -d "$WORK/suites/$s" ] && echo "score $s" >> "$WORK/score-tasks.txt"; done
[ -d "$LLMC_WORK/pred" ] && echo "llmc-score" >> "$WORK/score-tasks.txt"
timed score xargs -P "$JOBS" -L 1 bash -c 'run_task "$@"' _ < "$WORK/score-tasks.txt"
n_llmc=0; for f in "$LLMC_WORK"/pred/*.json; do [ -e "$f" ] && n_llmc=$((n_llmc + 1)); done
echo "results/llmc-h200-2026-12-04.json, $n_llmc programs analysed" > "$WORK/llmc-header.txt"
# programs a scorer could not judge
for s in $SUITES; do
  [ -f "$WORK/score/$s.json" ] || continue
  python3 -c 'import json, sys
for suite, s in json.load(open(sys.argv[1])).items():
    for k, v in s.get("problems", {}).items(): print("%s: %d programs: %s" % (suite, v, k))' "$WORK/score/$s.json" >> "$WORK/problems.txt"
  grep -h ': ' "$WORK/logs/score-$s.txt" 2>/dev/null | grep -v '^|' | sed 's/^/  /' >> "$WORK/problems.txt"
done
printf 'total\t%d\n' $((SECONDS - T0)) >> "$WORK/times.tsv"
# 4. rows.json and summary.md
python3 "$HELPER" collect "$OUT"
