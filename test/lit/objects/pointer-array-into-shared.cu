// A thread's own array of pointers into a __shared__ array, filled at
// places the walk does not keep (a loop's trips, data-dependent elements):
// a pointer read back from it points into that shared array, at an offset
// the data decides. CUB's BlockRadixRank keeps `DigitCounter
// *digit_counters[ITEM]` into its TempStorage this way (BlockRadixSort,
// BlockHistogram). Before, such a pointer was an object of its own, in
// global memory: `*counters[i]` was a "scattered global" load and store
// with no array named, at the user's call.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void rank(const int *keys, int *out) {
  __shared__ int counts[4][128];
  int t = threadIdx.x;
  for (int d = 0; d < 4; ++d)
    counts[d][t] = 0;
  __syncthreads();
  int *counter[4];
  for (int i = 0; i < 4; ++i)
    counter[i] = &counts[keys[blockIdx.x * 512 + 4 * t + i] & 3][t];
  // CHECK: pointer-array-into-shared.cu:[[@LINE-1]]:26: warning: strided global load from 'keys': 16 sectors/request where 4 would do
  for (int i = 0; i < 4; ++i)
    *counter[i] += 1;
  // The lanes' counters are in rows the keys choose, at offsets the walk
  // does not keep: 1 to 32 wavefronts (each lane's own column would give 1;
  // the range holds, and says the data decide).
  // CHECK: pointer-array-into-shared.cu:[[@LINE-4]]:5: remark: shared load from 'counts' depends on values not known here: 1 to 32 wavefronts/request
  // CHECK: pointer-array-into-shared.cu:[[@LINE-5]]:5: remark: shared store to 'counts' depends on values not known here: 1 to 32 wavefronts/request
  // CHECK-NOT: global load:
  // CHECK-NOT: global store:
  __syncthreads();
  out[blockIdx.x * 128 + t] = counts[0][t];
}
void launch(const int *k, int *o) { rank<<<8, 128>>>(k, o); }
