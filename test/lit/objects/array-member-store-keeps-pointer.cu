// faiss's BlockSelect fills its per-thread queue (an array member, at
// indices the walk does not fix, through a pointer to it in the sorting
// helpers) and keeps its shared-memory queue in a pointer member. A float
// stored at an unknown place in the object cannot change a pointer (C++'s
// aliasing rules, which nvcc's optimiser relies on too): 'shared' still
// points into 'tile' afterwards.
// RUN: %cc --show-all %s | %filecheck %s
struct Queue {
  __device__ Queue(float *smem) : shared(smem) {}
  __device__ void fill(float *p, int n) {
    for (int i = 0; i < n; ++i)
      p[i] = 0.f;
  }
  float local[4];
  float *shared;
};
__global__ void sorted(float *out, int n) {
  __shared__ float tile[256];
  Queue q(tile);
  q.fill(q.local, n);
  q.shared[threadIdx.x] = 1.f;
  // CHECK: array-member-store-keeps-pointer.cu:[[@LINE-1]]:3: remark: conflict-free shared store to 'tile': 1 wavefronts/request (ideal 1) [cuda-coalesce]
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = tile[255 - threadIdx.x];
  // CHECK: array-member-store-keeps-pointer.cu:[[@LINE-1]]:41: remark: conflict-free shared load from 'tile'
  // CHECK: array-member-store-keeps-pointer.cu:[[@LINE-2]]:3: remark: coalesced global store to 'out'
}
void launch(float *out) { sorted<<<64, 256>>>(out, 4); }
