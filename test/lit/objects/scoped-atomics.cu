// nvcc's scoped atomics (CUDA 12.8), built into its front end and declared by
// no header: the compat header declares them, so the file compiles, and each
// is the access its pointer argument names (HeCBench michalewicz's float
// atomicMin reads with __nv_atomic_load_n).
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void scoped(unsigned *p, unsigned *c, unsigned *f) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = __nv_atomic_load_n(&p[t], __NV_ATOMIC_RELAXED);
  // CHECK: scoped-atomics.cu:[[@LINE-1]]:36: remark: coalesced global load from 'p': 4 sectors/request (ideal 4)
  __nv_atomic_fetch_add(&c[t * 32], 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  // CHECK: scoped-atomics.cu:[[@LINE-1]]:26: warning: strided global atomic to 'c': 32 sectors/request where 4 would do (12.5% efficiency)
  __nv_atomic_store_n(&f[t], v + 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_BLOCK);
  // CHECK: scoped-atomics.cu:[[@LINE-1]]:24: remark: coalesced global store to 'f': 4 sectors/request (ideal 4)
  unsigned expected = 0;
  __nv_atomic_compare_exchange_n(&c[0], &expected, v, false, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_RELAXED);
  // CHECK: scoped-atomics.cu:[[@LINE-1]]:35: remark: uniform global atomic to 'c': 1 sectors/request, every active lane accesses the same address
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
}
void launch(unsigned *p, unsigned *c, unsigned *f) { scoped<<<64, 256>>>(p, c, f); }
