#!/usr/bin/env bash
# Installs the Debian package CPack makes into a clean Debian 12 root and
# runs what it installed there: the CLI (with the header shim: no CUDA
# toolkit in the root), cuda-coalesce-clangd --check, and clang-tidy-22
# with the plugin on a database the CLI exported. apt-get resolves the
# package's dependencies from Debian's archive (LLVM 22 comes from
# bookworm-security), so this needs root (chroot, mount) and the network.
#
#   deb-chroot.sh BUILD_DIR ROOT WORK_DIR
#
# ROOT: a root made by `debootstrap --variant=minbase bookworm ROOT`; made
# here when it does not exist. It is copied to WORK_DIR/root, which the
# test changes; ROOT stays clean. Prints what it checks; exit 0 when all
# of it passed.
set -euo pipefail
build=$(cd "$1" && pwd)
root=$2
work=$3
here=$(cd "$(dirname "$0")" && pwd)

if [ "$(id -u)" -ne 0 ]; then
  echo "deb-chroot.sh: needs root (chroot, mount)" >&2
  exit 2
fi
if [ ! -x "$root/bin/sh" ]; then
  echo "deb-chroot: debootstrap --variant=minbase bookworm $root"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian > /dev/null
fi

echo "deb-chroot: cpack -G DEB"
(cd "$build" && cpack -G DEB > /dev/null)
deb=$(ls "$build"/cuda-coalesce_*_amd64.deb | head -1)
echo "deb-chroot: package $(basename "$deb")"

rm -rf "$work"
mkdir -p "$work"
cp -a "$root" "$work/root"
r="$work/root"
cleanup() {
  for m in proc dev/pts dev; do
    mountpoint -q "$r/$m" && umount -l "$r/$m" || true
  done
}
trap cleanup EXIT
mount -t proc proc "$r/proc"
mount --bind /dev "$r/dev"
mount --bind /dev/pts "$r/dev/pts"
cp /etc/resolv.conf "$r/etc/resolv.conf"
cat > "$r/etc/apt/sources.list" <<'SOURCES'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
SOURCES
cp "$deb" "$r/tmp/cuda-coalesce.deb"
mkdir -p "$r/tmp/project"
cp "$here/../lit/Inputs/strided.cu" "$r/tmp/project/strided.cu"

in_root() { chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 bash -c "$1"; }

echo "deb-chroot: apt-get install ./cuda-coalesce.deb (and what it depends on)"
in_root 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/cuda-coalesce.deb > /tmp/apt.log 2>&1 || { tail -20 /tmp/apt.log; exit 1; }'
in_root 'dpkg-query -W -f="installed: \${Package} \${Version}\n" cuda-coalesce libclang-cpp22 libllvm22 clang-tidy-22'
in_root 'test ! -e /usr/local/cuda && ! command -v nvcc' && echo "deb-chroot: no CUDA toolkit in the root"

# An nvcc compile database, as CMake writes one (there is no nvcc here: only
# its commands are read).
printf '[{"directory": "/tmp/project", "file": "/tmp/project/strided.cu", "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -x cu -rdc=true --generate-code=arch=compute_80,code=[compute_80,sm_80] -c strided.cu -o strided.o"}]\n' > "$r/tmp/project/compile_commands.json"

echo "deb-chroot: cuda-coalesce"
in_root 'cuda-coalesce --version'
in_root 'cd /tmp/project && cuda-coalesce strided.cu; echo "exit $?"'
in_root 'cd /tmp/project && cuda-coalesce -p . 2>&1 | grep -E "warning:|error:"; echo "exit ${PIPESTATUS[0]}"'
echo "deb-chroot: cuda-coalesce-clangd --check"
in_root 'cd /tmp/project && cuda-coalesce-clangd --check=strided.cu 2>/dev/null; echo "exit $?"'
echo "deb-chroot: clang-tidy-22 with the plugin, on an exported database"
in_root 'cd /tmp/project && cuda-coalesce -p . --export-compile-commands=tidy && clang-tidy-22 -p tidy --load=/usr/lib/libCudaCoalesceTidyModule.so --checks="-*,cuda-memory-coalescing" strided.cu 2>&1 | grep -E "warning:|error:"'
echo "deb-chroot: done"
