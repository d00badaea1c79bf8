__device__ void put(float *a, int i, float v) { a[i * 2] = v; }
