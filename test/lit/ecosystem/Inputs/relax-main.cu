// Includes its kernels, as Rodinia-style projects do.
#define WIDTH 1024
#include "relax.cu"

void step(float *cells) {
  dim3 block(32, 8);
  dim3 grid(WIDTH / 32, WIDTH / 8);
  relax<<<grid, block>>>(cells);
}
