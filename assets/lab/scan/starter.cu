// scan: out[i] = in[start] + ... + in[i], start = the first element of i's block (blockDim.x =
// SECTION_SIZE elements per block): an inclusive scan of each block's section.
#define SECTION_SIZE 64

__global__ void scan_block(ws::Global<const float> in, ws::Global<float> out, int n) {
  WS_SHARED(float, xy, SECTION_SIZE);
  // TODO: load in[i] (0 past n) into xy[threadIdx.x]. Then for stride = 1, 2, 4, ...:
  // __syncthreads(), threads t >= stride compute xy[t] + xy[t - stride] into a register,
  // __syncthreads() again, and store it to xy[t]. Finally write xy[t] to out[i] if i < n.
}
