// Registers and local memory only.

__global__ void only_local(int n) {
  float buf[4];
  for (int k = 0; k < 4; ++k)
    buf[k] = threadIdx.x * k;
  if (buf[n & 3] < 0)
    asm volatile("trap;");
}
