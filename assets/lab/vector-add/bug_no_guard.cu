// vector-add, planted bug: no bounds guard. At a size that is not a multiple of the block
// (1000 elements, 16 blocks of 64) threads 1000..1023 read a[i] and b[i] past the end.
__global__ void vector_add(ws::Global<const float> a, ws::Global<const float> b,
                           ws::Global<float> c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i];
}
