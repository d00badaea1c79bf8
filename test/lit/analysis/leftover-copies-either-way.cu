// nvcc unrolls a loop whose trip count differs between lanes by 4 and runs
// each lane's leftover trips (its trip count modulo 4) first, as up to three
// copies of the body. ptxas may if-convert the copies of a short body: a
// warp then issues all three once a lane runs the first, the lanes with
// fewer leftover trips off. HeCBench match on an H100 (ncu 2026-12-07):
// `for (d = tx; d < 32; d += 16)` with tx < 16 has two trips in every lane,
// and the third copy (`@P0 LDG.E.128`, `@P0 STS.128`) ran with no lane on:
// (16 + 16 + 0) / 3 = 10.67 sectors and 2.67 wavefronts a request, where
// the copies that move data take 16 and 4. Whether ptxas predicates the
// copies or branches around each, the source does not tell: the count is
// the range between the two.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void two_trips(const float4 *pts, float4 *out) {
  __shared__ float4 buf[16 * 32];
  int tx = threadIdx.x, ty = threadIdx.y;
  // A row of 32 float4 per ty, two rows a warp: 1024 bytes, 16 sectors.
  for (int d = tx; d < 32; d += 16)
    buf[ty * 32 + d] = pts[(blockIdx.x * 16 + ty) * 32 + d];
  // CHECK: leftover-copies-either-way.cu:[[@LINE-1]]:24: remark: coalesced global load from 'pts': 10.67 to 16 sectors/request (ideal 16; the least where nvcc predicates it and every warp issues it)
  // CHECK: leftover-copies-either-way.cu:[[@LINE-2]]:5: remark: conflict-free shared store to 'buf': 2.667 to 4 wavefronts/request (ideal 4; the least where nvcc predicates it and every warp issues it)
  __syncthreads();
  out[(blockIdx.x * 16 + ty) * 16 + tx] = buf[ty * 32 + tx];
}

// Lanes whose leftover trips cover 0 to 3 in every warp run each copy with
// some lane on: predicated or not, no copy is issued empty, and the count
// stays one number.
__global__ void every_copy_used(const float *c, float *out) {
  int i = threadIdx.x;
  float s = 0.0f;
  for (int j = i; j < 64; j++)
    s += c[j * 64 + i];
  // CHECK: leftover-copies-either-way.cu:[[@LINE-1]]:10: warning: strided global load from 'c': {{[0-9.]+}} sectors/request where
  out[i] = s;
}

// A longer body keeps PTX's branches around the copies: as before, a copy
// no lane runs is not issued.
__global__ void long_body(const float4 *pts, float4 *out) {
  __shared__ float4 buf[16 * 32];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int d = tx; d < 32; d += 16) {
    float4 v = pts[(blockIdx.x * 16 + ty) * 32 + d];
    v.x = v.x * v.y + v.z * v.w;
    v.y = v.x * v.x - v.w;
    buf[ty * 32 + d] = v;
  }
  // CHECK: leftover-copies-either-way.cu:[[@LINE-5]]:16: remark: coalesced global load from 'pts': 16 sectors/request (ideal 16)
  __syncthreads();
  out[(blockIdx.x * 16 + ty) * 16 + tx] = buf[ty * 32 + tx];
}

void launch(const float4 *p, const float *c, float4 *o4, float *o) {
  two_trips<<<64, dim3(16, 16)>>>(p, o4);
  every_copy_used<<<1, 32>>>(c, o);
  long_body<<<64, dim3(16, 16)>>>(p, o4);
}
