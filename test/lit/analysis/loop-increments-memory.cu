// `++key[0]` at the top of a loop body increments memory, not a variable:
// it is an access (local memory here), never an induction step. This once
// crashed the analyzer (SHOC's MD5Hash).
// RUN: %cc --show-all %s | %filecheck %s
__global__ void keys(int *found, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned char key[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int j = 0; j < n; ++j) {
    if (key[0] == 255)
      found[t] = j;
    ++key[0];
  }
  // CHECK: loop-increments-memory.cu:[[@LINE-3]]:7: remark: coalesced global store to 'found'
}
void launch(int *f) { keys<<<4, 256>>>(f, 16); }
