// An element read through an unsigned index and again through an int one is
// loaded twice: the int index is sign-extended, the unsigned one
// zero-extended, and GVN cannot prove the two addresses equal (HeCBench
// ace: IMAD.WIDE beside IMAD.WIDE.U32, two LDG.E.64 of one element; nvcc
// 13's SASS of the first two kernels, runtime-bench 52 on an H100: two LDG
// in the first, one in the second). A constant index is folded whatever its
// type.
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not=remark:
__device__ float at(const float *p, int x) { return p[x]; }
// CHECK-DAG: reload-through-int-and-unsigned.cu:[[@LINE-1]]:53: remark: coalesced global load from 'a': 4 sectors/request (ideal 4) [cuda-coalesce] (in kernel 'unsigned_then_int')

__global__ void unsigned_then_int(const float *a, float *o) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = a[i] + at(a, i);
  // CHECK-DAG: reload-through-int-and-unsigned.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a'
  // CHECK: reload-through-int-and-unsigned.cu:[[@LINE-2]]:3: remark: coalesced global store to 'o'
}

__global__ void int_both_times(const float *a, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = a[i] + at(a, i);
  // CHECK: reload-through-int-and-unsigned.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a'
  // CHECK: reload-through-int-and-unsigned.cu:[[@LINE-2]]:3: remark: coalesced global store to 'o'
}

__global__ void int_then_size_t(const float *a, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  size_t k = i;
  o[i] = a[i] + a[k];
  // CHECK: reload-through-int-and-unsigned.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a'
  // CHECK: reload-through-int-and-unsigned.cu:[[@LINE-2]]:3: remark: coalesced global store to 'o'
}

void launch(const float *a, float *o) {
  unsigned_then_int<<<64, 256>>>(a, o);
  int_both_times<<<64, 256>>>(a, o);
  int_then_size_t<<<64, 256>>>(a, o);
}
