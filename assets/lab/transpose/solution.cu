// transpose, a solution: in is height rows x width columns, out is width rows x height columns.
// A block reads a 16 x 16 tile of in with coalesced rows into shared memory, waits, and writes it
// to out, again by rows, reading the tile by columns. The tile is 17 floats wide: a column's 16
// elements then fall in 16 different banks instead of one.
#define TILE 16

__global__ void transpose(ws::Global<const float> in, ws::Global<float> out, int width,
                          int height) {
  WS_SHARED(float, tile, TILE * (TILE + 1));
  int x = blockIdx.x * TILE + threadIdx.x;  // column of in
  int y = blockIdx.y * TILE + threadIdx.y;  // row of in
  if (x < width && y < height) {
    tile[threadIdx.y * (TILE + 1) + threadIdx.x] = in[y * width + x];
  }
  __syncthreads();
  int out_col = blockIdx.y * TILE + threadIdx.x;  // a row of in
  int out_row = blockIdx.x * TILE + threadIdx.y;  // a column of in
  if (out_col < height && out_row < width) {
    out[out_row * height + out_col] = tile[threadIdx.x * (TILE + 1) + threadIdx.y];
  }
}
