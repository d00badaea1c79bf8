// A kernel template of a project header, launched only from the file that
// includes it.
#pragma once

template <int S> __global__ void strided(float *a) {
  a[S * threadIdx.x] = 0;
}
