// conv2d, a solution (PMPP 7.2): out[row][col] = sum of mask[j][i] * in[row + j - R][col + i - R]
// over the (2R + 1)^2 mask, row-major; pixels outside the image are ghost cells worth 0.
#define MASK_RADIUS 1
#define MASK_WIDTH (2 * MASK_RADIUS + 1)

__global__ void conv2d(ws::Global<const float> in, ws::Global<const float> mask,
                       ws::Global<float> out, int width, int height) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (col >= width || row >= height) return;
  float sum = 0.0f;
  for (int j = 0; j < MASK_WIDTH; ++j) {
    for (int i = 0; i < MASK_WIDTH; ++i) {
      int r = row + j - MASK_RADIUS;
      int c = col + i - MASK_RADIUS;
      if (r >= 0 && r < height && c >= 0 && c < width) {
        sum += mask[j * MASK_WIDTH + i] * in[r * width + c];
      }
    }
  }
  out[row * width + col] = sum;
}
