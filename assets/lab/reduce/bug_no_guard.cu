// reduce, planted bug: the second input is not guarded (the `i + blockDim.x < n` test is
// missing). With n = 357 (3 blocks of 128 inputs) thread 37 of block 2 is the first to read past
// the end: i = 2 * 128 + 37 = 293, and in[293 + 64] = in[357].
#define BLOCK_DIM 64

__global__ void reduce_sum(ws::Global<const float> in, ws::Global<float> out, int n) {
  WS_SHARED(float, partial, BLOCK_DIM);
  int t = threadIdx.x;
  int i = blockIdx.x * 2 * blockDim.x + t;
  float sum = 0.0f;
  if (i < n) sum = in[i] + in[i + BLOCK_DIM];
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
