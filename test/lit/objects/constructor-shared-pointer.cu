// faiss's BlockSelect is handed its shared-memory queues in its constructor
// and keeps them in pointer fields (sharedK, warpK); its methods access
// shared memory through them. The constructor runs where the object is
// declared, and what only it writes keeps its value: the stores are to
// 'smemK' in shared memory, not to an unknown global pointer.
// RUN: not %cc --show-all %s | %filecheck %s
template <typename K, int NumWarpQ, int Threads> struct BlockSelect {
  static constexpr int kNumWarps = Threads / 32;
  __device__ BlockSelect(K initKVal, K *smemK, int k)
      : initK(initKVal), sharedK(smemK), kMinus1(k - 1) {
    int laneId = threadIdx.x % 32;
    int warpId = threadIdx.x / 32;
    warpK = sharedK + warpId * NumWarpQ;
    for (int i = laneId; i < NumWarpQ; i += 32)
      warpK[i] = initK;
    // CHECK: constructor-shared-pointer.cu:[[@LINE-1]]:7: remark: conflict-free shared store to 'smemK': 1 wavefronts/request (ideal 1) [cuda-coalesce] (in kernel 'selectMin')
    // CHECK: note: index (threadIdx.x % 32) + 32*iter(i) (4-byte elements); byte offset 4*(threadIdx.x % 32) + 128*(threadIdx.x / 32) + 128*iter(i)
    // CHECK: note: reached through the call at {{.*}}constructor-shared-pointer.cu:[[@LINE+19]]:31
  }
  // Lanes 0..3 store 128 bytes apart: one bank, four wavefronts in the warp
  // that runs it (one where nvcc predicates it and the block's four warps
  // issue it).
  __device__ void reduce() {
    if (threadIdx.x < kNumWarps)
      sharedK[threadIdx.x * NumWarpQ] = warpK[0];
    // CHECK: constructor-shared-pointer.cu:[[@LINE-1]]:41: remark: broadcast shared load from 'smemK'
    // CHECK: constructor-shared-pointer.cu:[[@LINE-2]]:7: warning: bank-conflict shared store to 'smemK': 1 to 4 wavefronts/request
  }
  const K initK;
  K *sharedK;
  K *warpK;
  int kMinus1;
};

__global__ void selectMin(float *out, int k) {
  __shared__ float smemK[4 * 32];
  BlockSelect<float, 32, 128> heap(1e30f, smemK, k);
  heap.reduce();
  out[blockIdx.x * 32 + threadIdx.x % 32] = heap.sharedK[threadIdx.x % 32];
  // CHECK: constructor-shared-pointer.cu:[[@LINE-1]]:45: remark: conflict-free shared load from 'smemK'
}
void launch(float *out) { selectMin<<<64, 128>>>(out, 32); }
