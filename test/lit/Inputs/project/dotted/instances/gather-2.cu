// As ggml's template-instances/*.cu include their header.
#include "../gather.cuh"
void launch(const float *x, float *y) { gather<2><<<1, 32>>>(x, y); }
