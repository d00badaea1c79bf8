// A loop whose bound the unknowns set runs, at sizes no trial draws, more
// lanes than any trial lets in: Parboil histo's prescan samples an eighth of
// each block's share of the input, `while (addr < end)` with `end =
// blockIdx.x * stride + stride / 8` and `stride = size / gridDim.x`. The
// sizes tried (up to 4096) left a few lanes in the loop, "1 to 1.75 sectors"
// were given, and an H100 measured 4 on the real input. The most is that of
// every lane in the loop.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void prescan(const unsigned *input, int size, float *out) {
  int stride = size / gridDim.x;
  int addr = blockIdx.x * stride + threadIdx.x;
  int end = blockIdx.x * stride + stride / 8;
  float avg = 0.0f;
  while (addr < end) {
    avg += input[addr];
    // CHECK: loop-bound-beyond-trials.cu:[[@LINE-1]]:12: remark: global load from 'input' depends on values not known here: 1 to 5 sectors/request
    addr += blockDim.x;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = avg;
}
void run(const unsigned *in, int n, float *o) { prescan<<<64, 512>>>(in, n, o); }
