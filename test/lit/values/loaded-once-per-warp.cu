// A value loaded once per warp (CSR's row start, read at the warp's row) is
// the same in every lane of the warp and data from warp to warp: a[start +
// lane] is contiguous at whatever alignment the data gives, not a gather.
// The alignment is the data's: 4 sectors where it is a multiple of 8
// elements, 5 elsewhere, a range and no finding (runtime-bench 43's shuffled
// base measured 4 where an average over alignments said 4.875).
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void spmv_vector(const int *ptr, const float *data, float *y,
                            int rows) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (warp < rows) {
    int row_start = ptr[warp];
    y[warp * 32 + lane] = data[row_start + lane];
    // CHECK: loaded-once-per-warp.cu:[[@LINE-1]]:27: remark: coalesced global load from 'data': 4 to 5 sectors/request (ideal 4; the addresses are data)
  }
}
// The same load with 16-wide rows: two rows in a warp, two different
// values in its lanes: a gather.
__global__ void half_warps(const int *ptr, const float *data, float *y) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  y[row * 16 + threadIdx.x] = data[ptr[row] + threadIdx.x];
  // CHECK: loaded-once-per-warp.cu:[[@LINE-1]]:31: warning: scattered global load from 'data'
}
// Loaded once per block.
__global__ void by_block(const int *starts, const float *in, float *out) {
  int s = starts[blockIdx.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[s + threadIdx.x];
  // CHECK: loaded-once-per-warp.cu:[[@LINE-1]]:48: remark: coalesced global load from 'in': 4 to 5 sectors/request (ideal 4; the addresses are data)
}
void launch(const int *p, const float *d, float *y) {
  spmv_vector<<<64, 256>>>(p, d, y, 512);
  half_warps<<<64, dim3(16, 16)>>>(p, d, y);
  by_block<<<64, 256>>>(p, d, y);
}
