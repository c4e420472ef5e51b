// scan, planted bug: the second barrier of the pair is missing, so at stride 1 thread 1 writes
// xy[1] in the same barrier phase in which thread 2 reads it: a race.
#define SECTION_SIZE 64

__global__ void scan_block(ws::Global<const float> in, ws::Global<float> out, int n) {
  WS_SHARED(float, xy, SECTION_SIZE);
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  float x = 0.0f;
  if (i < n) x = in[i];
  xy[t] = x;
  for (int stride = 1; stride < SECTION_SIZE; stride *= 2) {
    __syncthreads();
    float sum = 0.0f;
    if (t >= stride) sum = xy[t] + xy[t - stride];
    if (t >= stride) xy[t] = sum;
  }
  if (i < n) out[i] = xy[t];
}
