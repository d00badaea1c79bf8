#!/usr/bin/env bash
# Installs what cuda-coalesce needs on Debian 12 (apt-get), then configures
# and builds it in build/. Safe to run again: installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  cmake ninja-build g++ ccache python3
  # test/ci/run-workflow.py and the pre-commit test read YAML.
  python3-yaml
  llvm-22-dev libclang-22-dev clang-22 llvm-22-tools
  # The plugin's tests run the real clang-tidy-22.
  clang-tidy-22
  # The HTML audit report's test renders it in headless Chromium.
  chromium
  libgtest-dev
  # Debian's Clang CMake package names gRPC and Protobuf targets.
  libgrpc++-dev libprotobuf-dev protobuf-compiler-grpc
  # The Debian package's test runs cpack (dpkg-shlibdeps needs file); the
  # CI workflow's test prints findings from SARIF with jq.
  dpkg-dev file jq
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
# Two cores and 24 GiB: two compile jobs keep memory well within reach.
cmake --build build -j "${JOBS:-2}"
