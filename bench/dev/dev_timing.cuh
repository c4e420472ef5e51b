// What the tuning programs in bench/dev share (not part of the build): CK, a CUDA call that fails
// names itself and ends the process; Dev, a device buffer; median_ms, three warm-up runs, then the
// median of `reps` runs each timed between two events (`after_each` runs after every finished
// run: the compaction sweep's watchdog beats there).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#ifndef CK
#define CK(x)                                                                              \
  do {                                                                                     \
    cudaError_t e_ = (x);                                                                  \
    if (e_ != cudaSuccess) {                                                               \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)
#endif

namespace ws::dev {

template <class F, class After>
double median_ms(F&& f, int reps, After&& after_each) {
  for (int i = 0; i < 3; ++i) f();
  CK(cudaDeviceSynchronize());
  after_each();
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    CK(cudaEventRecord(a));
    f();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    after_each();
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CK(cudaGetLastError());
  std::sort(t.begin(), t.end());
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  return t[t.size() / 2];
}
template <class F>
double median_ms(F&& f, int reps) {
  return median_ms(f, reps, [] {});
}

struct Dev {
  void* p = nullptr;
  explicit Dev(size_t bytes) { CK(cudaMalloc(&p, std::max<size_t>(bytes, 16))); }
  ~Dev() { cudaFree(p); }
  Dev(const Dev&) = delete;
  Dev& operator=(const Dev&) = delete;
  template <class T>
  T* as() const {
    return static_cast<T*>(p);
  }
};

}  // namespace ws::dev
