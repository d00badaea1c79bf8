// Pointer variables and arithmetic: a row pointer, then an offset walk.
__global__ void rows(const float *base, float *out, int pitch) {
  const float *row = base + blockIdx.x * pitch;
  const float *p = row + threadIdx.x * 2;
  p += 1;
  float v = *p;
  float *q = out + blockIdx.x * 256;
  q[threadIdx.x] = v;
}
void launch(const float *b, float *o) { rows<<<64, 256>>>(b, o, 1024); }
