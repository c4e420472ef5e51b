#include "reduce_run.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <numeric>

#include "../common/error.h"
#if defined(WARPSCOPE_HAVE_CUDA)
#include "reduce_cuda.h"
#endif

namespace ws::reduce {

bool backend_built(Backend backend) {
#if defined(WARPSCOPE_HAVE_CUDA)
  (void)backend;
  return true;
#else
  return backend == Backend::Cpu;
#endif
}

TeachRun teach(Backend backend, const Params& p, const std::vector<double>& values) {
  if (backend == Backend::Cpu) return teach_cpu(p, values);
#if defined(WARPSCOPE_HAVE_CUDA)
  return teach_cuda(p, values);
#else
  throw Error("this warpscope was built without CUDA: use the CPU backend");
#endif
}

FastRun fast(Backend backend, const Params& p, const void* data, int64_t n, int repeats) {
  if (backend == Backend::Cpu) return fast_cpu(p, data, n, repeats);
#if defined(WARPSCOPE_HAVE_CUDA)
  return fast_cuda(p, data, n, repeats);
#else
  throw Error("this warpscope was built without CUDA: use the CPU backend");
#endif
}

namespace {

template <class F>
double median_ms(int repeats, F&& body) {
  std::vector<double> times;
  for (int r = 0; r < std::max(1, repeats); ++r) {
    const auto start = std::chrono::steady_clock::now();
    body();
    times.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

template <class T>
FastRun cpu_library(BinaryOp op, const T* data, int64_t n, int repeats) {
  FastRun run;
  run.n = n;
  T result{};
  run.median_ms = median_ms(repeats, [&] {
    result = std::accumulate(data, data + n, identity_of<T>(op),
                             [op](T a, T b) { return apply_op<T>(op, a, b); });
  });
  run.result = static_cast<double>(result);
  run.gbps = static_cast<double>(n) * sizeof(T) / (run.median_ms * 1e6);
  return run;
}

}  // namespace

FastRun fast_library(Backend backend, BinaryOp op, ValueType type, const void* data, int64_t n,
                     int repeats) {
  if (backend == Backend::Cpu) {
    return type == ValueType::Int32 ? cpu_library(op, static_cast<const int32_t*>(data), n, repeats)
                                    : cpu_library(op, static_cast<const float*>(data), n, repeats);
  }
#if defined(WARPSCOPE_HAVE_CUDA)
  return fast_cub(op, type, data, n, repeats);
#else
  throw Error("this warpscope was built without CUDA: use the CPU backend");
#endif
}

const char* library_name(Backend backend) {
  return backend == Backend::Cuda ? "CUB DeviceReduce" : "std::accumulate";
}

namespace {

double measure_copy_bandwidth(Backend backend, size_t requested = 0) {
  if (backend == Backend::Cpu) {
    const size_t bytes = requested > 0 ? requested : size_t{64} << 20;
    std::vector<char> a(bytes, 1), b(bytes, 0);
    const double ms = median_ms(5, [&] { std::memcpy(b.data(), a.data(), bytes); });
    return 2.0 * static_cast<double>(bytes) / (ms * 1e6);
  }
#if defined(WARPSCOPE_HAVE_CUDA)
  return measure_copy_bandwidth_gbps(requested);
#else
  throw Error("this warpscope was built without CUDA: use the CPU backend");
#endif
}

}  // namespace

double copy_bandwidth_gbps(Backend backend) {
  // Measured once per process and backend, then reused: every timing of a session is compared
  // with the same ceiling.
  static std::mutex mutex;
  static std::map<Backend, double> measured;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = measured.find(backend);
  if (it == measured.end()) it = measured.emplace(backend, measure_copy_bandwidth(backend)).first;
  return it->second;
}

double copy_bandwidth_gbps_at(Backend backend, int64_t bytes) {
  WS_REQUIRE(bytes >= (int64_t{16} << 20),
             "a copy-bandwidth measurement needs 16 MiB at least, got " + std::to_string(bytes));
  return measure_copy_bandwidth(backend, static_cast<size_t>(bytes));
}

}  // namespace ws::reduce
