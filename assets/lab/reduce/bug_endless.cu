// reduce, planted bug: the tree's loop never halves its stride, so it never ends (threads
// t < 32 keep adding partial[t + 32] into partial[t]). The access budget stops it.
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
  int stride = BLOCK_DIM / 2;
  while (stride >= 1) {
    if (t < stride) {
      partial[t] += partial[t + stride];
    }
    __syncthreads();
  }
  if (t == 0) {
    out[blockIdx.x] = partial[0];
  }
}
