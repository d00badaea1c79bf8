// A class that keeps a reference to a __shared__ object, as CUB's block
// collectives keep `_TempStorage &temp_storage` (HeCBench blockexchange's own
// BlockExchange too): what its methods access through the member is that
// object, in shared memory. The reference is bound where the object is built,
// by a constructor or an aggregate's braces. Before, the accesses were taken
// to be at the reference's own bytes in the thread's object, and none was
// reported.
// RUN: not %cc --show-all %s | %filecheck %s
struct Tile {
  float v[256];
};

struct Exchange {
  Tile &tile;
  unsigned tid;
  __device__ Exchange(Tile &t) : tile(t), tid(threadIdx.x) {}
  // Lane l writes word l: 32 banks, one wavefront.
  __device__ void put(float x) { tile.v[tid] = x; }
  // CHECK: reference-member-to-shared.cu:[[@LINE-1]]:34: remark: conflict-free shared store to 't': 1 wavefronts/request (ideal 1) [cuda-coalesce] (in kernel 'exchange')
  // Lane l reads word 2l: lanes l and l + 16 ask bank 2l mod 32 for two
  // words, two wavefronts where the 128 bytes would fit one.
  __device__ float get() const { return tile.v[(tid * 2) % 256]; }
  // CHECK: reference-member-to-shared.cu:[[@LINE-1]]:41: warning: bank-conflict shared load from 't': 2 wavefronts/request where 1 would do (2-way bank conflict) [cuda-coalesce] (in kernel 'exchange')
};

struct View {
  Tile &tile;
  unsigned tid;
};

__global__ void exchange(float *out) {
  __shared__ Tile t;
  Exchange e(t);
  e.put(1.f);
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = e.get();
  // CHECK: reference-member-to-shared.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4) [cuda-coalesce]
  __syncthreads();
  View w{t, threadIdx.x};
  // Lane l writes word 4l mod 256: lanes 0, 8, 16, 24 share bank 0 with
  // words 0, 32, 64, 96, four wavefronts.
  w.tile.v[(w.tid * 4) % 256] = 2.f;
  // CHECK: reference-member-to-shared.cu:[[@LINE-1]]:3: warning: bank-conflict shared store to 't': 4 wavefronts/request where 1 would do (4-way bank conflict) [cuda-coalesce]
}
void launch(float *out) { exchange<<<8, 256>>>(out); }
