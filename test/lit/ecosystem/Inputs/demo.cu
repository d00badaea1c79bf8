// An example, not built: kN and the include path come from a neighbour.
#include "fluid.cuh"
__global__ void demo(float *a) {
  a[(blockIdx.x * blockDim.x + threadIdx.x) * kN] = 1.0f;
}
void go(float *a) { demo<<<4, 128>>>(a); }
