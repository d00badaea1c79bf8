#!/usr/bin/env bash
# Records every prediction the analyzer makes on a fixed set of inputs, so
# that a change meant to keep predictions as they are (a refactoring, a
# speed-up) can be checked byte for byte:
#
#   tools/predictions/snapshot.sh BEFORE_DIR            # with the old binary
#   ... change, rebuild ...
#   tools/predictions/snapshot.sh AFTER_DIR
#   diff -r BEFORE_DIR AFTER_DIR                        # empty: nothing moved
#
# Inputs, each analysed alone in every format FORMATS names (space
# separated; default "json markdown"): json (`--format=json --show-all`,
# with its stderr and exit code), markdown (`--format=markdown`, which adds
# the warp pictures and fixes' text), text, sarif and html (each with
# `--show-all`; the text's absolute paths made relative to the checkout):
#   * every .cu under test/lit (default flags: the RUN lines' options vary,
#     the code paths are the same),
#   * runtime-bench/kernels/*.cu and examples/*.cu;
# and, for each checkout named in PROJECTS (space separated), the project
# pass of docs/real-code.md: tools/real-code/prepare.py's compile database,
# then one run over all of the checkout's .cu files. CHECKOUT=BUILD_DIR
# uses the project's own compile database (CMake's, say) and its .cu files
# instead.
#
# Environment: CUDA_COALESCE (default build/tool/cuda-coalesce; copy the
# binary elsewhere first when you are about to rebuild), JOBS (default 2),
# PROJECTS, SKIP_FILES=1 (projects only), FORMATS (the per-file formats).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:?usage: snapshot.sh OUT_DIR}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
tool="${CUDA_COALESCE:-$here/build/tool/cuda-coalesce}"
[[ -x "$tool" ]] || { echo "snapshot.sh: no analyzer at $tool" >&2; exit 2; }
jobs="${JOBS:-2}"

one_file() {
  # $1: path relative to the repository root.
  local rel="$1" dest format
  dest="$out/files/$(echo "$rel" | tr / _)"
  cd "$here"
  for format in $formats; do
    case "$format" in
    json)
      "$tool" --format=json --show-all "$rel" >"$dest.json" 2>"$dest.err"
      echo $? >"$dest.rc" ;;
    markdown) "$tool" --format=markdown "$rel" >"$dest.md" 2>/dev/null || true ;;
    text)
      # Clang's diagnostics name the file by its absolute path.
      { "$tool" --format=text --show-all "$rel" 2>/dev/null || true; } |
        sed "s#$here/##g" >"$dest.txt" ;;
    sarif)
      "$tool" --format=sarif --show-all "$rel" >"$dest.sarif" 2>/dev/null || true ;;
    html)
      "$tool" --format=html --show-all "$rel" >"$dest.html" 2>/dev/null || true ;;
    *) echo "snapshot.sh: unknown format $format" >&2; exit 2 ;;
    esac
  done
}
export -f one_file
formats="${FORMATS:-json markdown}"
export here out tool formats

if [[ "${SKIP_FILES:-0}" != 1 ]]; then
  mkdir -p "$out/files"
  (cd "$here" && { find test/lit -name '*.cu' -not -path '*/Inputs/*'
                   find test/lit -path '*/Inputs/*' -name '*.cu'
                   ls runtime-bench/kernels/*.cu examples/*.cu; } | sort) |
    xargs -P "$jobs" -I{} bash -c 'one_file "$@"' _ {}
fi

for project in ${PROJECTS:-}; do
  root="$(cd "${project%%=*}" && pwd)"
  name="$(basename "$root")"
  db="$out/projects/$name"
  mkdir -p "$db"
  if [[ "$project" == *=* ]]; then
    database="$(cd "${project#*=}" && pwd)"
    mapfile -t rels < <(python3 -c '
import json, sys
for e in json.load(open(sys.argv[1] + "/compile_commands.json")):
    if e["file"].endswith(".cu"):
        print(e["file"])' "$database" | sort -u)
  else
    database="$db"
    python3 "$here/tools/real-code/prepare.py" "$root" "$db" >/dev/null
    mapfile -t rels < <(cut -f2 "$db/jobs.tsv")
  fi
  rc=0
  (cd "$root" && "$tool" -p "$database" -j "$jobs" --format=json --show-all \
      "${rels[@]}" >"$db/project.json" 2>"$db/project.err") || rc=$?
  echo "$rc" >"$db/project.rc"
  # The compile database and job list hold absolute paths of this run.
  rm -rf "$db/args" "$db/compile_commands.json" "$db/jobs.tsv"
done
echo "snapshot.sh: $(find "$out" -type f | wc -l) files in $out"
