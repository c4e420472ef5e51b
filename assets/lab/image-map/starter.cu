// image-map: grey[pixel] = 0.21 r + 0.72 g + 0.07 b (truncated to a byte), one thread per pixel.
__global__ void rgb_to_grey(ws::Global<const unsigned char> rgb, ws::Global<unsigned char> grey,
                            int width, int height) {
  // TODO: compute this thread's column (x) and row (y) from the 2D block and thread indices;
  // if the pixel is inside the image, read its three bytes and write its grey value.
}
