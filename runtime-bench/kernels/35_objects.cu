// Theme: accesses written through C++ objects, as public code writes them:
// copies of float4 and structs (implicit copy assignment, copy into a local
// or into shared memory, memcpy), bf16/half conversions and operators,
// member functions through `this`, an accessor's operator(), llm.c's
// Packed128 helpers called twice, a helper returning a reference, a
// program's own operator, atomics and cache hints on these types.
// N = 1<<20 threads, 256-thread blocks.
// Part of cuda-coalesce runtime-bench: one global access of each kind per
// source line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)

// Fills a buffer with non-zero data. Not measured (ncu skips init_*).
__global__ void init_bytes(unsigned *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = 0x3c003c00u + (unsigned)(i % 7); // small halves, bf16 and floats
}

struct P16 { float a, b, c, d; };              // 16 bytes, 4-byte aligned
struct alignas(16) Q16 { float a, b, c, d; };  // 16 bytes, 16-byte aligned
struct Counted { float v; int count; };        // 8 bytes
struct V3 { float x, y, z; };
__device__ V3 operator-(const V3 &l, const V3 &r) {
  return V3{l.x - r.x, l.y - r.y, l.z - r.z};
}
struct Pixel {
  unsigned char r, g, b, a;
  __device__ void set(unsigned char R, unsigned char G, unsigned char B) {
    r = R;
    g = G;
    b = B;
    a = 255;
  }
};
// A PyTorch-style accessor passed by value: data and strides.
struct Accessor2D {
  float *data;
  int stride0, stride1;
  __device__ float &operator()(int i, int j) const {
    return data[i * stride0 + j * stride1];
  }
};
// llm.c's Packed128 (llmc/cuda_utils.cuh), with bf16 elements.
template <class T> struct alignas(16) Packed128 {
  Packed128() = default;
  __device__ explicit Packed128(int4 bits) { memcpy(&payload, &bits, sizeof(bits)); }
  __device__ T &operator[](int i) { return payload[i]; }
  __device__ int4 get_bits() const {
    int4 bits;
    memcpy(&bits, &payload, sizeof(bits));
    return bits;
  }
  static constexpr const size_t size = sizeof(int4) / sizeof(T);
  T payload[size];
};
template <class T> __device__ Packed128<T> load128cs(const T *address) {
  return Packed128<T>{__ldcs(reinterpret_cast<const int4 *>(address))};
}
template <class T> __device__ void store128(T *target, Packed128<T> value) {
  *reinterpret_cast<int4 *>(target) = value.get_bits();
}
typedef Packed128<__nv_bfloat16> x128;
__device__ float &at(float *m, int r, int c, int n) { return m[r * n + c]; }

__global__ void float4_assign(float4 *o, const float4 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t];
}

__global__ void struct_copy(P16 *o, const P16 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  P16 v = a[t];
  o[t] = v;
}

__global__ void struct_partial(float *o, const P16 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  P16 v = a[t];
  o[t] = v.a + v.c;
}

__global__ void struct_aligned_copy(Q16 *o, const Q16 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  Q16 v = a[t];
  o[t] = v;
}

__global__ void struct_to_shared(float *o, const P16 *a) {
  __shared__ P16 s[256];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = a[t];
  __syncthreads();
  o[t] = s[255 - threadIdx.x].b;
}

__global__ void struct_memcpy(float *o, const P16 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  P16 v;
  memcpy(&v, &a[t], sizeof(P16));
  o[t] = v.a + v.b + v.c + v.d;
}

__global__ void bf16_convert(float *out, const __nv_bfloat16 *inp) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float x = inp[t];
  out[t] = x * 2.0f;
}

__global__ void bf16_cast(float *out, const __nv_bfloat16 *inp) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = (float)inp[t];
}

__global__ void half_mul(__half *o, const __half *h, const __half *w) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = h[t] * w[t];
}

__global__ void half2_add(__half2 *o, const __half2 *a, const __half2 *b) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = __hadd2(a[t], b[t]);
}

__global__ void pixel_set(Pixel *px) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  px[t].set(t & 255, 7, 9);
}

__global__ void accessor_row(float *o, Accessor2D acc) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = acc(blockIdx.y, t);
}

__global__ void packed128_scale(__nv_bfloat16 *out, const __nv_bfloat16 *inp) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  x128 packed = load128cs(inp + i);
  x128 result;
  for (int k = 0; k < x128::size; ++k)
    result[k] = __float2bfloat16(2.0f * __bfloat162float(packed[k]));
  store128(out + i, result);
}

__global__ void packed128_add(__nv_bfloat16 *out, const __nv_bfloat16 *inp1,
                              const __nv_bfloat16 *inp2) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  x128 a = load128cs(inp1 + i);
  x128 b = load128cs(inp2 + i);
  x128 sum;
  for (int k = 0; k < x128::size; ++k)
    sum[k] = __float2bfloat16(__bfloat162float(a[k]) + __bfloat162float(b[k]));
  store128(out + i, sum);
}

__global__ void ref_helper_column(float *o, float *m, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int c = 0; c < 16; ++c)
    acc += at(m, c, r, n);
  o[r] = acc;
}

__global__ void user_operator(V3 *o, const V3 *p, const V3 *q) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = p[t] - q[t];
}

__global__ void atomic_half(__half *h) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&h[t], __float2half(1.0f));
}

__global__ void atomic_member(Counted *p) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&p[t].count, 1);
}

__global__ void cache_hints_int4(int4 *o, const int4 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int4 v = __ldcs(&a[t]);
  __stcs(&o[t], v);
}

__global__ void ldg_half2(float *o, const __half2 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  __half2 v = __ldg(&a[t]);
  o[t] = __low2float(v) + __high2float(v);
}

int main() {
  const int N = 1 << 20;
  const size_t Bytes = 16L * N; // the largest element is 16 bytes
  char *in1, *in2, *out;
  CHECK(cudaMalloc(&in1, Bytes));
  CHECK(cudaMalloc(&in2, Bytes));
  CHECK(cudaMalloc(&out, Bytes));
  init_bytes<<<1024, 256>>>((unsigned *)in1, Bytes / 4);
  init_bytes<<<1024, 256>>>((unsigned *)in2, Bytes / 4);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  Accessor2D acc{(float *)in1, N, 1};
  BENCH(0, float4_assign<<<grid, block>>>((float4 *)out, (const float4 *)in1));
  BENCH(0, struct_copy<<<grid, block>>>((P16 *)out, (const P16 *)in1));
  BENCH(0, struct_partial<<<grid, block>>>((float *)out, (const P16 *)in1));
  BENCH(0, struct_aligned_copy<<<grid, block>>>((Q16 *)out, (const Q16 *)in1));
  BENCH(0, struct_to_shared<<<grid, block>>>((float *)out, (const P16 *)in1));
  BENCH(0, struct_memcpy<<<grid, block>>>((float *)out, (const P16 *)in1));
  BENCH(0, bf16_convert<<<grid, block>>>((float *)out, (const __nv_bfloat16 *)in1));
  BENCH(0, bf16_cast<<<grid, block>>>((float *)out, (const __nv_bfloat16 *)in1));
  BENCH(0, half_mul<<<grid, block>>>((__half *)out, (const __half *)in1, (const __half *)in2));
  BENCH(0, half2_add<<<grid, block>>>((__half2 *)out, (const __half2 *)in1, (const __half2 *)in2));
  BENCH(0, pixel_set<<<grid, block>>>((Pixel *)out));
  BENCH(0, accessor_row<<<dim3(N / 256, 2), block>>>((float *)out, acc));
  BENCH(0, packed128_scale<<<N / 256 / 8, block>>>((__nv_bfloat16 *)out, (const __nv_bfloat16 *)in1));
  BENCH(0, packed128_add<<<N / 256 / 8, block>>>((__nv_bfloat16 *)out, (const __nv_bfloat16 *)in1, (const __nv_bfloat16 *)in2));
  BENCH(0, ref_helper_column<<<N / 16 / 256, block>>>((float *)out, (float *)in1, N / 16));
  BENCH(0, user_operator<<<grid, block>>>((V3 *)out, (const V3 *)in1, (const V3 *)in2));
  BENCH(0, atomic_half<<<grid, block>>>((__half *)out));
  BENCH(0, atomic_member<<<grid, block>>>((Counted *)out));
  BENCH(0, cache_hints_int4<<<grid, block>>>((int4 *)out, (const int4 *)in1));
  BENCH(0, ldg_half2<<<grid, block>>>((float *)out, (const __half2 *)in1));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(in1));
  CHECK(cudaFree(in2));
  CHECK(cudaFree(out));
  printf("35_objects ok\n");
  return 0;
}
