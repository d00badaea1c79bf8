#include "swap-mapping-header.cuh"
void launch(float *m) { scale_in_header<<<dim3(64, 64), dim3(16, 16)>>>(m, 1024); }
