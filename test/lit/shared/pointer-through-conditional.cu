// A shared-memory pointer chosen by `?:` (ggml's mmf.cuh: `has_ids ?
// (shmem_base + pad) : shmem_base`) stays a shared-memory pointer: its
// accesses are bank counts, not global stores without a name.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s

template <bool has_ids>
__global__ void mul_mat_f(const float *x, float *dst, int stride_row) {
  extern __shared__ char data_mmv[];
  char *shmem_base = data_mmv;
  char *compute_base =
      has_ids ? (shmem_base + 16 * sizeof(int)) : shmem_base;
  float *tile_xy = (float *)compute_base + threadIdx.y * 33;
  // Consecutive words for the 32 lanes of a warp row: every bank once.
  tile_xy[threadIdx.x] = x[blockIdx.x * stride_row + threadIdx.x];
  // CHECK-DAG: :[[@LINE-1]]:3: remark: conflict-free shared store to 'data_mmv': 1 wavefronts/request (ideal 1)
  __syncthreads();
  // Every second word: banks 0, 2, ..., 30 twice each.
  dst[blockIdx.x * 32 + threadIdx.x] = tile_xy[2 * threadIdx.x];
  // CHECK-DAG: :[[@LINE-1]]:40: warning: bank-conflict shared load from 'data_mmv': 2 wavefronts/request where 1 would do (2-way bank conflict)
}

// Two tiles chosen by a flag: an object of its own, in shared memory.
__global__ void pick_tile(float *dst, bool first) {
  __shared__ float tile_a[32][33], tile_b[32][33];
  float(*tile)[33] = first ? tile_a : tile_b;
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  // CHECK-DAG: :[[@LINE-1]]:3: remark: conflict-free shared store to 'first ? tile_a : tile_b': 1 wavefronts/request (ideal 1)
  __syncthreads();
  // A column of the padded tile: 33 words apart, every bank once.
  dst[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-DAG: :[[@LINE-1]]:41: remark: conflict-free shared load from 'first ? tile_a : tile_b': 1 wavefronts/request (ideal 1)
  // CHECK-DAG: :[[@LINE-2]]:3: remark: coalesced global store to 'dst': 4 sectors/request (ideal 4)
}

int main() {
  float *x, *dst;
  mul_mat_f<true><<<8, dim3(32, 4), 4096>>>(x, dst, 1024);
  mul_mat_f<false><<<8, dim3(32, 4), 4096>>>(x, dst, 1024);
  pick_tile<<<1, dim3(32, 32)>>>(dst, true);
}
