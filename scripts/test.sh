#!/usr/bin/env bash
# Sets up, builds, and runs the whole test suite (unit tests and both lit
# runs, with the CUDA toolkit and with the built-in shim) through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
ctest --test-dir build --output-on-failure -j "${JOBS:-2}"
