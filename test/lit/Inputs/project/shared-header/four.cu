#include "gather.cuh"
void four(const float *x, float *y) { gather<4><<<1, 32>>>(x, y); }
void again(const float *x, float *y) { gather<2><<<1, 32>>>(x, y); }
