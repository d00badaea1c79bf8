// A block shape with one extent known only at run time keeps the others:
// SHOC's stencil launches dim3(1, lCols), so a warp's lanes run along y
// and its column of shared memory is conflict-free; the extent not known
// takes the rest of 256 threads, and the note says so.
// RUN: %cc --show-all %s | %filecheck %s
struct Stencil {
  int lCols;
  void run(float *out, const float *in, int rows);
};
__global__ void column(float *out, const float *in) {
  __shared__ float sh[256];
  int lidx = threadIdx.y;
  sh[lidx] = in[blockIdx.y * 256 + threadIdx.y];
  // CHECK: partial-dim3.cu:[[@LINE-1]]:3: remark: conflict-free shared store to 'sh': 1 wavefronts/request (ideal 1)
  // CHECK: note: block (1,256,1) from the launch at {{.*}}partial-dim3.cu:[[@LINE+11]]:3, whose extents not known there are assumed (blockDim.y = 256, for 256 threads)
  __syncthreads();
  out[blockIdx.y * 256 + lidx] = sh[lidx];
}
__global__ void volume(float *out) {
  out[(threadIdx.z * 8 + threadIdx.y) * 4 + threadIdx.x] = 0.0f;
  // CHECK: partial-dim3.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out'
  // CHECK: note: block (4,8,8) from the launch at {{.*}}partial-dim3.cu:[[@LINE+5]]:3, whose extents not known there are assumed (blockDim.z = 8, for 256 threads)
}
void Stencil::run(float *out, const float *in, int rows) {
  dim3 dimBlock(1, lCols);
  column<<<dim3(rows, 4), dimBlock>>>(out, in);
  volume<<<1, dim3{4, 8, (unsigned)rows}>>>(out);
}
