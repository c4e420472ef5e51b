// reduce, a solution (PMPP 10.4-10.5): block b sums in[2 * b * blockDim.x ...] (2 * blockDim.x
// inputs): each thread adds two inputs while loading, then the convergent tree halves the stride
// from blockDim.x / 2 to 1, so the active threads stay the first `stride` ones. Thread 0 writes
// the block's sum to out[blockIdx.x].
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
    __syncthreads();
  }
  if (t == 0) {
    out[blockIdx.x] = partial[0];
  }
}
