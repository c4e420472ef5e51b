// reduce, planted bug: no barrier between the tree's levels. Thread 0 reads partial[1] at the
// last level in the same barrier phase in which thread 1 writes it: a race.
#define BLOCK_DIM 64

__global__ void reduce_sum(ws::Global<const float> in, ws::Global<float> out, int n) {
  WS_SHARED(float, partial, BLOCK_DIM);
  int t = threadIdx.x;
  int i = blockIdx.x * 2 * blockDim.x + t;
  float sum = 0.0f;
  if (i < n) sum = in[i];
  if (i + BLOCK_DIM < n) sum += in[i + BLOCK_DIM];
  partial[t] = sum;
  __syncthreads();
  for (int stride = BLOCK_DIM / 2; stride >= 1; stride /= 2) {
    if (t < stride) {
      partial[t] += partial[t + stride];
    }
  }
  if (t == 0) {
    out[blockIdx.x] = partial[0];
  }
}
