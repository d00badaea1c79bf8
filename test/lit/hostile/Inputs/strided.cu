__global__ void strided(float *a) { a[threadIdx.x * 2] = 1.0f; }
