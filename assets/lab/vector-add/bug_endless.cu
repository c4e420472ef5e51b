// vector-add, planted bug: a grid-stride loop whose stride was meant to be blockDim.x * gridDim.x
// (every thread of the grid) but multiplies by blockIdx.x: in block 0 the stride is 0, i never
// grows, and the loop never ends. The access budget stops it.
__global__ void vector_add(ws::Global<const float> a, ws::Global<const float> b,
                           ws::Global<float> c, int n) {
  int stride = blockDim.x * blockIdx.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    c[i] = a[i] + b[i];
  }
}
