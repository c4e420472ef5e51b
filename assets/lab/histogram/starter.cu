// histogram: bins[v / 4] counts the values v of data (64 bins of 4 grey levels each).
#define NUM_BINS 64

__global__ void histogram(ws::Global<const unsigned char> data, ws::Global<unsigned> bins, int n) {
  // TODO: one thread per value. The simple version: ws::atomic_add(bins, data[i] / 4, 1u) for
  // i < n. Then make it faster: count into a shared histogram first,
  //   WS_SHARED(unsigned, local_bins, NUM_BINS);
  // (zero it, __syncthreads(), count, __syncthreads()) and add it to bins once per block.
}
