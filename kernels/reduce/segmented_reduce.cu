// Segmented reduction (the lecture's "segment reduce") on the GPU: a segmented Kogge-Stone in one
// block of n threads (n <= 1024), one element per thread, in shared memory (layout and the trace:
// segmented_reduce.h). Work O(n log n); steps: load, ceil(log2 n) levels, store.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/op_dispatch.h"
#include "../common/trace_download.cuh"
#include "reduce_cuda.h"
#include "segmented_reduce.h"

namespace ws::reduce {

namespace {

enum SegArray : int {
  kSegValues,
  kSegHeads,
  kSegIndex,
  kSegSharedValues,
  kSegSharedFlags,
  kSegTotals
};
enum SegPhase : int { kSegLoad, kSegLevels, kSegStore };

// @variant segmented
template <class T, BinaryOp Op, class Rec>
__global__ void segmented_reduce(const T* values, const int* heads, const int* segment, T* totals,
                                 Rec rec) {
  extern __shared__ __align__(16) unsigned char segmented_shared[];
  const int n = blockDim.x, i = threadIdx.x;
  T* v = reinterpret_cast<T*>(segmented_shared);  // n values, then n flags
  int* flag = reinterpret_cast<int*>(v + n);
  rec.begin(kSegLoad);
  T mine = rec.read(kSegValues, i, values[i]);
  int head = rec.read(kSegHeads, i, heads[i]);
  v[i] = rec.write(kSegSharedValues, i, mine);  // @load
  flag[i] = rec.write(kSegSharedFlags, i, head);
  __syncthreads();
  for (int d = 1, level = 0; d < n; d *= 2, ++level) {
    rec.begin(kSegLevels, level);
    const bool active = i >= d && !head;  // no head in my window yet: keep looking left
    T left{};
    int left_flag = 0;
    if (active) {
      left = rec.read(kSegSharedValues, i - d, v[i - d]);  // @tree
      left_flag = rec.read(kSegSharedFlags, i - d, flag[i - d]);
    }
    __syncthreads();  // everyone has read the previous level before anyone writes
    if (active) {
      mine = rec.op(kSegSharedValues, i, apply_op<T>(Op, left, mine));
      head = left_flag;
      v[i] = rec.write(kSegSharedValues, i, mine);
      flag[i] = rec.write(kSegSharedFlags, i, head);
    }
    __syncthreads();
  }
  rec.begin(kSegStore);
  // The last element of a segment holds its total: write it, compacted, to totals[segment].
  const bool last = i + 1 == n || rec.read(kSegHeads, i + 1, heads[i + 1]);
  if (last) {
    const int s = rec.read(kSegIndex, i, segment[i]);
    totals[s] = rec.write(kSegTotals, s, mine);  // @store
  }
}
// @end

template <class T>
std::vector<double> segmented_typed(BinaryOp op, const SegmentedInput& in, Trace& trace) {
  const int n = static_cast<int>(in.values.size());
  const std::vector<int32_t> segment = segment_of_each(in.heads);
  const int segments = segment.back() + 1;
  size_t expected = 0;
  for (const TraceStep& s : trace.steps) expected += s.events.size();
  const size_t capacity = 2 * expected + 4096;
  require_device_memory(capacity * sizeof(TraceEvent) + (1 << 20), "a segmented reduction trace");
  DeviceBuffer<TraceEvent> events(capacity);
  DeviceBuffer<unsigned long long> count(1);
  count.fill_zero();
  const size_t elements = in.values.size();
  DeviceBuffer<T> values(elements);
  values.upload(std::vector<T>(in.values.begin(), in.values.end()));
  DeviceBuffer<int> heads(elements);
  heads.upload(std::vector<int>(in.heads.begin(), in.heads.end()));
  DeviceBuffer<int> segment_index(elements);
  segment_index.upload(std::vector<int>(segment.begin(), segment.end()));
  DeviceBuffer<T> totals(static_cast<size_t>(segments));

  DeviceTrace rec{};
  rec.events = events.data();
  rec.count = count.data();
  rec.capacity = capacity;
  for (int b = 0; b < DeviceTrace::kMaxBuffers; ++b) rec.buffers[b] = static_cast<int16_t>(b);
  for (int32_t& phase : rec.phases) phase = -(1 << 24);
  rec.phases[kSegLoad] = 0;
  rec.phases[kSegLevels] = 1;
  rec.phases[kSegStore] = static_cast<int32_t>(trace.steps.size()) - 1;
  rec.step = 0;
  const size_t shared = size_t(n) * (sizeof(T) + sizeof(int));
  dispatch_op(op, [&](auto o) {
    segmented_reduce<T, decltype(o)::value, DeviceTrace>
        <<<1, n, shared>>>(values.data(), heads.data(), segment_index.data(), totals.data(), rec);
  });
  WS_CUDA_CHECK_LAUNCH();
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  download_trace_events(events, count, capacity, expected, trace);
  const std::vector<T> host = totals.download();
  return std::vector<double>(host.begin(), host.end());
}

}  // namespace

SegmentedRun segmented_teach_cuda(BinaryOp op, ValueType type, const SegmentedInput& in) {
  SegmentedRun run = segmented_teach_cpu(op, type, in);  // validation, buffers and steps
  run.totals = dispatch_type(type, [&](auto tag) {
    return segmented_typed<typename decltype(tag)::type>(op, in, run.trace);
  });
  return run;
}

}  // namespace ws::reduce
