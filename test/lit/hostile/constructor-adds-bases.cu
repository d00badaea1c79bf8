// A local object whose constructor builds more local objects: the walk
// adds memory bases while it initialises the first, and kept a reference
// into the list of bases across that (a heap use after free, found by the
// AddressSanitizer build on ggml's fattn-tile instances; the Release build
// read freed memory silently). The objects' contents are analysed, and the
// store after them is the kernel's one global store.
// RUN: %cc --show-all %s | %filecheck %s
struct Row {
  float v[4];
  __device__ Row(const float *p) {
    for (int i = 0; i < 4; ++i)
      v[i] = p[i];
  }
};
struct Tile {
  float acc;
  __device__ Tile(const float *p) : acc(0) {
    Row a(p), b(p + 4), c(p + 8), d(p + 12), e(p + 16), f(p + 20);
    acc = a.v[0] + b.v[1] + c.v[2] + d.v[3] + e.v[0] + f.v[1];
  }
};
__global__ void tiles(const float *in, float *out) {
  Tile t(in + blockIdx.x * 32);
  Tile u(in + blockIdx.x * 32 + 16);
  out[blockIdx.x * blockDim.x + threadIdx.x] = t.acc + u.acc;
  // CHECK: constructor-adds-bases.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out': 4 sectors/request
}
void launch(const float *in, float *out) { tiles<<<64, 256>>>(in, out); }
