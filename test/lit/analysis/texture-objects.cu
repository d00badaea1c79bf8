// Reads through texture objects go through the texture path: they are not
// global-memory accesses, so they are skipped, and one remark per kernel says
// so (with --show-all, as every remark); the kernel's global accesses are
// analysed as usual.
// REQUIRES: cuda-toolkit
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | %filecheck %s
__global__ void blur(cudaTextureObject_t tex, float *out, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  float s = tex2D<float>(tex, x - 1, y) + tex2D<float>(tex, x + 1, y);
  // CHECK: texture-objects.cu:[[@LINE-1]]:13: remark: kernel 'blur' reads through texture or surface objects (3 fetches): they go through the texture path, are not global-memory accesses and are not analysed
  out[y * w + x] = s + tex1Dfetch<float>(tex, x);
}
// CHECK-NOT: warning
void launch(cudaTextureObject_t t, float *o) { blur<<<dim3(4, 64), 256>>>(t, o, 1024); }
