# shellcheck shell=bash
# leimao/CUDA-GEMM-Optimization: two programs (fp32 and fp16), each the 16 GEMM kernels of src/
# (v00..v07, the library's .cu files) and its profile_cuda_gemm_*.cu main, as its CMakeLists.txt
# builds them (library + executable, here one nvcc command; -lcublas for the reference).
# Sourced by suite-check.sh (stage).
#
# Edits (stage):
#   E1 src/profile_cuda_gemm_{fp32,fp16}.cu: the problem size `constexpr size_t m{4096U}` (and k, n)
#      -> 1024U, so that every kernel's first launch takes milliseconds; nothing else changes
#      (num_repeats and num_warmups are already 1). The kernels read m, n, k as arguments.
#   E2 include/profile_utils.cuh, print_device_info(): `device_prop.memoryClockRate` (the field is
#      gone in CUDA 13) -> the same value through cudaDeviceGetAttribute(cudaDevAttrMemoryClockRate)
#      in a lambda on the same line (host code; it only prints the peak bandwidth).
# Device: only the suite's kernels are profiled (kid=^gemm_v0; cuBLAS's reference GEMMs are not).
suite_stage() {  # CHECKOUT DEST
  local co="$1" d="$2" f
  cp -r "$co/src" "$co/include" "$d/"
  for f in "$d/src/profile_cuda_gemm_fp32.cu" "$d/src/profile_cuda_gemm_fp16.cu"; do
    edit E1 "$f" 3 's/^(\s*constexpr size_t [mkn]\{)4096U\}/${1}1024U}/'
  done
  edit E2 "$d/include/profile_utils.cuh" 1 \
    's/device_prop\.memoryClockRate\b/[] { int r = 0; cudaDeviceGetAttribute(&r, cudaDevAttrMemoryClockRate, 0); return r; }()/' 
}
