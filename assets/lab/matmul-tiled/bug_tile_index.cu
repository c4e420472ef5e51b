// matmul-tiled, planted bug: B's tile row uses threadIdx.x instead of threadIdx.y, so Bs holds
// B[phase * TILE + tx][col] in every row and C comes out wrong.
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
    int b_row = phase * TILE + tx;
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
