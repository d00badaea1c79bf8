// Launches scale (scale.cu) through a macro of launch-macro.h.
#include "launch-macro.h"

__global__ void scale(float *v, int stride);

void run(float *v) { LAUNCH(scale, 128, 64, v, 4); }
