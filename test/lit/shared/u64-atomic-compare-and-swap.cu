// ATOMS has no 64-bit integer addition, minimum, maximum, and, or or xor:
// nvcc 13 makes them `LDS.64` and a loop of `ATOMS.CAST.SPIN.64`, as for a
// double (SASS of runtime-bench 47_shared_atomics, sm_90). A 64-bit exchange
// and compare-and-swap are one instruction (`ATOMS.EXCH.64`,
// `ATOMS.CAS.64`). The loop's load is issued again at each pass, with the
// lanes still trying.
// RUN: %cc --show-all %s | %filecheck %s
typedef unsigned long long u64;
__global__ void ops(u64 *out, const u64 *in) {
  __shared__ u64 s[256];
  int t = threadIdx.x;
  s[t] = 0;
  __syncthreads();
  u64 v = in[blockIdx.x * 256 + t];
  atomicAdd(&s[t], v);
  // CHECK-DAG: u64-atomic-compare-and-swap.cu:[[@LINE-1]]:14: remark: conflict-free shared atomic to 's': 2 to 4 wavefronts/request (ideal 4; a compare-and-swap loop: the least where one lane is left)
  // CHECK-DAG: u64-atomic-compare-and-swap.cu:[[@LINE-2]]:13: remark: conflict-free shared load from 's': 1 to 2 wavefronts/request (ideal 2; a compare-and-swap loop: the least where one lane is left)
  atomicMax(&s[t], v);
  // CHECK-DAG: u64-atomic-compare-and-swap.cu:[[@LINE-1]]:14: remark: conflict-free shared atomic to 's': 2 to 4 wavefronts/request (ideal 4; a compare-and-swap loop: the least where one lane is left)
  // CHECK-DAG: u64-atomic-compare-and-swap.cu:[[@LINE-2]]:13: remark: conflict-free shared load from 's': 1 to 2 wavefronts/request (ideal 2; a compare-and-swap loop: the least where one lane is left)
  atomicExch(&s[t], v);
  // CHECK-DAG: u64-atomic-compare-and-swap.cu:[[@LINE-1]]:15: remark: conflict-free shared atomic to 's': 2 wavefronts/request (ideal 2)
  // ATOMS.CAS.64 carries the compare and the new value: 4 measured on an
  // H100 (runtime-bench 47), twice the exchange's.
  atomicCAS(&s[t], v, v + 1);
  // CHECK-DAG: u64-atomic-compare-and-swap.cu:[[@LINE-1]]:14: remark: conflict-free shared atomic to 's': 4 wavefronts/request (ideal 4)
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[t];
}
void launch(u64 *o, const u64 *i) { ops<<<1024, 256>>>(o, i); }
