// Lanes S words apart share a bank every 32 / gcd(S, 32) lanes. Measured on
// an H200 (38_shared_banks2 sh_stride<S>): S = 2: 2 wavefronts, S = 3: 1,
// S = 32: 32, S = 33: 1.
// RUN: not %cc --show-all %s | %filecheck %s
template <int S> __global__ void stride(float *out, const float *in) {
  __shared__ float s[256 * S];
  int t = threadIdx.x;
  s[t * S] = in[blockIdx.x * 256 + t];
  // CHECK: strided-words.cu:[[@LINE-1]]:3: warning: bank-conflict shared store to 's': 32 wavefronts/request {{.*}} (in kernel 'stride<32>')
  // CHECK: note: the same access in 3 other kernel instances, launches or calls: 'stride<2>' {{.*}}: 2 wavefronts/request; 'stride<3>' {{.*}}: 1 wavefronts/request; 'stride<33>' {{.*}}: 1 wavefronts/request{{$}}
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[t * S];
}
// CHECK: strided-words.cu:[[@LINE-2]]:31: warning: bank-conflict shared load from 's': 32 wavefronts/request where 1 would do (32-way bank conflict) [cuda-coalesce] (in kernel 'stride<32>')
// CHECK: note: the same access in 3 other kernel instances, launches or calls: 'stride<2>' {{.*}}: 2 wavefronts/request; 'stride<3>' {{.*}}: 1 wavefronts/request; 'stride<33>' {{.*}}: 1 wavefronts/request{{$}}
void launch(float *out, const float *in) {
  stride<2><<<1024, 256>>>(out, in);
  stride<3><<<1024, 256>>>(out, in);
  stride<32><<<1024, 256>>>(out, in);
  stride<33><<<1024, 256>>>(out, in);
}
