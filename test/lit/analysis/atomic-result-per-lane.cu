// What an atomic returns differs from lane to lane even where every lane
// updates one address: `atomicAdd(tail, 1)` hands each lane a slot of its
// own: with one address and one increment in the warp, the slots are
// consecutive (the order of the lanes among them does not change the sectors
// they touch). The first slot is data: its alignment, so the count, is a
// range, and the lanes' shape is not a finding.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void enqueue(int *tail, int *queue, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int slot = atomicAdd(tail, 1);
  // CHECK: atomic-result-per-lane.cu:[[@LINE-1]]:24: remark: uniform global atomic to 'tail': 1 sectors/request
  queue[slot] = in[i];
  // CHECK: atomic-result-per-lane.cu:[[@LINE-1]]:17: remark: coalesced global load from 'in': 4 sectors/request
  // CHECK: atomic-result-per-lane.cu:[[@LINE-2]]:3: remark: coalesced global store to 'queue': 4 to 5 sectors/request (ideal 4; the addresses are data)
}

void launch(int *tail, int *queue, const int *in) {
  enqueue<<<64, 256>>>(tail, queue, in);
}
