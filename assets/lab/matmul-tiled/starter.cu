// matmul-tiled: C = A B with A m x k, B k x n, C m x n, row-major, in 16 x 16 shared tiles.
#define TILE 16

__global__ void matmul_tiled(ws::Global<const float> A, ws::Global<const float> B,
                             ws::Global<float> C, int m, int k, int n) {
  WS_SHARED(float, As, TILE * TILE);
  WS_SHARED(float, Bs, TILE * TILE);
  // TODO: row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x.
  // For each phase: load one element of A's tile and one of B's into As and Bs (0 outside the
  // matrices), __syncthreads(), add up the TILE products of the row of As and the column of Bs,
  // __syncthreads(). Finally write C[row * n + col] if it is inside C.
}
