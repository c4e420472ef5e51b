// histogram, a solution (PMPP 9.4-9.5): every block counts its values into a private histogram in
// shared memory (atomics on shared memory are cheap and contend only inside the block), then adds
// each non-zero private bin to the global bins with one atomic.
#define NUM_BINS 64

__global__ void histogram(ws::Global<const unsigned char> data, ws::Global<unsigned> bins, int n) {
  WS_SHARED(unsigned, local_bins, NUM_BINS);
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
    local_bins[b] = 0u;
  }
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned char value = data[i];
    ws::atomic_add(local_bins, value / 4, 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
    unsigned count = local_bins[b];
    if (count > 0) ws::atomic_add(bins, b, count);
  }
}
