// image-map, a solution (PMPP 3.2): one thread per pixel on a 2D grid; pixel (row, col) has its
// red, green and blue bytes at 3 * (row * width + col) + 0, 1, 2.
__global__ void rgb_to_grey(ws::Global<const unsigned char> rgb, ws::Global<unsigned char> grey,
                            int width, int height) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (col < width && row < height) {
    int pixel = row * width + col;
    float r = rgb[3 * pixel];
    float g = rgb[3 * pixel + 1];
    float b = rgb[3 * pixel + 2];
    grey[pixel] = (unsigned char)(0.21f * r + 0.72f * g + 0.07f * b);
  }
}
