// A thread's own array holds what each lane stored: where lanes store at
// places of their own (`c[d & 3]++` on data read per lane) or only some
// lanes store (under a guard they take apart, `if (d > 2) continue;`), the
// lanes' copies differ, whatever the values stored. Taken for the same in
// every lane before: HeCBench bn (seventh batch, unseen, H100 2026-12-07)
// counts states per lane this way and reads `D_LG[Nij[t]]`: 3.94 and 5.82
// sectors measured, 1 given ("uniform").
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void placesOfTheirOwn(const int *data, const float *lg, float *out,
                                 int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int c[4];
  for (int s = 0; s < 4; ++s)
    c[s] = 0;
  for (int i = 0; i < n; ++i)
    c[data[i * 1024 + t] & 3]++;
  out[t] = lg[c[2]];
  // CHECK: local-array-stored-apart.cu:[[@LINE-1]]:12: warning: scattered global load from 'lg': 1 to 32 sectors/request where 4 would do (the addresses are data)
}

__global__ void onlySomeLanes(const int *data, const float *lg, float *out,
                              int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int c[4];
  for (int s = 0; s < 4; ++s)
    c[s] = 0;
  for (int i = 0; i < n; ++i) {
    if (data[i * 1024 + t] > 2)
      continue;
    for (int s = 0; s < 4; ++s)
      c[s]++;
  }
  out[t] = lg[c[1]];
  // CHECK: local-array-stored-apart.cu:[[@LINE-1]]:12: warning: scattered global load from 'lg': 1 to 32 sectors/request where 4 would do (the addresses are data)
}
void launch(const int *d, const float *lg, float *o, int n) {
  placesOfTheirOwn<<<4, 256>>>(d, lg, o, n);
  onlySomeLanes<<<4, 256>>>(d, lg, o, n);
}
