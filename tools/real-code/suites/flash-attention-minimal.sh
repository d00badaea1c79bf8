# shellcheck shell=bash
# tspeterkim/flash-attention-minimal: one program, its PyTorch C++ extension (flash.cu + main.cpp)
# built on the GPU machine with torch.utils.cpp_extension.load (PyTorch 2.11, CUDA 13 there) and
# called once, with bench.py's sizes (batch 16, 12 heads, 64 tokens, head size 64).
# Sourced by suite-check.sh (stage).
#
# Edits (stage): none to the checkout's files. Two files of ours are written beside them:
#   E1 fa_run.py: loads the extension as bench.py does (load(name='minimal_attn',
#      sources=['main.cpp', 'flash.cu'])) with extra_cuda_cflags ['-O2', '-lineinfo'] (bench.py's
#      -O2 and the line table), TORCH_CUDA_ARCH_LIST=9.0 and build_directory torch-build/;
#      `--build-only` stops after the build (the device step's prep, before ncu), otherwise it
#      calls minimal_attn.forward(q, k, v) once and checks it against the manual attention.
#   E2 analyzer-stubs/torch/types.h: the few torch declarations flash.cu's host function uses
#      (Tensor::size, data_ptr, to, zeros_like, zeros, full, Device), so that the analyzer parses
#      flash.cu without PyTorch (this machine has none). Only `analyze` reads it (-I analyzer-stubs);
#      nvcc on the GPU machine reads the real torch headers.
# Device: ncu runs `python3 fa_run.py`; only forward_kernel is profiled (kid), not torch's own
# kernels; its line table comes from the built extension (elf=torch-build/minimal_attn.so).
suite_stage() {  # CHECKOUT DEST
  local co="$1" d="$2"
  cp "$co/flash.cu" "$co/main.cpp" "$co/bench.py" "$co/README.md" "$d/"
  cat > "$d/fa_run.py" <<'PY'
# suite-check (flash-attention-minimal E1): build the extension as bench.py does, with -lineinfo;
# then one forward call. `--build-only`: only the build.
import math
import os
import sys

os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "9.0")
os.environ.setdefault("MAX_JOBS", "8")
import torch  # noqa: E402
from torch.nn import functional as F  # noqa: E402
from torch.utils.cpp_extension import load  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
build = os.path.join(here, "torch-build")
os.makedirs(build, exist_ok=True)
minimal_attn = load(name="minimal_attn", sources=[os.path.join(here, "main.cpp"), os.path.join(here, "flash.cu")],
                    extra_cuda_cflags=["-O2", "-lineinfo"], build_directory=build, verbose=False)
if "--build-only" in sys.argv:
    print("built", os.path.join(build, "minimal_attn.so"))
    sys.exit(0)
batch_size, n_head, seq_len, head_embd = 16, 12, 64, 64
torch.manual_seed(0)
q = torch.randn(batch_size, n_head, seq_len, head_embd).cuda()
k = torch.randn(batch_size, n_head, seq_len, head_embd).cuda()
v = torch.randn(batch_size, n_head, seq_len, head_embd).cuda()
out = minimal_attn.forward(q, k, v)
torch.cuda.synchronize()
att = F.softmax(q @ k.transpose(-2, -1) * (1.0 / math.sqrt(k.size(-1))), dim=-1)
print("attn values sanity check:", torch.allclose(out, att @ v, rtol=0, atol=1e-02))
PY
  mkdir -p "$d/analyzer-stubs/torch"
  cat > "$d/analyzer-stubs/torch/types.h" <<'H'
// suite-check (flash-attention-minimal E2), for the analyzer only: the torch declarations that
// flash.cu's host function uses, so that Clang parses the file without PyTorch.
#pragma once
#include <cstdint>
#include <initializer_list>
namespace torch {
enum DeviceType { kCUDA };
struct Device {
  Device(DeviceType) {}
};
struct Tensor {
  int64_t size(int64_t) const;
  template <typename T> T *data_ptr() const;
  Tensor to(Device) const;
};
Tensor zeros_like(const Tensor &);
Tensor zeros(std::initializer_list<int64_t>);
Tensor full(std::initializer_list<int64_t>, float);
} // namespace torch
H
}
