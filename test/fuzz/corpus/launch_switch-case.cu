// A launch under `case N:` of a switch on the block size has that size; one
// reached by falling through from another case does not.
void log(int);
__global__ void ka(float *a) { a[threadIdx.x + 1] = 0; }
__global__ void kb(float *a) { a[threadIdx.x + 1] = 0; }
// Reached with 64 or 32 threads.
void run(float *a, int threads) {
  dim3 block(threads, 1, 1);
  switch (threads) {
  case 256:
    break;
  case 128:
    ka<<<1, block>>>(a);
    break;
  case 64:
    log(threads);
  case 32:
    kb<<<1, block>>>(a);
    break;
  }
}
