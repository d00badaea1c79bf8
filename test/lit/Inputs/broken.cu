// Does not compile.
__global__ void broken(float *a) {
  a[threadIdx.x] = 0;
  undeclared_thing(a);
}
