// scan, a solution (PMPP 11.2, Kogge-Stone): thread t of a block ends with the sum of the block's
// elements 0..t. At stride s every thread t >= s adds xy[t - s] to xy[t]; the barrier pair keeps a
// thread from overwriting xy[t] before the thread t + s has read it.
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
    __syncthreads();
    if (t >= stride) xy[t] = sum;
  }
  if (i < n) out[i] = xy[t];
}
