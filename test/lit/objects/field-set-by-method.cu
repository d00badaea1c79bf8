// faiss's Codec arrives as a kernel argument and is handed its
// shared-memory tables in initKernel (`smemVmin = smem`); decode reads
// them through the field: shared loads from 'smem' (lanes 8 bytes apart,
// a 2-way conflict), not global loads from an unknown pointer.
// RUN: not %cc --show-all %s | %filecheck %s
struct Codec {
  Codec(float *min) : vmin(min), smemVmin(nullptr) {}
  __device__ void initKernel(float *smem, int dim) {
    smemVmin = smem;
    for (int i = threadIdx.x; i < dim; i += blockDim.x)
      smemVmin[i] = vmin[i];
    // CHECK: field-set-by-method.cu:[[@LINE-1]]:21: remark: coalesced global load from 'vmin'
    // CHECK: field-set-by-method.cu:[[@LINE-2]]:7: remark: conflict-free shared store to 'smem'
    __syncthreads();
  }
  __device__ float decode(int d) const { return smemVmin[d]; }
  // CHECK: field-set-by-method.cu:[[@LINE-1]]:49: warning: bank-conflict shared load from 'smem': 2 wavefronts/request where 1 would do (2-way bank conflict)
  float *vmin;
  float *smemVmin;
};
__global__ void scan(Codec codec, float *out, int dim) {
  extern __shared__ float smem[];
  codec.initKernel(smem, dim);
  out[blockIdx.x * dim + threadIdx.x] = codec.decode(threadIdx.x * 2);
  // CHECK: field-set-by-method.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out'
}
void launch(Codec c, float *out) { scan<<<64, 128, 1024>>>(c, out, 128); }
