// A loop whose body also accumulates (acc += ...) is named after its own
// counter, dx, in every run: the name once came from pointer order.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s 2>&1 | %filecheck %s
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s 2>&1 | %filecheck %s
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s 2>&1 | %filecheck %s
__global__ void conv(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int dx = 0; dx < 3; ++dx, acc += 1.0f)
    acc += in[x + dx];
  // CHECK: :[[@LINE-1]]:12: warning: misaligned global load from 'in'
  // CHECK: note: index blockIdx.x*blockDim.x + iter(dx) + threadIdx.x
  out[x] = acc;
}
void go(const float *in, float *out) { conv<<<64, 256>>>(in, out); }
