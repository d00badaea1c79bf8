#!/usr/bin/env bash
# GPU check of cuda-coalesce on seven public suites (issue 42) and on Chai, a HeCBench subset and
# the ISPASS-2009 benchmarks (issue 43): stage, build and pack here; profile one launch per kernel
# with Nsight Compute on a GPU machine; the analyzer's JSON per program.
# The generic sibling of gpu-check.sh (PolyBench) and llmc-check.sh (llm.c).
#
# Usage (from anywhere; paths default to this repository):
#   suite-check.sh stage SUITE CHECKOUT   # copy + mechanical edits -> SUITES_DIR/SUITE/src
#   suite-check.sh build [SUITE[/NAME]...]  # nvcc -O3 -lineinfo -arch=sm_90 -cudart shared, nice 19, -j2
#   suite-check.sh pack [SUITE[/NAME]...]   # CARRY_DIR/SUITE.tar.gz: sources, inputs, binaries
#                                         # (SUITE/NAME: only those programs' folders, the folders
#                                         # their -I../DIR and ../DIR/FILE arguments name, binaries)
#   suite-check.sh plan [--from N] [SUITE...]   # what device would run, in order, and its seconds
#   suite-check.sh device [--from N] [--to N] [SUITE[/NAME]...]   # ON THE GPU MACHINE (below)
#   suite-check.sh parse DEVICE_OUT... [--dest D]  # here: the device outputs -> measurements-SUITE.json
#   suite-check.sh analyze SUITE [NAME...]      # analyzer JSON -> SUITES_DIR/SUITE/pred/NAME.json
#   suite-check.sh list                   # the suites and their program counts
#   suite-check.sh selftest               # the helpers and HeCBench's rule on hand-made inputs, the manifests parsed
# SUITE: gpu-rodinia shoc gpu-parboil cuda-samples CUDA-GEMM-Optimization flash-attention-minimal ggml
#        chai hecbench ispass2009 (issue 43)
#
# Files: tools/real-code/suites/SUITE.tsv names each program (its folder, sources, nvcc flags,
# arguments and options; the format is in suite_check.py), SUITE.sh stages the suite (its header
# lists every edit, E1...), suites/order.txt is the device order (richest first: SUITE/NAME lines;
# programs not listed follow in suite and manifest order).
#
# Through this workplace's device tool the device part is one call per ~8 minutes of profiling,
# from the repository root, with the tarballs of `pack` carried:
#   run  command: "tools/real-code/suite-check.sh device"  carry: ["build-suites/carry"]  timeout_s: 600
# which unpacks CARRY_DIR/*.tar.gz (once per tarball), makes the build machine's path of the
# sources exist (nvcc's line tables name them; ncu --import-source reads them there; tarballs packed
# in different build folders each get theirs: unpack keeps every build_root.txt), profiles
# the programs in plan order from --from N until its budget, and writes to $OUT: log.txt,
# versions.txt, runs.tsv, next.txt (the --from of the next call, or "done") and ncu-csv.tar.gz (split
# into ncu-csv.tar.gz.part-N of 15 MiB when larger; at most 8 files in all). The next call:
# "tools/real-code/suite-check.sh device --from N" with the N of next.txt.
#
# Per program (in its folder, with its arguments and environment):
#   pass 1  ncu --section SourceCounters --metrics <4 l1tex metrics> --import-source yes
#           --clock-control none --kernel-id ::regex:<kid>:1 -f -o NAME BINARY ARGS
#           (the first launch of every kernel name), then --page raw --csv (grid and block sizes)
#   pass 2  the program's own kernels (bin/NAME.kernels: ptxas's entry functions whose base name
#           is a word of the program's sources) missing from pass 1's raw page (template instances
#           share a function name), at most `extra` (default 3) more runs of
#           --kernel-name-base mangled --kernel-id ::regex:^(M1|M2|...)$:1 (the first launch of
#           each); stop when a run profiles none
#   Both passes stop the program (-c N --kill yes) once every kernel they can take is profiled.
#   exports (background): --page source --csv --print-source cuda,sass -> NAME.csv (the pages of
#           every pass, appended), --page raw -> NAME.raw.csv; the line table: cuobjdump -xelf all
#           BINARY, then runtime-bench/sass_lines.py disassemble (nvdisasm -gi -c) -> NAME.sass
# Time limits (seconds since the device step started; one call of the device tool is 600 s):
#   PROFILE_BUDGET_S  no program starts after this (default 470)
#   DEADLINE_S        every ncu run is cut (timeout) so that it ends by this (default 510)
#   PROG_TIMEOUT_S    one program's pass 1 at most (default 60; the manifest's timeout= overrides)
#   EXPORT_END_S      exports still running then are stopped (default 545)
#   The tarball and the end follow within about 20 s: the step ends by about 570 s whatever happens.
#   A program that would not fit its plan estimate into what is left is kept for the next call.
#
# Environment:
#   SUITES_DIR     the work folder (default <repo>/build-suites; /build-*/ is git-ignored)
#   CUDA_COALESCE  analyzer (default build/tool/cuda-coalesce of this repository)
#   NVCC, NCU      (defaults: on PATH, else /usr/local/cuda/bin, /opt/nvidia/nsight-compute/*)
#   JOBS           parallel nvcc processes in build (default 2, at most 2: the CPU is shared)
#   CALL_S         plan: seconds of profiling per device call (default 460)
#   CARRY_DIR      pack writes the tarballs there, device unpacks them from there (default
#                  SUITES_DIR/carry): a later batch packed on its own is carried beside the first
#
# The third-party sources are only copied into the ignored SUITES_DIR; nothing of them is committed.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
SUITES_DIR="${SUITES_DIR:-$ROOT/build-suites}"

find_tool() {
  if [ -n "${CUDA_COALESCE:-}" ]; then echo "$CUDA_COALESCE"; return; fi
  [ -x "$ROOT/build/tool/cuda-coalesce" ] && { echo "$ROOT/build/tool/cuda-coalesce"; return; }
  echo cuda-coalesce
}
find_nvcc() { command -v "${NVCC:-nvcc}" 2>/dev/null || echo /usr/local/cuda/bin/nvcc; }
find_cuda_tool() {  # NAME: on PATH, else beside nvcc, else /usr/local/cuda/bin
  command -v "$1" 2>/dev/null && return
  local d; d="$(dirname "$(find_nvcc)")"
  for c in "$d/$1" "/usr/local/cuda/bin/$1"; do [ -x "$c" ] && { echo "$c"; return; }; done
  echo "$1"
}
find_ncu() {
  if command -v "${NCU:-ncu}" >/dev/null 2>&1; then command -v "${NCU:-ncu}"; return; fi
  for c in /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu; do [ -x "$c" ] && { echo "$c"; return; }; done
  return 1
}

MANIFESTS="$HERE/suites"            # SUITE.tsv, SUITE.sh, order.txt
ORDER="$MANIFESTS/order.txt"
HELPER="$HERE/suite_check.py"
ALL_SUITES="gpu-rodinia shoc gpu-parboil cuda-samples CUDA-GEMM-Optimization flash-attention-minimal ggml chai hecbench ispass2009"
# shellcheck disable=SC2034  # XM and the P_* variables are read by suite-device.sh and the callers
XM=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
US=$'\x1f'                          # the field separator of suite_check.py rows
suites_or_all() { if [ $# -gt 0 ]; then echo "$*"; else echo "$ALL_SUITES"; fi; }
manifest() { echo "$MANIFESTS/$1.tsv"; }

# One program's manifest row into the variables P_NAME P_DIR P_SOURCES P_FLAGS P_ARGS P_EXE P_PREP
# P_KID P_EXTRA P_TIMEOUT P_ENV P_ANALYZE P_AFLAGS P_ELF P_ADB (P_ANALYZE is $'\x02' when not given).
# shellcheck disable=SC2034
load_row() {  # SUITE NAME
  local row
  row="$(python3 "$HELPER" rows "$(manifest "$1")" "$2")"
  [ -n "$row" ] || return 1
  IFS="$US" read -r P_NAME P_DIR P_SOURCES P_FLAGS P_ARGS P_EXE P_PREP P_KID P_EXTRA P_TIMEOUT \
    P_ENV P_ANALYZE P_AFLAGS P_ELF P_ADB <<< "$row"
}
program_names() { python3 "$HELPER" rows "$(manifest "$1")" | cut -d"$US" -f1; }

cmd_list() {
  local s
  for s in $ALL_SUITES; do
    printf '%-26s %3d programs  %s\n' "$s" "$(program_names "$s" | wc -l)" \
      "$( [ -d "$SUITES_DIR/$s/src" ] && echo staged || echo 'not staged')"
  done
}

# For the stage functions of suites/SUITE.sh: apply a perl substitution to FILE, fail unless it
# changed exactly COUNT lines (`any`: at least one) and the line count is the same; log it.
edit() {  # TAG FILE COUNT PERL_EXPRESSION
  local tag="$1" f="$2" want="$3" expr="$4" before changed
  [ -f "$f" ] || { echo "$tag: no file $f" >&2; return 1; }
  before="$(mktemp)"; cp "$f" "$before"
  perl -pi -e "$expr" "$f"
  changed=$(diff "$before" "$f" | grep -c '^>')
  if [ "$(wc -l < "$before")" != "$(wc -l < "$f")" ]; then echo "$tag: $f: the line count changed" >&2; rm -f "$before"; return 1; fi
  rm -f "$before"
  if { [ "$want" = any ] && [ "$changed" -lt 1 ]; } || { [ "$want" != any ] && [ "$changed" != "$want" ]; }; then
    echo "$tag: $f: $changed lines changed, expected $want" >&2; return 1
  fi
  echo "  $tag ${f#"$STAGE_DEST"/}: $changed lines"
}

cmd_stage() {
  local s="${1:?usage: suite-check.sh stage SUITE CHECKOUT}" co="${2:?usage: suite-check.sh stage SUITE CHECKOUT}"
  [ -f "$MANIFESTS/$s.sh" ] || { echo "no $MANIFESTS/$s.sh" >&2; exit 2; }
  co="$(cd "$co" && pwd)" || exit 2
  local dest="$SUITES_DIR/$s/src"
  rm -rf "$dest"; mkdir -p "$dest"
  # shellcheck disable=SC1090
  ( set -e; STAGE_DEST="$dest"; source "$MANIFESTS/$s.sh"; suite_stage "$co" "$dest" ) || { echo "stage $s FAILED" >&2; exit 2; }
  # a checkout without git metadata (an extracted folder): the commit its stage script names in ORIGIN.txt
  { git -C "$co" log -1 --format='%H %cs' 2>/dev/null || cat "$dest/ORIGIN.txt" 2>/dev/null \
      || echo "no git metadata: $co"; } > "$SUITES_DIR/$s/checkout.txt"
  echo "staged $s into $dest ($(du -sh "$dest" | cut -f1)): $(program_names "$s" | wc -l) programs in $(manifest "$s")"
}

build_one() {  # SUITE NAME: one program -> bin/NAME, bin/NAME.kernels; prints one line
  local s="$1" n="$2"
  load_row "$s" "$n" || { echo "BUILD FAILED $s/$n: not in the manifest"; return; }
  local src="$SUITES_DIR/$s/src" bin="$SUITES_DIR/$s/bin"
  [ -n "$P_SOURCES" ] || return 0
  rm -f "$bin/$n" "$bin/$n.kernels"
  local t0=$SECONDS
  # shellcheck disable=SC2086  # sources and flags are word lists
  if ( cd "$src/$P_DIR" && nice -n 19 "$(find_nvcc)" -O3 -lineinfo -arch=sm_90 -cudart shared -Xptxas -v \
         $P_FLAGS -o "$bin/$n" $P_SOURCES ) > "$bin/$n.nvcc.log" 2>&1; then
    python3 "$HELPER" kernels "$bin/$n.nvcc.log" "$src/$P_DIR" > "$bin/$n.kernels"
    echo "built $s/$n in $((SECONDS - t0))s ($(awk -F'\t' '$3==1' "$bin/$n.kernels" | wc -l) own kernels of $(wc -l < "$bin/$n.kernels"), $(du -k "$bin/$n" | cut -f1) KiB)"
  else
    echo "BUILD FAILED $s/$n: $(grep -m1 -i 'error' "$bin/$n.nvcc.log" | cut -c1-200)"
  fi
}

cmd_build() {
  local s jobs="${JOBS:-2}"
  [ "$jobs" -gt 2 ] && jobs=2
  export -f build_one load_row manifest find_nvcc
  export SUITES_DIR HELPER MANIFESTS US
  local sel only
  for sel in $(suites_or_all "$@"); do
    s="${sel%%/*}"; only=""; [ "$sel" != "$s" ] && only="${sel#*/}"
    [ -d "$SUITES_DIR/$s/src" ] || { echo "$s: not staged (suite-check.sh stage $s CHECKOUT)"; continue; }
    mkdir -p "$SUITES_DIR/$s/bin"
    # -lineinfo records the sources' absolute paths: the device step makes this path exist there.
    echo "$SUITES_DIR" > "$SUITES_DIR/build_root.txt"
    if [ -n "$only" ]; then
      build_one "$s" "$only" | tee -a "$SUITES_DIR/$s/bin/build.txt"
    else
      program_names "$s" | xargs -P "$jobs" -I{} bash -c "build_one '$s' {}" | tee "$SUITES_DIR/$s/bin/build.txt"
    fi
    list_failed "$s"
  done
}

list_failed() {  # SUITE: bin/failed.txt, the manifest's programs with sources and no binary
  local s="$1" n f="$SUITES_DIR/$1/bin/failed.txt" built=0
  : > "$f"
  for n in $(program_names "$s"); do
    load_row "$s" "$n"
    [ -n "$P_SOURCES" ] || continue
    if [ -x "$SUITES_DIR/$s/bin/$n" ]; then built=$((built + 1)); continue; fi
    echo "$n: $(grep -m1 -i 'error' "$SUITES_DIR/$s/bin/$n.nvcc.log" 2>/dev/null | cut -c1-300)" >> "$f"
  done
  echo "$s: $built built, $(wc -l < "$f") failed"
}

# The paths under SUITES_DIR that the programs NAME... of SUITE need on the device: their folders,
# the folders their -I../DIR flags name, the suite's LICENSE and checkout.txt, their binaries.
program_pack_paths() {  # SUITE NAME...
  local s="$1" n inc; shift
  echo "$s/checkout.txt"
  [ -f "$SUITES_DIR/$s/src/LICENSE" ] && echo "$s/src/LICENSE"
  for n in "$@"; do
    load_row "$s" "$n" || { echo "pack: $s/$n not in the manifest" >&2; return 1; }
    echo "$s/src/$P_DIR"
    # shellcheck disable=SC2086  # the flags are a word list
    for inc in $(printf '%s\n' $P_FLAGS | sed -n 's|^-I\.\./||p'); do echo "$s/src/$(dirname "$P_DIR")/$inc"; done
    # shellcheck disable=SC2086  # the arguments too: an input read from another folder (../DIR/FILE)
    for inc in $(printf '%s\n' $P_ARGS | sed -n 's|^\.\./\([^/]*\)/.*|\1|p'); do echo "$s/src/$(dirname "$P_DIR")/$inc"; done
    [ -n "$P_SOURCES" ] && printf '%s\n' "$s/bin/$n" "$s/bin/$n.kernels"
  done | sort -u
}

cmd_pack() {
  local s sel carry="${CARRY_DIR:-$SUITES_DIR/carry}"
  mkdir -p "$carry" && carry="$(cd "$carry" && pwd)"   # tar runs in SUITES_DIR
  declare -A only=()
  for sel in "$@"; do [ "$sel" != "${sel%%/*}" ] && only[${sel%%/*}]+=" ${sel#*/}"; done
  for s in $(for sel in $(suites_or_all "$@"); do echo "${sel%%/*}"; done | awk '!seen[$0]++'); do
    [ -d "$SUITES_DIR/$s" ] || { echo "$s: nothing to pack"; continue; }
    local extra=() what=("$s")
    if [ -n "${only[$s]:-}" ]; then
      # shellcheck disable=SC2086  # a word list
      mapfile -t what < <(program_pack_paths "$s" ${only[$s]}) || exit 2
    fi
    # a suite that runs a program built elsewhere under SUITES_DIR (ggml) names what it needs
    if [ -f "$MANIFESTS/$s.sh" ] && grep -q '^suite_pack_paths()' "$MANIFESTS/$s.sh"; then
      # shellcheck disable=SC1090
      mapfile -t extra < <(source "$MANIFESTS/$s.sh"; suite_pack_paths "$SUITES_DIR")
    fi
    rm -f "$carry/$s.tar.gz"
    ( cd "$SUITES_DIR" && tar -czf "$carry/$s.tar.gz" --exclude='*.nvcc.log' --exclude="$s/pred" \
        --exclude="$s/ncu" build_root.txt "${what[@]}" "${extra[@]}" )
    rm -f "$carry/$s.tar.gz.part-"* "$carry/$s.tar.gz.nparts"
    local sz; sz=$(stat -c %s "$carry/$s.tar.gz")
    printf 'packed %-26s %6.1f MiB%s\n' "$s" "$(echo "$sz / 1048576" | bc -l)" \
      "${only[$s]:+ (only$(echo "${only[$s]}" | wc -w | xargs printf ' %s programs'))}"
    # a device call carries at most 64 MiB: a larger tarball goes in 45 MiB parts, carried over
    # consecutive calls (the machine keeps them while warm); device unpacks once all are there
    if [ "$sz" -gt 52428800 ]; then
      (cd "$carry" && split -b 45M -d -a 1 "$s.tar.gz" "$s.tar.gz.part-" && rm "$s.tar.gz" \
        && ls "$s.tar.gz.part-"* | wc -l > "$s.tar.gz.nparts")
      echo "  over 50 MiB: split into $(cat "$carry/$s.tar.gz.nparts") parts ($s.tar.gz.part-N, $s.tar.gz.nparts): carry them in consecutive calls"
    fi
  done
  echo "carry total: $(du -cb "$carry"/*.tar.gz* | tail -1 | cut -f1 | awk '{printf "%.1f MiB", $1/1048576}') in $carry (a device call carries at most 64 MiB)"
}

cmd_plan() {
  local from=1
  if [ "${1:-}" = "--from" ]; then from="$2"; shift 2; fi
  # shellcheck disable=SC2046  # a word list
  python3 "$HELPER" plan "$SUITES_DIR" "$MANIFESTS" "$ORDER" "$from" "${CALL_S:-460}" $(suites_or_all "$@")
  local s
  for s in $(suites_or_all "$@"); do
    [ -s "$SUITES_DIR/$s/bin/failed.txt" ] && sed "s|^|not built: $s/|" "$SUITES_DIR/$s/bin/failed.txt" | cut -c1-160
    grep '^# skip ' "$(manifest "$s")" 2>/dev/null | sed 's/^# skip [^:]*: //; s/ ([0-9]_[A-Za-z_]*)$//' | sort | uniq -c \
      | sed "s|^ *\([0-9]*\) |skipped in the manifest: $s: \1 x |"
  done
  return 0
}

cmd_analyze() {
  local s="${1:?usage: suite-check.sh analyze SUITE [NAME...]}"; shift
  local tool; tool="$(find_tool)"
  local pred="$SUITES_DIR/$s/pred" src="$SUITES_DIR/$s/src"
  mkdir -p "$pred"
  {
    echo "analyzer: $tool ($(stat -c '%y' "$(command -v "$tool")" 2>/dev/null | cut -c1-19))"
    git -C "$(dirname "$(readlink -f "$(command -v "$tool")")")" log -1 --format='git %h %cs' 2>/dev/null
  } > "$pred/analyzer.txt"
  local n names="$*" key
  [ -n "$names" ] || names="$(program_names "$s")"
  declare -A done_as=()
  for n in $names; do
    load_row "$s" "$n" || { echo "$s/$n: not in the manifest"; continue; }
    local files="$P_ANALYZE"
    if [ "$files" = $'\x02' ]; then files="$(printf '%s\n' $P_SOURCES | grep '\.cu$' | tr '\n' ' ')"; fi
    [ -n "$files" ] || { echo "$s/$n: nothing to analyze"; continue; }
    # programs built from the same files with the same flags share one analysis (dwt2d_97, ggml)
    key="$P_DIR|$(printf '%s\n' $files | sort | tr '\n' ' ')|$(python3 "$HELPER" aflags $P_FLAGS $P_AFLAGS | sort | tr '\n' ' ')|$P_ADB"
    if [ -n "${done_as[$key]:-}" ]; then
      ln -sf "${done_as[$key]}.json" "$pred/$n.json"; echo "analyzed $s/$n: as ${done_as[$key]}"; continue
    fi
    done_as[$key]="$n"
    local fl=() t0=$SECONDS
    if [ -n "$P_ADB" ]; then fl=(-p "$SUITES_DIR/$P_ADB")
    else mapfile -t fl < <(python3 "$HELPER" aflags $P_FLAGS); fl=(-- "${fl[@]}" -isystem /usr/local/cuda/include/cccl); fi
    # shellcheck disable=SC2086  # file globs and analyzer-only flags are word lists
    (cd "$(readlink -f "$src/$P_DIR")" && nice -n 19 "$tool" --format=json --show-all -j 1 $files "${fl[@]}" $P_AFLAGS) \
      > "$pred/$n.json" 2> "$pred/$n.err"
    echo "analyzed $s/$n rc=$? in $((SECONDS - t0))s ($(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["accesses"]))' "$pred/$n.json" 2>/dev/null || echo no) accesses)"
  done
}

# The device outputs (one or more calls) parsed here: DEVICE_OUT/ncu-csv.tar.gz (or its parts)
# unpacked into DEST/raw (a later call's files replace an earlier one's), then
# runtime-bench/parse_ncu.py per suite -> DEST/measurements-SUITE.json. parse_ncu.py leaves out
# kernels whose name starts with init_ (runtime-bench's convention).
cmd_parse() {  # DEVICE_OUT... [--dest DEST]
  local dest="$SUITES_DIR/measured" outs=() o d s
  while [ $# -gt 0 ]; do
    case "$1" in --dest) dest="$2"; shift 2 ;; *) outs+=("$1"); shift ;; esac
  done
  [ ${#outs[@]} -gt 0 ] || { echo "usage: suite-check.sh parse DEVICE_OUT... [--dest DEST]" >&2; exit 2; }
  mkdir -p "$dest/raw"
  for o in "${outs[@]}"; do
    if [ -f "$o/ncu-csv.tar.gz" ]; then tar -xzf "$o/ncu-csv.tar.gz" -C "$dest/raw"
    elif ls "$o"/ncu-csv.tar.gz.part-* > /dev/null 2>&1; then cat "$o"/ncu-csv.tar.gz.part-* | tar -xz -C "$dest/raw"
    else echo "no ncu-csv.tar.gz in $o" >&2; continue; fi
    [ -f "$o/runs.tsv" ] && tail -n +2 "$o/runs.tsv" >> "$dest/runs-all.tsv"
    echo "unpacked $o"
  done
  for d in "$dest/raw"/*/; do
    s="$(basename "$d")"
    [ -f "$MANIFESTS/$s.tsv" ] || continue
    python3 "$ROOT/runtime-bench/parse_ncu.py" --build "$d" --versions "$dest/raw/versions.txt" \
      -o "$dest/measurements-$s.json" && echo "parsed $s -> $dest/measurements-$s.json" || echo "PARSE FAILED $s"
  done
}

# shellcheck source=suite-device.sh
source "$HERE/suite-device.sh"

case "${1:-}" in
  stage) shift; cmd_stage "$@" ;;
  build) shift; cmd_build "$@" ;;
  pack) shift; cmd_pack "$@" ;;
  plan) shift; cmd_plan "$@" ;;
  device) shift; cmd_device "$@" ;;
  parse) shift; cmd_parse "$@" ;;
  analyze) shift; cmd_analyze "$@" ;;
  list) cmd_list ;;
  selftest) python3 "$HELPER" selftest && python3 "$MANIFESTS/hecbench-select.py" --selftest ;;
  *) sed -n '2,22p' "$0"; exit 2 ;;
esac
