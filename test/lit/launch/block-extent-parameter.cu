// ggml's argsort launches a block of ncols_pad threads and passes ncols_pad
// to the kernel too: the block's extent and the parameter are one value,
// known only at run time. Each value tried makes a block of its own size,
// so a row of n threads is read by full warps and one warp of n % 32 lanes,
// not by a block of an assumed 256 threads.
// RUN: %cc --show-all %s | %filecheck %s
// RUN: %cc --show-all %s | %filecheck --check-prefix=ROW %s
int next_power_of_2(int x) {
  int n = 1;
  while (n < x)
    n *= 2;
  return n;
}
__global__ void sort_rows(const float *x, int *dst, const int ncols,
                          int ncols_pad) {
  int col = threadIdx.x;
  if (col >= ncols_pad)
    return;
  dst[blockIdx.x * ncols_pad + col] = x[col];
  // CHECK: block-extent-parameter.cu:[[@LINE-1]]:39: remark: coalesced global load from 'x': 4 sectors/request (ideal 4)
  // CHECK: note: block (ncols_pad,1,1) from the launch at {{.*}}block-extent-parameter.cu:[[@LINE+15]]:3, which passes ncols_pad to the kernel too: known only at run time, tried at 16 values in 32..95
  // CHECK: note: ncols_pad unknown: the same pattern for every value in 32..95 (16 of them tried), at 2.5 to 4 sectors/request; the count is for multiples of 32
  // ROW: block-extent-parameter.cu:[[@LINE-4]]:3: remark: coalesced global store to 'dst': 4 sectors/request (ideal 4)
  // ROW: note: coalesced iff ncols_pad % 8 == 0
  // ROW: note: ncols_pad unknown: the same pattern for every value in 32..95 (16 of them tried), at 2.5 to 4.833 sectors/request
}
__global__ void scale_rows(float *x, int n) {
  x[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f;
  // CHECK: block-extent-parameter.cu:[[@LINE-1]]:3: remark: coalesced global load from 'x': 4 sectors/request (ideal 4)
  // CHECK: note: block (n,1,1) from the launch at {{.*}}block-extent-parameter.cu:[[@LINE+11]]:3, which passes n to the kernel too
}
void argsort(const float *x, int *dst, int ncols, int nrows) {
  const int ncols_pad = next_power_of_2(ncols);
  const dim3 block_dims(ncols_pad, 1, 1);
  const dim3 block_nums(nrows, 1, 1);
  sort_rows<<<block_nums, block_dims>>>(x, dst, ncols, ncols_pad);
}
void scale(float *x, int rows, int cols) {
  // The kernel never reads n: the block still takes each value with it.
  int threads = cols;
  scale_rows<<<rows, threads>>>(x, cols);
}
