/*===- cuda_runtime.h - cuda-coalesce's built-in CUDA shim -----------------===
 *
 * Used only when no CUDA toolkit is found: enough of the CUDA runtime and
 * device API for Clang to parse typical kernels and their launches, so that
 * linting works on machines without CUDA. Nothing here is ever compiled to
 * code. Declarations follow the CUDA runtime API's names and alignments
 * (vector types) because the analysis reads sizes and alignments from them.
 *===-----------------------------------------------------------------------===*/
#ifndef CUDA_COALESCE_SHIM_CUDA_RUNTIME_H
#define CUDA_COALESCE_SHIM_CUDA_RUNTIME_H
#define __CUDA_COALESCE_SHIM__ 1
#define __CUDACC__ 1

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __device_builtin__
#define CUDART_VERSION 13000

#include <stddef.h>
#include <stdint.h>

#include "__clang_cuda_builtin_vars.h"

#define __CC_VEC1(T, N, A) struct __attribute__((aligned(A))) N##1 { T x; };
#define __CC_VEC2(T, N, A) struct __attribute__((aligned(A))) N##2 { T x, y; };
#define __CC_VEC3(T, N) struct N##3 { T x, y, z; };
#define __CC_VEC4(T, N, A) struct __attribute__((aligned(A))) N##4 { T x, y, z, w; };
#define __CC_VECS(T, N, S)                                                     \
  __CC_VEC1(T, N, S) __CC_VEC2(T, N, 2 * S) __CC_VEC3(T, N)                     \
  __CC_VEC4(T, N, (4 * S > 16 ? 16 : 4 * S))                                   \
  static __host__ __device__ inline N##2 make_##N##2(T x, T y) { return {x, y}; } \
  static __host__ __device__ inline N##3 make_##N##3(T x, T y, T z) { return {x, y, z}; } \
  static __host__ __device__ inline N##4 make_##N##4(T x, T y, T z, T w) {    \
    return {x, y, z, w};                                                       \
  }
__CC_VECS(signed char, char, 1)
__CC_VECS(unsigned char, uchar, 1)
__CC_VECS(short, short, 2)
__CC_VECS(unsigned short, ushort, 2)
__CC_VECS(int, int, 4)
__CC_VECS(unsigned int, uint, 4)
__CC_VECS(long, long, 8)
__CC_VECS(unsigned long, ulong, 8)
__CC_VECS(long long, longlong, 8)
__CC_VECS(unsigned long long, ulonglong, 8)
__CC_VECS(float, float, 4)
__CC_VECS(double, double, 8)

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const { return {x, y, z}; }

/* Half precision (cuda_fp16.h, cuda_bf16.h): what the analysis reads of
   these types is their layout, and which of their operators and conversions
   take an object in memory by reference or are called on it. */
#define __CC_HALF_OPERATORS(T)                                                 \
  __device__ T operator+(const T &, const T &);                               \
  __device__ T operator-(const T &, const T &);                               \
  __device__ T operator*(const T &, const T &);                               \
  __device__ T operator/(const T &, const T &);                               \
  __device__ T &operator+=(T &, const T &);                                   \
  __device__ T &operator-=(T &, const T &);                                   \
  __device__ T &operator*=(T &, const T &);                                   \
  __device__ bool operator==(const T &, const T &);                           \
  __device__ bool operator<(const T &, const T &);                            \
  __device__ bool operator>(const T &, const T &);
#define __CC_HALF_SCALAR(T)                                                    \
  struct __attribute__((aligned(2))) T {                                       \
    unsigned short __x;                                                        \
    T() = default;                                                             \
    __host__ __device__ T(float);                                              \
    __host__ __device__ operator float() const;                               \
    __host__ __device__ T &operator=(float);                                   \
  };                                                                           \
  __CC_HALF_OPERATORS(T)                                                       \
  __device__ T atomicAdd(T *, T);
__CC_HALF_SCALAR(__half)
__CC_HALF_SCALAR(__nv_bfloat16)
struct __attribute__((aligned(4))) __half2 { __half x, y; };
__CC_HALF_OPERATORS(__half2)
__device__ __half2 atomicAdd(__half2 *, __half2);
typedef __half half;
typedef __half2 half2;
extern "C" __device__ void *memcpy(void *, const void *, size_t);
extern "C" __device__ void *memset(void *, int, size_t);
// assert() in device code: glibc's macro calls __assert_fail, which the
// toolkit declares for the device too.
extern "C" __device__ void __assert_fail(const char *, const char *,
                                         unsigned int, const char *) noexcept;
__device__ __half __hadd(__half, __half);
__device__ __half __hmul(__half, __half);
__device__ __half2 __hadd2(__half2, __half2);
__device__ __half2 __hmul2(__half2, __half2);
__device__ float __low2float(__half2);
__device__ float __high2float(__half2);
__device__ __half2 __floats2half2_rn(float, float);
__host__ __device__ float __bfloat162float(__nv_bfloat16);
__host__ __device__ __nv_bfloat16 __float2bfloat16(float);

/* Runtime API (host side). */
typedef enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2
} cudaError_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
extern "C" {
__host__ cudaError_t cudaMalloc(void **devPtr, size_t size);
__host__ cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned flags = 1);
__host__ cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height);
__host__ cudaError_t cudaFree(void *devPtr);
__host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                                  size_t width, size_t height, cudaMemcpyKind kind);
__host__ cudaError_t cudaMemset(void *devPtr, int value, size_t count);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char *cudaGetErrorString(cudaError_t error);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
__host__ cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
__host__ cudaError_t cudaEventDestroy(cudaEvent_t event);
__host__ cudaError_t cudaStreamCreate(cudaStream_t *stream);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__host__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
__host__ cudaError_t cudaSetDevice(int device);
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem = 0, void *stream = 0);
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                              cudaStream_t stream = 0);
}
template <class T> static inline cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return cudaMalloc((void **)devPtr, size);
}
template <class T>
static inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width,
                                          size_t height) {
  return cudaMallocPitch((void **)devPtr, pitch, width, height);
}

/* Device API: declarations only; the analysis knows these by name. */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ void __threadfence(void);
#define __CC_ATOMIC(NAME)                                                      \
  __device__ int NAME(int *, int);                                             \
  __device__ unsigned int NAME(unsigned int *, unsigned int);                  \
  __device__ unsigned long long NAME(unsigned long long *, unsigned long long);
__CC_ATOMIC(atomicAdd) __CC_ATOMIC(atomicSub) __CC_ATOMIC(atomicExch)
__CC_ATOMIC(atomicMin) __CC_ATOMIC(atomicMax) __CC_ATOMIC(atomicAnd)
__CC_ATOMIC(atomicOr) __CC_ATOMIC(atomicXor)
__device__ float atomicAdd(float *, float);
__device__ double atomicAdd(double *, double);
__device__ float atomicExch(float *, float);
__device__ unsigned int atomicInc(unsigned int *, unsigned int);
__device__ unsigned int atomicDec(unsigned int *, unsigned int);
__device__ int atomicCAS(int *, int, int);
__device__ unsigned int atomicCAS(unsigned int *, unsigned int, unsigned int);
__device__ unsigned long long atomicCAS(unsigned long long *, unsigned long long,
                                        unsigned long long);
template <class T> __device__ T __ldg(const T *);
template <class T> __device__ T __ldcg(const T *);
template <class T> __device__ T __ldca(const T *);
template <class T> __device__ T __ldcs(const T *);
template <class T> __device__ void __stcg(T *, T);
template <class T> __device__ void __stcs(T *, T);
template <class T> __device__ T __shfl_sync(unsigned, T, int, int = 32);
template <class T> __device__ T __shfl_up_sync(unsigned, T, unsigned, int = 32);
template <class T> __device__ T __shfl_down_sync(unsigned, T, unsigned, int = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned, T, int, int = 32);
__device__ unsigned __ballot_sync(unsigned, int);
__device__ int __popc(unsigned);
__device__ int __clz(int);
__device__ int __ffs(int);
__device__ int __mul24(int, int);
__device__ unsigned __umul24(unsigned, unsigned);
__host__ __device__ int min(int, int);
__host__ __device__ unsigned umin(unsigned, unsigned);
__host__ __device__ int max(int, int);
__host__ __device__ unsigned umax(unsigned, unsigned);
__host__ __device__ float fminf(float, float);
__host__ __device__ float fmaxf(float, float);
__host__ __device__ float sqrtf(float);
__host__ __device__ float rsqrtf(float);
__host__ __device__ float expf(float);
__host__ __device__ float __expf(float);
__host__ __device__ float logf(float);
__host__ __device__ float fabsf(float);
__host__ __device__ float sinf(float);
__host__ __device__ float cosf(float);
__host__ __device__ float powf(float, float);
__host__ __device__ float floorf(float);
__host__ __device__ float ceilf(float);
__host__ __device__ float tanhf(float);
__host__ __device__ float __fdividef(float, float);
__host__ __device__ double sqrt(double);
__host__ __device__ double exp(double);
__host__ __device__ double fabs(double);
__host__ __device__ float __half2float(__half);
__host__ __device__ __half __float2half(float);
__host__ __device__ int __float2int_rn(float);
#include "cuda_coalesce_scoped_atomics.h"
#endif
