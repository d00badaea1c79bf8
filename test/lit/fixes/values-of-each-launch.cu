// A fix is derived from the access with the values known at its own launch:
// the stride 8 launch's lanes are 8 floats, 32 bytes, apart, and mapping
// consecutive threads to consecutive floats moves 128 bytes, 4 sectors, per
// request. The launch before it (stride 2) substitutes its own values into
// the same access and guards; what it substituted must not be reused here.
// RUN: not %cc %s | %filecheck %s
__global__ void strided(float *a, int s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i * s] = 0.0f;
  // CHECK: values-of-each-launch.cu:[[@LINE-1]]:5: warning: strided global store to 'a': 32 sectors/request
  // CHECK: note: fix (thread-mapping): consecutive lanes are 32 bytes apart: {{.*}}after the fix: 4 sectors/request
}

void launch(float *a) {
  strided<<<64, 256>>>(a, 2, 1000);
  strided<<<64, 256>>>(a, 8, 16000);
}
