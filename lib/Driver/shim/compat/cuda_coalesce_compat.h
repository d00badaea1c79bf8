/*===- cuda_coalesce_compat.h - What nvcc declares and Clang does not ------===
 *
 * Force-included after Clang's CUDA wrapper when parsing with a real
 * toolkit. Clang 22 declares __ldg, __ldcg, __ldcs, __ldcv and __stwt; nvcc
 * also has the cache-hinted loads and stores below, which real code calls.
 * Templates lose overload resolution to the toolkit's own non-template
 * overloads (bf16, half), so nothing declared twice conflicts.
 *===-----------------------------------------------------------------------===*/
#ifndef CUDA_COALESCE_COMPAT_H
#define CUDA_COALESCE_COMPAT_H
template <class T> __device__ T __ldca(const T *);
template <class T> __device__ T __ldlu(const T *);
template <class T> __device__ void __stwb(T *, T);
template <class T> __device__ void __stcg(T *, T);
template <class T> __device__ void __stcs(T *, T);
#endif
