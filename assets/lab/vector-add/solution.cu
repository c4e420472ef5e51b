// vector-add, a solution (PMPP 2.5): one thread per element; the guard keeps the threads of the
// last block that fall past n from touching the arrays.
__global__ void vector_add(ws::Global<const float> a, ws::Global<const float> b,
                           ws::Global<float> c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i] = a[i] + b[i];
  }
}
