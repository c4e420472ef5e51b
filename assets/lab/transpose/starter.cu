// transpose: out[c * height + r] = in[r * width + c] (in: height x width, out: width x height),
// through a shared tile so that both the reads and the writes of global memory go by rows.
#define TILE 16

__global__ void transpose(ws::Global<const float> in, ws::Global<float> out, int width,
                          int height) {
  WS_SHARED(float, tile, TILE * (TILE + 1));
  // TODO: load in's tile (blockIdx.y, blockIdx.x) into `tile` (row threadIdx.y, column
  // threadIdx.x, rows TILE + 1 wide), __syncthreads(), then write out's tile (blockIdx.x,
  // blockIdx.y) by rows, reading `tile` by columns. Guard both against the matrix edges.
}
