// The reduction's backend dispatch and its CPU library baseline (std::accumulate).
#include "reduce_run.h"

#include <numeric>

#include "../common/error.h"
#include "../common/timing.h"
#include "segmented_reduce.h"
#if defined(WARPSCOPE_HAVE_CUDA)
#include "reduce_cuda.h"
#endif

namespace ws::reduce {

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

SegmentedRun segmented_teach(Backend backend, BinaryOp op, ValueType type,
                             const SegmentedInput& in) {
  if (backend == Backend::Cpu) return segmented_teach_cpu(op, type, in);
#if defined(WARPSCOPE_HAVE_CUDA)
  return segmented_teach_cuda(op, type, in);
#else
  throw Error("this warpscope was built without CUDA: use the CPU backend");
#endif
}

namespace {

template <class T>
FastRun cpu_library(BinaryOp op, const T* data, int64_t n, int repeats) {
  FastRun run;
  run.n = n;
  T result{};
  run.median_ms = host_median_ms(repeats, [&] {
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

}  // namespace ws::reduce
