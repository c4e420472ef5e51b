// matmul-tiled, a solution (PMPP 5.4): C = A B with A m x k, B k x n, C m x n, all row-major.
// Each 16 x 16 block computes one 16 x 16 tile of C; per phase every thread loads one element of
// A's tile and one of B's into shared memory (0 past the edges), the block waits, then each thread
// accumulates its row of As times its column of Bs, and the block waits again before the next
// phase overwrites the tiles.
#define TILE 16

__global__ void matmul_tiled(ws::Global<const float> A, ws::Global<const float> B,
                             ws::Global<float> C, int m, int k, int n) {
  WS_SHARED(float, As, TILE * TILE);
  WS_SHARED(float, Bs, TILE * TILE);
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int phase = 0; phase < (k + TILE - 1) / TILE; ++phase) {
    int a_col = phase * TILE + tx;
    int b_row = phase * TILE + ty;
    float a = 0.0f;
    float b = 0.0f;
    if (row < m && a_col < k) a = A[row * k + a_col];
    if (b_row < k && col < n) b = B[b_row * n + col];
    As[ty * TILE + tx] = a;
    Bs[ty * TILE + tx] = b;
    __syncthreads();
    for (int j = 0; j < TILE; ++j) {
      sum += As[ty * TILE + j] * Bs[j * TILE + tx];
    }
    __syncthreads();
  }
  if (row < m && col < n) {
    C[row * n + col] = sum;
  }
}
