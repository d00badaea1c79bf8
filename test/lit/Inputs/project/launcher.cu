// Launches a kernel defined in scale.cu.
__global__ void scale(float *v, int stride);

void run(float *v) {
  dim3 block(64);
  scale<<<128, block>>>(v, 4);
}
