// reduce: out[b] = the sum of block b's 2 * blockDim.x inputs in[2 * b * blockDim.x ...]
// (inputs past n count as 0).
#define BLOCK_DIM 64

__global__ void reduce_sum(ws::Global<const float> in, ws::Global<float> out, int n) {
  WS_SHARED(float, partial, BLOCK_DIM);
  // TODO: each thread t loads and adds its two inputs i = blockIdx.x * 2 * blockDim.x + t and
  // i + blockDim.x (guard both against n) into partial[t]; __syncthreads(); then for stride =
  // blockDim.x / 2, ..., 1: threads t < stride add partial[t + stride] into partial[t], and all
  // threads __syncthreads(). Thread 0 writes partial[0] to out[blockIdx.x].
}
