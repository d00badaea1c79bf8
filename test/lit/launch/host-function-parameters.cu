// Block shapes and kernel arguments passed through parameters of the
// launching host function take the value every call in the file passes,
// followed through several calls; callers that disagree each give a launch
// of their own.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
__global__ void strided(const float *a, float *o, int stride) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t * stride];
  // 32 lanes 8 bytes apart: 256 bytes in 8 sectors, 4 would do.
  // CHECK: host-function-parameters.cu:[[@LINE-2]]:10: warning: strided global load from 'a': 8 sectors/request where 4 would do (50% efficiency)
  // CHECK: block (128,1,1) from the launch at {{.*}}host-function-parameters.cu:[[@LINE+3]]:3
}
void run(const float *a, float *o, int threads, int stride) {
  strided<<<64, threads>>>(a, o, stride);
}
void outer(const float *a, float *o, int n) { run(a, o, n, 2); }

__global__ void shifted(float *o) { o[threadIdx.x + 1] = 0; }
// Called with 64 and with 128 threads: a launch of each.
// CHECK: host-function-parameters.cu:[[@LINE-2]]:37: warning: misaligned global store to 'o': 5 sectors/request where 4 would do (80% efficiency)
// CHECK: note: block (64,1,1) from the launch at {{.*}}host-function-parameters.cu:[[@LINE+3]]:3
// CHECK: note: the same access in 1 other kernel instance, launch or call: 'shifted' (block (128,1,1) from the launch at {{.*}}host-function-parameters.cu:[[@LINE+2]]:3): 5 sectors/request
void disagree(float *o, dim3 block) {
  shifted<<<1, block>>>(o);
}

int main() {
  float *a = 0, *o = 0;
  int n = 128;
  outer(a, o, n);
  run(a, o, 128, 2);
  disagree(o, dim3(64));
  disagree(o, dim3(128));
  return 0;
}
