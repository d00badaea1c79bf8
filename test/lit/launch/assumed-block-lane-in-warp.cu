// A block shape only known at run time is assumed from the dimensions the
// kernel indexes by. A lane's place in its warp (an atomic's slot, %laneid)
// is the linear thread index modulo 32, which reads threadIdx.y and .z of
// any block: it does not make a kernel that indexes by x alone 3-D.
// RUN: %cc --show-all %s 2>&1 | %filecheck %s
__global__ void slots(int *tail, float *q, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  q[atomicAdd(tail, 1)] = in[i];
}
// CHECK: note: assumed block (256,1,1)
// CHECK-NOT: assumed block (32,4,2)
void launch(int *t, float *q, const float *in, int threads) {
  slots<<<64, threads>>>(t, q, in);
}
