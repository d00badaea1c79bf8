#!/usr/bin/env bash
# Runs cuda-coalesce over every .cu file of a checkout of a public CUDA
# project, one process per file, and summarises what happened.
#
#   tools/real-code/run.sh CHECKOUT_DIR [OUT_DIR]
#
# Environment:
#   CUDA_COALESCE  the analyzer (default /work/main/build/tool/cuda-coalesce,
#                  else build/tool/cuda-coalesce beside this script's repo)
#   JOBS           parallel processes (default 2)
#   TIMEOUT        seconds per file (default 120)
#   EXTRA_FLAGS    more compiler flags after `--`, space separated
#   PROJECT        1 (default): after the file-by-file pass, a project pass
#                  analyses all files in one run (-j JOBS, -p OUT_DIR with
#                  the compile database prepare.py writes); 0 skips it
#   PROJECT_TIMEOUT   seconds for the project pass (default 3600)
#   BUILD_DIR      use BUILD_DIR/compile_commands.json (`-p BUILD_DIR`) instead
#                  of the flags from prepare.py (files missing from it fail
#                  with exit 2 "not in the compile database")
#   NVCC_CHECK=1   also run nvcc's front end on each file (`nvcc -cuda`, same
#                  -I/-D/-std, -rdc=true for -fgpu-rdc) into res/ID.nvcc
#                  (exit status) and res/ID.nvcc.err, so that files nvcc
#                  rejects too can be told apart; NVCC (default
#                  $CUDA_PATH/bin/nvcc or /usr/local/cuda/bin/nvcc), NVCC_ARCH (sm_90)
#
# OUT_DIR (default ./real-code-out/<name of checkout>) receives:
#   jobs.tsv              id <TAB> file relative to the checkout
#   args/ID.args          the compiler flags given after `--` (prepare.py)
#   res/ID.json           stdout (--format=json --show-all)
#   res/ID.err            stderr (the `cuda-coalesce: error: FILE: reason` line)
#   res/ID.meta           exit status <TAB> wall seconds <TAB> analyzer mtime
#   wall_seconds, info.txt   elapsed time; checkout, tool, date
#   summary.txt, summary.json   from summarize.py
# The checkout is only read; nothing is written into it.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [[ "${1:-}" == "--one" ]]; then
  # Worker: --one OUT_DIR ROOT ID RELPATH
  out="$2" root="$3" id="$4" rel="$5"
  if [[ "${RETRY_ONLY:-0}" == 1 && -f "$out/res/$id.meta" ]] &&
     ! grep -qE '^(126|127)\b' "$out/res/$id.meta"; then
    exit 0
  fi
  mapfile -t flags < "$out/args/$id.args"
  # shellcheck disable=SC2206
  extra=(${EXTRA_FLAGS:-})

  set +e
  for try in $(seq 1 60); do
    # The analyzer may be being rebuilt: wait until it can be run again.
    while [[ ! -x "$TOOL" ]]; do sleep 5; done
    start=$(date +%s.%N)
    if [[ -n "${BUILD_DIR:-}" ]]; then
      (cd "$root" && timeout -k 10 "${TIMEOUT:-120}" "$TOOL" -p "$BUILD_DIR" --format=json --show-all \
          "$root/$rel") > "$out/res/$id.json" 2> "$out/res/$id.err"
    else
      (cd "$root" && timeout -k 10 "${TIMEOUT:-120}" "$TOOL" --format=json --show-all "$rel" \
          -- "${flags[@]}" "${extra[@]}") > "$out/res/$id.json" 2> "$out/res/$id.err"
    fi
    rc=$?
    [[ $rc == 126 || $rc == 127 ]] || break
    sleep 5
  done
  set -e
  end=$(date +%s.%N)
  printf '%s\t%s\t%s\n' "$rc" "$(python3 -c "print(round($end-$start,3))")" \
    "$(stat -c %Y "$TOOL" 2>/dev/null || echo 0)" > "$out/res/$id.meta"
  if [[ "${NVCC_CHECK:-0}" == 1 ]]; then
    nv=()
    skip=0
    for a in "${flags[@]}" "${extra[@]}"; do
      if ((skip)); then skip=0; [[ "$a" == */cccl ]] || nv+=(-isystem "$a"); continue; fi
      case "$a" in
        -isystem) skip=1 ;;
        -fgpu-rdc) nv+=(-rdc=true) ;;
        -Wno-*|-ferror-limit=*) ;;
        *) nv+=("$a") ;;
      esac
    done
    set +e
    (cd "$root" && timeout -k 10 "${TIMEOUT:-120}" "${NVCC:-${CUDA_PATH:-/usr/local/cuda}/bin/nvcc}" \
        -cuda -arch="${NVCC_ARCH:-sm_90}" "${nv[@]}" "$rel" -o /dev/null) \
        > "$out/res/$id.nvcc.err" 2>&1
    echo $? > "$out/res/$id.nvcc"
    set -e
  fi
  exit 0
fi

if [[ $# -lt 1 || ! -d "$1" ]]; then
  echo "usage: $0 CHECKOUT_DIR [OUT_DIR]" >&2
  exit 2
fi
ROOT="$(cd "$1" && pwd)"
OUT="${2:-real-code-out/$(basename "$ROOT")}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
if [[ -z "${CUDA_COALESCE:-}" ]]; then
  CUDA_COALESCE=/work/main/build/tool/cuda-coalesce
  [[ -x "$CUDA_COALESCE" ]] || CUDA_COALESCE="$HERE/../../build/tool/cuda-coalesce"
fi
export TOOL="$CUDA_COALESCE"
[[ -x "$TOOL" ]] || { echo "$0: no analyzer at $TOOL" >&2; exit 2; }

#   RETRY_ONLY=1   keep earlier results; rerun only files without one or whose
#                  analyzer could not be executed (exit 126/127: being rebuilt)
if [[ "${RETRY_ONLY:-0}" != 1 ]]; then rm -rf "$OUT/res"; fi
rm -rf "$OUT/args"
mkdir -p "$OUT/res"
n=$(python3 "$HERE/prepare.py" "$ROOT" "$OUT")
echo "$(basename "$ROOT"): $n .cu files, ${JOBS:-2} jobs, timeout ${TIMEOUT:-120}s" >&2

t0=$(date +%s)
# Each line of jobs.tsv: ID <TAB> RELPATH -> one worker.
tr '\t' '\n' < "$OUT/jobs.tsv" |
  xargs -d '\n' -n 2 -P "${JOBS:-2}" bash "$HERE/run.sh" --one "$OUT" "$ROOT"
t1=$(date +%s)
echo "$((t1 - t0))" > "$OUT/wall_seconds"

# Project pass: every file in one run, as a user runs it on a project, so
# that kernel files #included by another file are analysed through it,
# launches in other files shape kernels, and each access is reported once.
# PROJECT=0 skips it. Outputs: project.json, project.err, project.rc,
# project_wall_seconds.
if [[ "${PROJECT:-1}" == 1 ]]; then
  mapfile -t rels < <(cut -f2 "$OUT/jobs.tsv")
  set +e
  t0=$(date +%s)
  (cd "$ROOT" && timeout -k 10 "${PROJECT_TIMEOUT:-3600}" "$TOOL" -p "${BUILD_DIR:-$OUT}" \
      -j "${JOBS:-2}" --format=json --show-all "${rels[@]}") \
      > "$OUT/project.json" 2> "$OUT/project.err"
  echo $? > "$OUT/project.rc"
  echo "$(($(date +%s) - t0))" > "$OUT/project_wall_seconds"
  set -e
fi

{
  echo "checkout: $ROOT"
  echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
  echo "tool: $TOOL"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$OUT/info.txt"

python3 "$HERE/summarize.py" "$OUT" | tee "$OUT/summary.txt"
