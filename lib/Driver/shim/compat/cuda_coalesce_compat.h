/*===- cuda_coalesce_compat.h - What nvcc declares and Clang does not ------===
 *
 * Force-included after Clang's CUDA wrapper when parsing with a real
 * toolkit, so that code nvcc accepts parses here too.
 *
 * Cache-hinted loads and stores: Clang 22 declares __ldg, __ldcg, __ldcs,
 * __ldcv and __stwt; nvcc also has the ones below. Templates lose overload
 * resolution to the toolkit's own non-template overloads (bf16, half), so
 * nothing declared twice conflicts.
 *
 * Host code: nvcc's cuda_runtime.h pulls in C headers (crt/common_functions.h,
 * crt/math_functions.h) and declares min/max as __host__ __device__
 * (crt/math_functions.hpp). Clang's wrapper declares min/max for the device
 * only, so host code calling them, clock() or isfinite() would not compile.
 * The host overloads below have nvcc's signatures; Clang overloads on the
 * __host__/__device__ target, so they sit beside the device ones.
 *
 * nvcc defines __CUDACC__ as 1; Clang's wrapper defines it empty, so that
 * `#if __CUDACC__` (HeCBench ssim's gdt/math) does not compile.
 *
 * Scoped atomics (CUDA 12.8, `__nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)`):
 * ../include/cuda_coalesce_scoped_atomics.h, shared with the shim (HeCBench
 * michalewicz's float atomicMin did not compile).
 *===-----------------------------------------------------------------------===*/
#ifndef CUDA_COALESCE_COMPAT_H
#define CUDA_COALESCE_COMPAT_H
#undef __CUDACC__
#define __CUDACC__ 1
template <class T> __device__ T __ldca(const T *);
template <class T> __device__ T __ldlu(const T *);
template <class T> __device__ void __stwb(T *, T);
template <class T> __device__ void __stcg(T *, T);
template <class T> __device__ void __stcs(T *, T);

#include "../include/cuda_coalesce_scoped_atomics.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CUDA_COALESCE_HOST_MIN_MAX(R, A, B)                                    \
  __host__ R min(A, B);                                                        \
  __host__ R max(A, B);
CUDA_COALESCE_HOST_MIN_MAX(int, int, int)
CUDA_COALESCE_HOST_MIN_MAX(unsigned int, unsigned int, unsigned int)
CUDA_COALESCE_HOST_MIN_MAX(unsigned int, int, unsigned int)
CUDA_COALESCE_HOST_MIN_MAX(unsigned int, unsigned int, int)
CUDA_COALESCE_HOST_MIN_MAX(long, long, long)
CUDA_COALESCE_HOST_MIN_MAX(unsigned long, unsigned long, unsigned long)
CUDA_COALESCE_HOST_MIN_MAX(unsigned long, long, unsigned long)
CUDA_COALESCE_HOST_MIN_MAX(unsigned long, unsigned long, long)
CUDA_COALESCE_HOST_MIN_MAX(long long, long long, long long)
CUDA_COALESCE_HOST_MIN_MAX(unsigned long long, unsigned long long,
                           unsigned long long)
CUDA_COALESCE_HOST_MIN_MAX(unsigned long long, long long, unsigned long long)
CUDA_COALESCE_HOST_MIN_MAX(unsigned long long, unsigned long long, long long)
CUDA_COALESCE_HOST_MIN_MAX(float, float, float)
CUDA_COALESCE_HOST_MIN_MAX(double, double, double)
CUDA_COALESCE_HOST_MIN_MAX(double, float, double)
CUDA_COALESCE_HOST_MIN_MAX(double, double, float)
#undef CUDA_COALESCE_HOST_MIN_MAX
#endif
