// Not a translation unit of its own: relax-main.cu #includes it, with
// WIDTH (Rodinia's kernel.cu style).
__global__ void relax(float *cells) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  cells[x * WIDTH + y] *= 0.5f;
}
