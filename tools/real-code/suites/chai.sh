# shellcheck shell=bash
# chai-benchmarks/chai (Chai v1.0-alpha), its CUDA programs: the 14 of CUDA-D (discrete: device
# memory and copies) and the 5 of CUDA-U (unified: managed memory, system-wide atomics) whose
# kernel.cu differs from CUDA-D's (BFS, RSCT, SSSP, TQ, TQH). Sources as each Makefile builds them
# (`nvcc -std=c++11 main.cpp kernel.cpp kernel.cu -lm`), arguments in chai.tsv: `-w 0 -r 1` (no
# warm-up, one timed repetition) and the programs' own defaults otherwise, with smaller inputs
# where the default would take seconds. Each program runs in its own folder (its paths are
# relative: input/..., output/...).
# Skipped (chai.tsv lists them): CUDA-D-Sim and CUDA-U-Sim (the same programs built for the
# gem5-gpu simulator: g++-4.8, sm_20, gem5's libcuda and m5ops, no real GPU); the 9 CUDA-U
# programs whose kernel.cu is byte for byte CUDA-D's (BS, CEDD, CEDT, HSTI, HSTO, PAD, RSCD, SC,
# TRNS: the same kernels again); OpenCL-D/U and C++AMP (not CUDA).
# Sourced by suite-check.sh (stage).
#
# Edits (stage and build), no source file changed (nothing of the checkout's code is edited):
#   E1 inputs copied smaller: CEDD/CEDT the first frame of input/peppa and of output/peppa (the
#      programs read w + r frames: one); HSTI/HSTO the first 512 KiB of input/image_VanHateren.iml
#      (the 262,144 pixels `-n 262144` reads); TQ the default patterns file; TQH the two frames of
#      input/basket; BS, RSCD, RSCT their input as is
#   E2 BFS and SSSP: input/graph.dat and output/graph.out from chai-inputs.py (a seeded connected
#      graph of 20,000 nodes in the programs' format, with the levels and distances verify() reads):
#      the checkout's DIMACS road graphs are missing (/work/ext/chai.missing)
#   E3 CUDA-U/TQ: built with `-include vector` (chai.tsv): its kernel.cpp uses std::vector without
#      including <vector>, which GCC 12's <thread> and <algorithm> no longer bring in (a build flag,
#      not a source edit)
# Device options (chai.tsv): the CUDA-U programs whose kernel waits for work the host threads write
# while it runs (BFS, SSSP: frontier hand-over through system-wide atomics; TQ, TQH: task queues
# the host fills) get `timeout=20;extra=0`: under ncu's kernel replay (memory restored between
# passes) such a kernel may wait for ever, and then costs 20 s instead of 60.
CHAI_CUDA_D="BFS BS CEDD CEDT HSTI HSTO PAD RSCD RSCT SC SSSP TQ TQH TRNS"
CHAI_CUDA_U="BFS RSCT SSSP TQ TQH"

chai_copy_program() {  # CHECKOUT DEST VARIANT PROGRAM: the program without input/ and output/
  local co="$1" d="$2" v="$3" p="$4" f
  mkdir -p "$d/$v/$p"
  for f in "$co/$v/$p"/*; do
    case "$(basename "$f")" in input | output) ;; *) cp -r "$f" "$d/$v/$p/" ;; esac
  done
}

suite_stage() {  # CHECKOUT DEST
  local co="$1" d="$2" v p
  for p in $CHAI_CUDA_D; do chai_copy_program "$co" "$d" CUDA-D "$p"; done
  for p in $CHAI_CUDA_U; do
    cmp -s "$co/CUDA-D/$p/kernel.cu" "$co/CUDA-U/$p/kernel.cu" && { echo "CUDA-U/$p: kernel.cu is CUDA-D's" >&2; return 1; }
    chai_copy_program "$co" "$d" CUDA-U "$p"
  done
  for p in $CHAI_CUDA_D; do
    case " $CHAI_CUDA_U " in *" $p "*) ;; *) cmp -s "$co/CUDA-D/$p/kernel.cu" "$co/CUDA-U/$p/kernel.cu" \
      || { echo "CUDA-U/$p: kernel.cu differs from CUDA-D's: list it in CHAI_CUDA_U" >&2; return 1; } ;; esac
  done
  [ -f "$co/README.md" ] && cp "$co/README.md" "$d/"
  for v in CUDA-D CUDA-U; do
    for p in CEDD CEDT; do
      [ -d "$d/$v/$p" ] || continue
      mkdir -p "$d/$v/$p/input/peppa" "$d/$v/$p/output/peppa"
      cp "$co/$v/$p/input/peppa/0.txt" "$d/$v/$p/input/peppa/"
      cp "$co/$v/$p/output/peppa/0.txt" "$d/$v/$p/output/peppa/"
      echo "  E1 $v/$p: input/peppa/0.txt, output/peppa/0.txt"
    done
    for p in HSTI HSTO; do
      [ -d "$d/$v/$p" ] || continue
      mkdir -p "$d/$v/$p/input"
      head -c 524288 "$co/$v/$p/input/image_VanHateren.iml" > "$d/$v/$p/input/image_VanHateren.iml"
      echo "  E1 $v/$p: input/image_VanHateren.iml, first 512 KiB"
    done
    for p in BS RSCD RSCT TQ TQH; do
      [ -d "$d/$v/$p" ] || continue
      mkdir -p "$d/$v/$p/input"
      case "$p" in
        BS) cp "$co/$v/$p/input/control.txt" "$d/$v/$p/input/" ;;
        RSCD | RSCT) cp "$co/$v/$p/input/vectors.csv" "$d/$v/$p/input/" ;;
        TQ) cp "$co/$v/$p/input/patternsNP100NB512FB25.txt" "$d/$v/$p/input/" ;;
        TQH) mkdir -p "$d/$v/$p/input/basket" && cp "$co/$v/$p/input/basket/basket0.float" \
               "$co/$v/$p/input/basket/basket1.float" "$d/$v/$p/input/basket/" ;;
      esac
      echo "  E1 $v/$p: input/$(cd "$d/$v/$p/input" && find . -type f | sort | sed 's|^\./||' | tr '\n' ' ')"
    done
  done
  python3 "$MANIFESTS/chai-inputs.py" "$d/CUDA-D/BFS" "$d/CUDA-D/SSSP" "$d/CUDA-U/BFS" "$d/CUDA-U/SSSP" \
    | sed "s|^$d/|  E2 |"
}
