// Pointer variables and arithmetic: a row pointer, then an offset walk.
// RUN: not %cc %s | %filecheck %s
__global__ void rows(const float *base, float *out, int pitch) {
  const float *row = base + blockIdx.x * pitch;
  const float *p = row + threadIdx.x * 2;
  p += 1;
  float v = *p;
  // CHECK: pointer-arithmetic.cu:[[@LINE-1]]:13: warning: strided global load from 'base': 8 sectors/request where 4 would do (50% efficiency)
  // CHECK: byte offset 4*blockIdx.x*pitch + 8*threadIdx.x + 4
  float *q = out + blockIdx.x * 256;
  q[threadIdx.x] = v;
}
void launch(const float *b, float *o) { rows<<<64, 256>>>(b, o, 1024); }
