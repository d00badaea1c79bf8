// A size that decides whether lanes are contiguous or spread gives no one
// pattern: unknown, with the range over the values tried, and not flagged.
__global__ void k(float *d, int w) {
  d[threadIdx.x * w / 32] = 1.0f;
}
void launch(float *d, int w) { k<<<64, 32>>>(d, w); }
