// Not a translation unit of its own: WIDTH comes from main.cu.
__global__ void relax(float *cells) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  cells[x * WIDTH + y] *= 0.5f;
}
