// vector-add: c[i] = a[i] + b[i] for every i < n, one thread per element.
__global__ void vector_add(ws::Global<const float> a, ws::Global<const float> b,
                           ws::Global<float> c, int n) {
  // TODO: compute this thread's global index i from blockIdx.x, blockDim.x and threadIdx.x,
  // then, if i is inside the arrays, write c[i] = a[i] + b[i].
}
