// Outside loops a pointer steps by whole elements of its own type, in every
// spelling: `p += k`, `++p`, `p++`, `p = p + k`, `p -= k`, `k + p`, and
// through a cast to a wider element type. Each line checks the byte offset
// and the sectors of 32 lanes reading one contiguous run from it.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void steps(const float *a, const double *d, float *out) {
  const int tx = threadIdx.x;
  const float *p = a;
  p += 8;
  float s = p[tx];
  // CHECK: pointer-bump-straight-line.cu:[[@LINE-1]]:13: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: byte offset 4*threadIdx.x + 32
  ++p;
  s += p[tx];
  // CHECK: pointer-bump-straight-line.cu:[[@LINE-1]]:8: warning: misaligned global load from 'a': 5 sectors/request where 4 would do
  // CHECK: byte offset 4*threadIdx.x + 36
  p++;
  s += p[tx];
  // CHECK: pointer-bump-straight-line.cu:[[@LINE-1]]:8: warning: misaligned global load from 'a': 5 sectors/request where 4 would do
  // CHECK: byte offset 4*threadIdx.x + 40
  p = p + 6;
  s += p[tx];
  // CHECK: pointer-bump-straight-line.cu:[[@LINE-1]]:8: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: byte offset 4*threadIdx.x + 64
  p -= 16;
  s += p[tx];
  // CHECK: pointer-bump-straight-line.cu:[[@LINE-1]]:8: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: byte offset 4*threadIdx.x{{$}}
  // Two float4s are 32 bytes; lanes 16 bytes apart cover 16 sectors.
  const float4 *v = reinterpret_cast<const float4 *>(a) + 1;
  v += 1;
  s += v[tx].x;
  // CHECK: pointer-bump-straight-line.cu:[[@LINE-1]]:8: warning: strided global load from 'a': 16 sectors/request where 4 would do
  // CHECK: byte offset 16*threadIdx.x + 32
  const double *e = d;
  e = 4 + e;
  s += e[tx];
  // CHECK: pointer-bump-straight-line.cu:[[@LINE-1]]:8: remark: coalesced global load from 'd': 8 sectors/request (ideal 8)
  // CHECK: byte offset 8*threadIdx.x + 32
  out[tx] = s;
  // CHECK: pointer-bump-straight-line.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out'
}
void launch(const float *a, const double *d, float *o) {
  steps<<<1, 32>>>(a, d, o);
}
