# shellcheck shell=bash
# The device step of suite-check.sh (sourced by it; its header has the usage and the limits).
# Runs on the GPU machine from the repository root: unpack the carried tarballs, make the build
# machine's source path exist, profile the programs in plan order, export, pack into $OUT.

unpack_carry() {  # CARRY_DIR/*.tar.gz (or .part-N pieces), each once per content
  local t key mark="$SUITES_DIR/.unpacked" carry="${CARRY_DIR:-$SUITES_DIR/carry}"
  mkdir -p "$mark"
  [ -d "$carry" ] && carry="$(cd "$carry" && pwd)"
  for t in "$carry"/*.tar.gz "$carry"/*.tar.gz.part-0; do
    [ -f "$t" ] || continue
    local base="${t%.part-0}"
    if [ "$t" != "$base" ] && [ "$(ls "$base".part-* | wc -l)" -lt "$(cat "$base.nparts" 2>/dev/null || echo 1)" ]; then
      echo "carry: $(basename "$base"): $(ls "$base".part-* | wc -l) of $(cat "$base.nparts") parts here, not unpacked yet"; continue
    fi
    key="$(basename "$base").$(cat "$base"* 2>/dev/null | cksum | cut -d' ' -f1)"
    if [ -f "$mark/$key" ]; then echo "carry: $(basename "$base") already unpacked"; continue; fi
    if [ "$t" != "$base" ]; then cat "$base".part-* | tar -xzf - -C "$SUITES_DIR"; else tar -xzf "$t" -C "$SUITES_DIR"; fi \
      && touch "$mark/$key" && echo "carry: unpacked $(basename "$base") ($(du -ch "$base"* | tail -1 | cut -f1))"
    # tarballs packed in different build folders each bring their build_root.txt: keep every one
    cat "$SUITES_DIR/build_root.txt" >> "$SUITES_DIR/.build_roots" 2>/dev/null
  done
}

link_build_root() {  # nvcc's line tables name SUITES_DIR of the build machine: make it exist here
  local broot
  # every build folder the carried tarballs came from (unpack_carry keeps them in .build_roots)
  while read -r broot; do
    [ -n "$broot" ] || continue
    if [ ! -e "$broot" ]; then
      mkdir -p "$(dirname "$broot")" && ln -s "$SUITES_DIR" "$broot" && echo "linked $broot -> $SUITES_DIR"
    else
      echo "build root $broot exists here$( [ "$(readlink -f "$broot")" = "$(readlink -f "$SUITES_DIR")" ] && echo ' (this folder)' || echo ' (ANOTHER folder: sources may not match)')"
    fi
  done < <(cat "$SUITES_DIR/build_root.txt" "$SUITES_DIR/.build_roots" 2>/dev/null | sort -u)
}

fix_libs() {  # BINARY...: libraries the loader does not find -> LD_LIBRARY_PATH (logged)
  local missing="" lib d found=""
  missing="$(printf '%s\n' "$@" | xargs -n 64 ldd 2>/dev/null | awk '/not found/{print $1}')"
  missing="$(printf '%s\n' $missing | sort -u)"
  [ -z "$missing" ] && { echo "libraries: all found by the loader"; return; }
  echo "libraries not found by the loader: $(echo $missing)"
  for lib in $missing; do
    for d in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib /usr/local/cuda-*/lib64 \
             /usr/lib/x86_64-linux-gnu $(python3 -c 'import site; print("\n".join(site.getsitepackages()))' 2>/dev/null | \
               xargs -I{} sh -c 'ls -d {}/nvidia/*/lib {}/nvidia/cu*/lib {}/torch/lib 2>/dev/null'); do
      if [ -e "$d/$lib" ]; then case ":$found:" in *":$d:"*) ;; *) found="$found:$d" ;; esac; echo "  $lib in $d"; break; fi
    done
  done
  [ -n "$found" ] && export LD_LIBRARY_PATH="${found#:}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  echo "LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"
}

export_pages() {  # PREFIX: NAME.ncu-rep [+ NAME.xN.ncu-rep] -> NAME.csv, NAME.raw.csv (appended)
  local pfx="$1" rep left
  for rep in "$pfx.ncu-rep" "$pfx".x*.ncu-rep; do
    [ -f "$rep" ] || continue
    left=$((EXPORT_END - SECONDS)); [ "$left" -lt 5 ] && { echo "export of $rep: no time left" >> "$pfx.csv.err"; return; }
    timeout -k 5 "$left" "$NCU_BIN" -i "$rep" --page source --csv --print-source cuda,sass >> "$pfx.csv" 2>> "$pfx.csv.err"
    [ "$rep" = "$pfx.ncu-rep" ] && continue
    left=$((EXPORT_END - SECONDS)); [ "$left" -lt 5 ] && return
    timeout -k 5 "$left" "$NCU_BIN" -i "$rep" --page raw --csv --metrics "$XM,launch__grid_size,launch__block_size" \
      2>> "$pfx.raw.err" | grep '^"[0-9]' >> "$pfx.raw.csv"
  done
}

line_table() {  # PREFIX ELF: nvcc's line table of the profiled kernels -> PREFIX.sass
  local pfx="$1" elf="$2" left=$((EXPORT_END - SECONDS))
  [ "$left" -gt 10 ] || return 0
  timeout -k 5 "$left" python3 "$HELPER" linetable "$elf" "$pfx.sass" "$pfx.raw.csv" "$pfx".x*.raw.csv \
    > "$pfx.sass.log" 2>&1 || echo "line table of $(basename "$pfx") failed: $(tail -1 "$pfx.sass.log")"
}

export_program() {  # PREFIX ELF (background)
  export_pages "$1"
  [ -n "$2" ] && line_table "$1" "$2"
  echo "exported $(basename "$1") (source page $(wc -l < "$1.csv" 2>/dev/null || echo 0) lines, raw page $(grep -c '^"[0-9]' "$1.raw.csv" 2>/dev/null) launches$( [ -s "$1.sass" ] && echo ', line table') at ${SECONDS}s"
}

mangled_names() {  # REPORT OUT.csv: the raw page's kernel names, mangled (pass 2 compares them
  # with bin/NAME.kernels); an ncu without --print-kernel-base leaves OUT empty (the demangled
  # names of the raw page are compared then)
  timeout -k 5 60 "$NCU_BIN" -i "$1" --page raw --csv --print-kernel-base mangled --metrics launch__grid_size \
    > "$2" 2>> "${2%.csv}.err" || : > "$2"
}

ncu_run() {  # LOG TIMEOUT WORKDIR ENV EXE ARGS -- NCU_OPTIONS...: one ncu run; its exit status
  local log="$1" to="$2" wd="$3" envs="$4" exe="$5" args="$6"; shift 7
  # at the limit ncu gets SIGINT (as Ctrl-C: it ends the program and still writes the launches
  # profiled so far), SIGKILL 20 s later
  # shellcheck disable=SC2086  # the environment and arguments are word lists
  ( cd "$wd" && env ${envs//,/ } timeout -s INT -k 20 "$to" "$NCU_BIN" --section SourceCounters --metrics "$XM" \
      --import-source yes --clock-control none "$@" "$exe" $args ) >> "$log" 2>&1
}

profile_program() {  # INDEX SUITE NAME -> W/SUITE/NAME.*; one line in runs.tsv
  local i="$1" s="$2" n="$3"
  # shellcheck disable=SC1090  # written by suite_check.py devinfo
  source "$W/devinfo/${s}__$n.sh" || { echo "$s/$n: no devinfo"; return; }
  local wd="$SUITES_DIR/$s/src/$P_DIR" exe="$P_EXE_PATH" pfx="$W/$s/$n" t0=$SECONDS to rc nl
  mkdir -p "$W/$s"
  if { [ -n "$P_SOURCES" ] || [ "${exe#/}" != "$exe" ]; } && [ ! -x "$exe" ]; then
    echo "SKIP $s/$n (no binary)"; printf '%s\t%s\t%s\tno-binary\t0\t0\t0\n' "$i" "$s" "$n" >> "$W/runs.tsv"; return
  fi
  to="${P_TIMEOUT:-$PTO}"; [ $((DEADLINE - SECONDS)) -lt "$to" ] && to=$((DEADLINE - SECONDS))
  if [ -n "$P_PREP" ]; then
    local pp="${PREP_PID[$s/$n]:-}"
    while [ -n "$pp" ] && kill -0 "$pp" 2>/dev/null && [ $((SECONDS - t0)) -lt "$to" ]; do sleep 1; done
    if [ "$(cat "$pfx.prep.rc" 2>/dev/null)" != 0 ]; then
      echo "SKIP $s/$n: its prep failed or did not finish: $(tail -3 "$pfx.prep.log" 2>/dev/null | tr '\n' ' ')"
      printf '%s\t%s\t%s\tprep-failed\t%s\t0\t%s\n' "$i" "$s" "$n" "$((SECONDS - t0))" "$t0" >> "$W/runs.tsv"; return
    fi
    to="${P_TIMEOUT:-$PTO}"; [ $((DEADLINE - SECONDS)) -lt "$to" ] && to=$((DEADLINE - SECONDS))
  fi
  local kfile="$P_KFILE" capopt=()
  # pass 1 can profile at most one launch per distinct kernel name (P_CAP): once that many are
  # profiled, ncu ends the program (--kill), which skips its CPU reference and the rest of its launches
  [ "$P_CAP" -gt 0 ] && [ "$KILL_OK" = 1 ] && capopt=(-c "$P_CAP" --kill yes)
  echo "run: (cd $wd && ${P_ENV//,/ } $exe $P_ARGS)" > "$pfx.ncu.log"
  ncu_run "$pfx.ncu.log" "$to" "$wd" "$P_ENV" "$exe" "$P_ARGS" -- --kernel-id "::regex:${P_KID:-.*}:1" \
    "${capopt[@]}" -f -o "$pfx"
  rc=$?
  if [ ${#capopt[@]} -gt 0 ] && [ ! -f "$pfx.ncu-rep" ] && grep -qiE 'unrecogni[sz]ed option|invalid.*kill|--kill' "$pfx.ncu.log"; then
    echo "WARN: this ncu does not take '--kill yes': profiling without it from now on"
    KILL_OK=0 capopt=()
    echo "== again without -c/--kill" >> "$pfx.ncu.log"
    ncu_run "$pfx.ncu.log" "$to" "$wd" "$P_ENV" "$exe" "$P_ARGS" -- --kernel-id "::regex:${P_KID:-.*}:1" -f -o "$pfx"
    rc=$?
  fi
  nl=$(grep -c '^==PROF== Profiling "' "$pfx.ncu.log")
  if [ -f "$pfx.ncu-rep" ]; then
    timeout -k 5 60 "$NCU_BIN" -i "$pfx.ncu-rep" --page raw --csv --metrics "$XM,launch__grid_size,launch__block_size" \
      > "$pfx.raw.csv" 2> "$pfx.raw.err"
    mangled_names "$pfx.ncu-rep" "$pfx.mangled.csv"
  fi
  # pass 2: own kernels the first pass did not profile (template instances: the first pass takes
  # the first launch of each function name), by mangled name: the first launch of each in one more
  # run; again while a run profiles some and some are left (at most `extra` runs)
  local k=0 extra="${P_EXTRA:-3}" miss alt nx
  [ -f "$kfile" ] || extra=0
  local before=-1
  while [ "$k" -lt "$extra" ] && [ -f "$pfx.ncu-rep" ]; do
    miss="$(python3 "$HELPER" missing "$kfile" "$pfx".raw.csv "$pfx".x*.raw.csv "$pfx".mangled.csv "$pfx".x*.mangled.csv)"
    [ -n "$miss" ] || break
    # a run that profiled kernels but left the missing list as it was: their names do not match
    # the kernel list; another run would profile them again
    [ "$(echo "$miss" | wc -l)" = "$before" ] && { echo "== pass 2: no progress, stopped" >> "$pfx.ncu.log"; break; }
    before="$(echo "$miss" | wc -l)"
    to=$((DEADLINE - SECONDS)); [ "$to" -gt "${P_TIMEOUT:-$PTO}" ] && to="${P_TIMEOUT:-$PTO}"
    [ "$to" -lt 15 ] && break
    k=$((k + 1))
    alt="$(printf '%s\n' $miss | sed 's/[.$]/\\&/g' | paste -sd'|')"
    echo "== pass 2.$k: $(echo "$miss" | wc -l) own kernels not profiled yet" >> "$pfx.ncu.log"
    ncu_run "$pfx.ncu.log" "$to" "$wd" "$P_ENV" "$exe" "$P_ARGS" -- --kernel-name-base mangled \
      --kernel-id "::regex:^($alt)\$:1" -c "$(echo "$miss" | wc -l)" ${capopt[@]:+--kill yes} -f -o "$pfx.x$k"
    nx=$(awk '/^== pass 2\.'"$k"':/{p=1} p && /^==PROF== Profiling "/{c++} END{print c+0}' "$pfx.ncu.log")
    if [ ! -f "$pfx.x$k.ncu-rep" ] || [ "$nx" = 0 ]; then rm -f "$pfx.x$k.ncu-rep"; k=$((k - 1)); break; fi
    nl=$((nl + nx))
    timeout -k 5 60 "$NCU_BIN" -i "$pfx.x$k.ncu-rep" --page raw --csv --metrics "$XM,launch__grid_size,launch__block_size" \
      > "$pfx.x$k.raw.csv" 2>> "$pfx.raw.err"
    mangled_names "$pfx.x$k.ncu-rep" "$pfx.x$k.mangled.csv"
  done
  echo "profiled $i $s/$n rc=$rc: $nl launches ($k extra passes) in $((SECONDS - t0))s (at ${SECONDS}s)$( [ "$rc" = 124 ] && echo ' TIMED OUT')"
  [ "$rc" -ne 0 ] && grep -v '^==PROF== Profiling' "$pfx.ncu.log" | tail -4 | sed 's/^/    /'
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$i" "$s" "$n" "$rc" "$((SECONDS - t0))" "$nl" "$t0" >> "$W/runs.tsv"
  if [ -f "$pfx.ncu-rep" ]; then
    local elf=""
    if [ -z "$P_EXE" ] || [ -f "$exe" ]; then elf="$exe"; fi
    [ -n "$P_ELF" ] && elf="$wd/$P_ELF"
    export_program "$pfx" "$elf" &
    EXPORT_PIDS+=($!)
    while [ "$(jobs -rp | wc -l)" -gt "$MAX_EXPORTS" ]; do sleep 1; done
  else
    echo "    no report for $s/$n"
  fi
}

start_preps() {  # ORDER_FILE: the prep= commands of the selected programs, in the background
  local i s n
  while IFS=$'\t' read -r i s n; do
    # shellcheck disable=SC1090
    source "$W/devinfo/${s}__$n.sh" || continue
    [ -n "$P_PREP" ] || continue
    mkdir -p "$W/$s"
    echo "prep $s/$n: $P_PREP"
    ( cd "$SUITES_DIR/$s/src/$P_DIR" && bash -c "$P_PREP" > "$W/$s/$n.prep.log" 2>&1; echo $? > "$W/$s/$n.prep.rc" ) &
    PREP_PID[$s/$n]=$!
  done < "$1"
}

pack_out() {  # W -> OUT: ncu-csv.tar.gz (15 MiB parts when larger), runs.tsv, next.txt
  cp "$W/runs.tsv" "$OUT/" 2>/dev/null
  (cd "$W" && find . \( -name '*.csv' -o -name '*.sass' -o -name '*.log' -o -name '*.err' -o -name '*.rc' \
      -o -name versions.txt -o -name runs.tsv -o -name order.tsv \) -print0 | tar -czf "$OUT/ncu-csv.tar.gz" --null -T -)
  local sz; sz=$(stat -c %s "$OUT/ncu-csv.tar.gz" 2>/dev/null || echo 0)
  if [ "$sz" -gt $((4 * 15728640)) ]; then
    echo "ncu-csv.tar.gz is $((sz / 1048576)) MiB: packing again without the line tables (.sass)"
    (cd "$W" && find . \( -name '*.csv' -o -name '*.log' -o -name '*.err' -o -name '*.rc' -o -name versions.txt \
        -o -name runs.tsv -o -name order.tsv \) -print0 | tar -czf "$OUT/ncu-csv.tar.gz" --null -T -)
    sz=$(stat -c %s "$OUT/ncu-csv.tar.gz")
  fi
  # the device tool brings back at most 8 files of at most 15 MiB: log.txt, versions.txt, runs.tsv,
  # next.txt and at most 4 parts (here: cat ncu-csv.tar.gz.part-* | tar -xz)
  if [ "$sz" -gt 15728640 ]; then
    (cd "$OUT" && split -b 15M -d -a 1 ncu-csv.tar.gz ncu-csv.tar.gz.part- && rm ncu-csv.tar.gz)
    echo "ncu-csv.tar.gz split into $(ls "$OUT"/ncu-csv.tar.gz.part-* | wc -l) parts"
  fi
}

cmd_device() {
  local from=1 to=100000 sel=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --from) from="$2"; shift 2 ;;
      --to) to="$2"; shift 2 ;;
      *) sel+=("$1"); shift ;;
    esac
  done
  OUT="${OUT:-$SUITES_DIR/out}"; mkdir -p "$OUT"
  W="$SUITES_DIR/ncu"; rm -rf "$W"; mkdir -p "$W"
  exec > >(tee -a "$OUT/log.txt") 2>&1
  local tee_pid=$!
  BUDGET="${PROFILE_BUDGET_S:-470}" DEADLINE="${DEADLINE_S:-510}" PTO="${PROG_TIMEOUT_S:-60}"
  EXPORT_END="${EXPORT_END_S:-545}" MAX_EXPORTS="${MAX_EXPORTS:-10}"
  echo "== suite-check device start $(date -u +%Y-%m-%dT%H:%M:%SZ): from $from to $to${sel[*]:+, only ${sel[*]}}; budget ${BUDGET}s, deadline ${DEADLINE}s, per program ${PTO}s, exports until ${EXPORT_END}s"
  unpack_carry
  link_build_root
  # the programs in device order, numbered as in `plan`, then the selection
  python3 "$HELPER" order "$SUITES_DIR" "$MANIFESTS" "$ORDER" $ALL_SUITES \
    | awk -F'\t' -v f="$from" -v t="$to" -v sel="${sel[*]}" '
        BEGIN { n = split(sel, a, " "); for (i = 1; i <= n; i++) want[a[i]] = 1 }
        { i = NR; if (i < f || i > t) next
          if (n && !(($1) in want) && !(($1 "/" $2) in want)) next
          print i "\t" $1 "\t" $2 }' > "$W/order.tsv"
  echo "programs selected: $(wc -l < "$W/order.tsv")"
  NCU_BIN="$(find_ncu)"
  {
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "--- nvidia-smi"; nvidia-smi 2>&1
    echo "--- nvidia-smi query"; nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv 2>&1
    echo "--- nvcc --version"; "$(find_nvcc)" --version 2>&1
    echo "--- ncu --version"; if [ -n "$NCU_BIN" ]; then "$NCU_BIN" --version 2>&1; else echo "(no ncu)"; fi
    echo "--- cuobjdump / nvdisasm"; find_cuda_tool cuobjdump; find_cuda_tool nvdisasm
    echo "--- checkouts"; for x in "$SUITES_DIR"/*/checkout.txt; do echo "$(basename "$(dirname "$x")"): $(cat "$x")"; done
  } > "$W/versions.txt" 2>&1
  cp "$W/versions.txt" "$OUT/"
  # what can be checked without a GPU: binaries, folders, libraries (and each program's settings,
  # computed once: W/devinfo)
  python3 "$HELPER" devinfo "$SUITES_DIR" "$MANIFESTS" "$W/order.tsv" "$W/devinfo" > "$W/checks.txt"
  grep '^MISSING ' "$W/checks.txt"
  echo "checked $(wc -l < "$W/order.tsv") programs: $(awk '/^MISSING_COUNT/{print $2}' "$W/checks.txt") missing (binaries or folders)"
  local bins; bins="$(awk '/^BINARY /{print $2}' "$W/checks.txt" | sort -u)"
  # shellcheck disable=SC2086
  [ -n "$bins" ] && fix_libs $bins
  printf 'index\tsuite\tprogram\trc\tseconds\tlaunches\tstarted_at\n' > "$W/runs.tsv"
  if [ -z "$NCU_BIN" ]; then
    echo "FAIL: Nsight Compute (ncu) not found (PATH, NCU, /usr/local/cuda/bin, /opt/nvidia/nsight-compute/*): nothing profiled."
    echo "      This step runs on the GPU machine; here it checked the carried files only."
    echo "--from $from" > "$OUT/next.txt"
    pack_out
    exec >&- 2>&-; wait "$tee_pid" 2>/dev/null
    return 3
  fi
  declare -gA PREP_PID=()
  KILL_OK=1
  EXPORT_PIDS=()
  # cubins and their disassembly, shared by the programs that run one binary (ggml's), kept
  # outside W (not packed) and across calls on a warm machine
  export LINETABLE_CACHE="$SUITES_DIR/.linetables"
  export NCU_BIN W XM EXPORT_END HELPER
  start_preps "$W/order.tsv"
  local next="done" est i s n
  while IFS=$'\t' read -r i s n; do
    est="$(sed -n 's/^P_EST=//p' "$W/devinfo/${s}__$n.sh")"; est="${est:-3}"
    if [ $((SECONDS + (est < BUDGET / 2 ? est : BUDGET / 2))) -gt "$BUDGET" ]; then
      echo "BUDGET: stopping before $i $s/$n (estimate ${est}s, at ${SECONDS}s)"; next="--from $i"; break
    fi
    profile_program "$i" "$s" "$n" < /dev/null
  done < "$W/order.tsv"
  echo "$next" > "$OUT/next.txt"
  echo "== profiling done at ${SECONDS}s; next call: ${next}; waiting for exports (until ${EXPORT_END}s)"
  local p
  for p in "${EXPORT_PIDS[@]}"; do wait "$p" 2>/dev/null; done
  for p in "${PREP_PID[@]}"; do kill -0 "$p" 2>/dev/null && { echo "prep pid $p still running: stopped"; kill "$p" 2>/dev/null; }; done
  pack_out
  echo "== suite-check device end at ${SECONDS}s; next: $next"
  column -t -s "$(printf '\t')" "$W/runs.tsv" 2>/dev/null || cat "$W/runs.tsv"
  ls -la "$OUT"
  exec >&- 2>&-
  wait "$tee_pid" 2>/dev/null
}
