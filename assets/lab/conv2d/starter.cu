// conv2d: out[row * width + col] = sum over the 3 x 3 mask of
// mask[j * MASK_WIDTH + i] * in[(row + j - MASK_RADIUS) * width + (col + i - MASK_RADIUS)],
// where pixels outside the image count as 0.
#define MASK_RADIUS 1
#define MASK_WIDTH (2 * MASK_RADIUS + 1)

__global__ void conv2d(ws::Global<const float> in, ws::Global<const float> mask,
                       ws::Global<float> out, int width, int height) {
  // TODO: one thread per output pixel (col from x, row from y). Skip the threads outside the
  // image, sum the products of the mask with the neighbourhood, write the sum.
}
