// A hash of the thread index in 32-bit unsigned arithmetic wraps: the
// product keeps only its low 32 bits, and a right shift, a division or a
// remainder reads what the register holds, not the exact product. Counts
// are those of the wrapped values.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all --format=json %s | %filecheck %s
__global__ void top_bits(const float *table, float *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned h = t * 2654435761u;
  // h >> 28 is 0..15: the warp reads within the first 64 bytes of the
  // table, at most 2 sectors (brute force over the 512 warps: 2 in each).
  out[t] = table[h >> 28];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK:      "sectors_per_request": 2,
  // CHECK-NEXT: "sectors_min": 2,
  // CHECK-NEXT: "sectors_max": 2,
}

__global__ void mixed(const float *table, float *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned h = t * 2654435761u;
  h ^= h >> 13;
  // Brute force over the 512 warps (python: h = t * 2654435761 & 0xffffffff,
  // h ^= h >> 13, distinct (h % 1000) // 8 per warp): 24 to 32 sectors,
  // 28.3203 on average.
  out[t] = table[h % 1000];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK:      "sectors_per_request": 28.3203,
  // CHECK-NEXT: "sectors_min": 24,
  // CHECK-NEXT: "sectors_max": 32,
}

void launch(const float *table, float *out) {
  top_bits<<<64, 256>>>(table, out);
  mixed<<<64, 256>>>(table, out);
}
