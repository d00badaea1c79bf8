/*===- cuda_coalesce_scoped_atomics.h - nvcc's scoped atomics ------------===
 *
 * CUDA 12.8's `__nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)` and the rest are
 * built into nvcc's front end and declared by no header; the memory orders
 * and scopes are enums of crt/device_functions.h, which Clang's wrapper does
 * not include (and which no source may include itself). Included by the
 * compat header (a real toolkit) and by the shim's cuda_runtime.h. The value
 * operands are templates of their own, so that `__nv_atomic_fetch_add(p, 1,
 * ...)` on an unsigned p deduces.
 *===-----------------------------------------------------------------------===*/
#ifndef CUDA_COALESCE_SCOPED_ATOMICS_H
#define CUDA_COALESCE_SCOPED_ATOMICS_H
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
#endif
