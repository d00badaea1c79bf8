// A base class's method called on a __shared__ object of a derived class
// runs on the base's bytes in that object: CUB's TempStorage derives from
// Uninitialized<T> and every collective calls its `Alias()`, which returns
// the storage as T. Before, the derived object seen as its base was a
// temporary of the thread's own, and the accesses through what the method
// returned were not reported.
// RUN: %cc --show-all %s | %filecheck %s
template <class T> struct Raw {
  unsigned words[sizeof(T) / 4];
  __device__ T &alias() { return reinterpret_cast<T &>(*this); }
};
struct Bins {
  int count[64];
};
struct Storage : Raw<Bins> {};

struct Header {
  int n[8];
};
// The Raw<Bins> base after the 32 bytes of Header.
struct Tagged : Header, Raw<Bins> {};

__global__ void histogram(const int *in, int *out) {
  __shared__ Storage s;
  __shared__ Tagged t;
  Bins &b = s.alias();
  // Lane l writes word l % 64 = l: one wavefront.
  b.count[threadIdx.x % 64] = 0;
  // CHECK: base-method-on-shared-object.cu:[[@LINE-1]]:3: remark: conflict-free shared store to 's': 1 wavefronts/request (ideal 1) [cuda-coalesce]
  // CHECK: note: index (threadIdx.x % 64) (4-byte elements); byte offset 4*(threadIdx.x % 64)
  Bins &c = t.alias();
  c.count[threadIdx.x % 64] = 0;
  // CHECK: base-method-on-shared-object.cu:[[@LINE-1]]:3: remark: conflict-free shared store to 't': 1 wavefronts/request (ideal 1) [cuda-coalesce]
  // CHECK: note: index (threadIdx.x % 64) (4-byte elements); byte offset 4*(threadIdx.x % 64) + 32
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x % 64] = b.count[threadIdx.x % 64];
  // CHECK: base-method-on-shared-object.cu:[[@LINE-1]]:45: remark: conflict-free shared load from 's': 1 wavefronts/request (ideal 1) [cuda-coalesce]
  // CHECK: base-method-on-shared-object.cu:[[@LINE-2]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4) [cuda-coalesce]
}
void launch(const int *in, int *out) { histogram<<<8, 64>>>(in, out); }
