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
 * built into nvcc's front end, declared by no header; the memory orders and
 * scopes are enums of crt/device_functions.h, which Clang's wrapper does not
 * include (and which no source may include itself). HeCBench michalewicz's
 * float atomicMin did not compile. The value operands are templates of their
 * own, so that `__nv_atomic_fetch_add(p, 1, ...)` on an unsigned p deduces.
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

enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};
#define CUDA_COALESCE_SCOPE int = __NV_THREAD_SCOPE_SYSTEM
template <class T> __device__ T __nv_atomic_load_n(T *, int, CUDA_COALESCE_SCOPE);
template <class T, class R>
__device__ void __nv_atomic_load(T *, R *, int, CUDA_COALESCE_SCOPE);
template <class T, class V>
__device__ void __nv_atomic_store_n(T *, V, int, CUDA_COALESCE_SCOPE);
template <class T, class V>
__device__ void __nv_atomic_store(T *, V *, int, CUDA_COALESCE_SCOPE);
template <class T, class V>
__device__ T __nv_atomic_exchange_n(T *, V, int, CUDA_COALESCE_SCOPE);
template <class T, class V, class R>
__device__ void __nv_atomic_exchange(T *, V *, R *, int, CUDA_COALESCE_SCOPE);
template <class T, class E, class V>
__device__ bool __nv_atomic_compare_exchange_n(T *, E *, V, bool, int, int,
                                               CUDA_COALESCE_SCOPE);
template <class T, class E, class V>
__device__ bool __nv_atomic_compare_exchange(T *, E *, V *, bool, int, int,
                                             CUDA_COALESCE_SCOPE);
#define CUDA_COALESCE_SCOPED_RMW(Op)                                           \
  template <class T, class V>                                                  \
  __device__ T __nv_atomic_fetch_##Op(T *, V, int, CUDA_COALESCE_SCOPE);       \
  template <class T, class V>                                                  \
  __device__ void __nv_atomic_##Op(T *, V, int, CUDA_COALESCE_SCOPE);
CUDA_COALESCE_SCOPED_RMW(add)
CUDA_COALESCE_SCOPED_RMW(sub)
CUDA_COALESCE_SCOPED_RMW(min)
CUDA_COALESCE_SCOPED_RMW(max)
CUDA_COALESCE_SCOPED_RMW(and)
CUDA_COALESCE_SCOPED_RMW(or)
CUDA_COALESCE_SCOPED_RMW(xor)
#undef CUDA_COALESCE_SCOPED_RMW
__device__ void __nv_atomic_thread_fence(int, CUDA_COALESCE_SCOPE);
#undef CUDA_COALESCE_SCOPE

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
