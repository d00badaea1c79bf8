// A block size passed through a helper with a loop (llm.c's
// largestPowerOfTwoLessOrEqual) is computed, for each size the program
// tries: 48 -> 32, 100 -> 64. With blockDim.x / 32 floats between lanes:
// 1 float (4 sectors), 2 floats (8 sectors).
// RUN: not %cc %s | %filecheck %s
int largestPowerOfTwoLessOrEqual(int n) {
  if (n < 1)
    return 0;
  while ((n & (n - 1)) > 0)
    n = n & (n - 1);
  return n;
}
__global__ void k(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i * (blockDim.x / 32)] = in[i];
  // CHECK: host-helper-with-loop.cu:[[@LINE-1]]:3: warning: strided global store to 'out': 8 sectors/request where 4 would do
  // CHECK: note: block (64,1,1) from the launch at {{.*}}host-helper-with-loop.cu:[[@LINE+4]]:3
}
void launch(float *o, const float *a, int block_size) {
  block_size = largestPowerOfTwoLessOrEqual(block_size);
  k<<<64, block_size>>>(o, a);
}
int main() {
  float *o, *a;
  int sizes[] = {48, 100};
  for (int j = 0; j < 2; ++j)
    launch(o, a, sizes[j]);
}
