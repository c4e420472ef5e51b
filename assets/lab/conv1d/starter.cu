// conv1d: out[i] = sum over j = 0 .. 2 * MASK_RADIUS of mask[j] * in[i + j - MASK_RADIUS],
// where elements outside 0 .. n-1 count as 0.
#define MASK_RADIUS 2

__global__ void conv1d(ws::Global<const float> in, ws::Global<const float> mask,
                       ws::Global<float> out, int n) {
  // TODO: one thread per output element i. Sum the 2 * MASK_RADIUS + 1 products, skipping the
  // neighbours that fall outside the array, and write the sum to out[i].
}
