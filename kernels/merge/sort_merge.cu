// Variant 6, merge sort from merges (PMPP 13.1 with 12.5's basic parallel merge): bottom-up, runs
// of width w = 1, 2, 4, ... are merged pairwise, one launch a pass, ping-ponging between the keys
// and a scratch buffer. Thread t writes outputs [t c, (t + 1) c) of the pass: it finds where they
// come from with the book's co_rank (corank.h) at both ends of its piece of each merge it touches,
// then merges that piece sequentially. Stable (co_rank and the merge take A's key on ties).
//   work    n log2 n outputs + two co-rank searches (O(log n) each) per thread and merge piece
//   steps   ceil(log2 n) passes of O(c + log n)
//   memory  no shared memory: every key read from global memory where the thread needs it
//           (uncoalesced: each thread its own pieces), as the basic merge does
#include <cuda_runtime.h>

#include <algorithm>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/trace_recording.cuh"
#include "corank.h"
#include "sort_cuda.h"
#include "sort_merge_plan.h"
#include "sort_teach_cpu.h"

namespace ws::merge {

namespace {

enum MergeSortTraceName : int { kMergeSortIn = 0, kMergeSortOut = 1 };
enum MergeSortPhase : int { kMergeSortCorank = 0, kMergeSortMerge = 1 };

constexpr int kMergeSortBlock = 256;    // full size: threads a block
constexpr int kMergeSortPerThread = 8;  // full size: outputs a thread a pass

// @variant merge-sort
// One pass: runs of `width` in `in` merged pairwise into `out`.
template <class Key, bool kValues, class Rec>
__global__ void merge_sort_pass_kernel(const Key* in, Key* out, const uint32_t* in_values,
                                       uint32_t* out_values, int64_t n, int64_t width,
                                       int per_thread, Rec rec) {
  const int64_t t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t k_lo = t * per_thread;
  if (k_lo >= n) return;
  const int64_t k_hi = k_lo + per_thread < n ? k_lo + per_thread : n;
  for (int64_t base = sort_pass_first_base(k_lo, width); base < k_hi; base += 2 * width) {
    const SortPassPiece piece = sort_pass_piece(base, width, n, k_lo, k_hi);
    const int64_t b0 = base + piece.a_len;  // A = in[base, b0), B = in[b0, b0 + b_len)
    auto a_at = [&](int i) { return rec.read(kMergeSortIn, base + i, in[base + i]); };
    auto b_at = [&](int j) { return rec.read(kMergeSortIn, b0 + j, in[b0 + j]); };
    rec.begin(kMergeSortCorank);
    const int i_begin = co_rank_at(piece.k_begin, a_at, piece.a_len, b_at,
                                   piece.b_len);  // @merge-sort-corank
    const int i_end = co_rank_at(piece.k_end, a_at, piece.a_len, b_at, piece.b_len);
    rec.begin(kMergeSortMerge);
    int i = i_begin, j = piece.k_begin - i_begin;
    const int j_end = piece.k_end - i_end;
    int64_t k = base + piece.k_begin;
    while (i < i_end && j < j_end) {
      const Key a = rec.read(kMergeSortIn, base + i, in[base + i]);
      const Key b = rec.read(kMergeSortIn, b0 + j, in[b0 + j]);
      const bool take_a = a <= b;                            // ties take A's: stable
      out[k] = rec.write(kMergeSortOut, k, take_a ? a : b);  // @merge-sort-merge
      if constexpr (kValues) out_values[k] = take_a ? in_values[base + i] : in_values[b0 + j];
      ++k;
      if (take_a)
        ++i;
      else
        ++j;
    }
    for (; j < j_end; ++j, ++k) {
      out[k] = rec.write(kMergeSortOut, k, rec.read(kMergeSortIn, b0 + j, in[b0 + j]));
      if constexpr (kValues) out_values[k] = in_values[b0 + j];
    }
    for (; i < i_end; ++i, ++k) {
      out[k] = rec.write(kMergeSortOut, k, rec.read(kMergeSortIn, base + i, in[base + i]));
      if constexpr (kValues) out_values[k] = in_values[base + i];
    }
  }
}
// @end

int merge_sort_passes(int64_t n) {
  int passes = 0;
  while (n > 1 && (int64_t{1} << passes) < n) ++passes;
  return passes;
}

template <bool kValues, class Key, class Rec, class RecFor>
void merge_sort_run_passes(Key* keys[2], uint32_t* values[2], int64_t n, int per_thread, int block,
                           cudaStream_t stream, RecFor rec_for) {
  const int64_t threads = (n + per_thread - 1) / per_thread;
  const int64_t grid = std::max<int64_t>(1, (threads + block - 1) / block);
  for (int p = 0; p < merge_sort_passes(n); ++p) {
    const int in = p % 2, out = 1 - in;
    merge_sort_pass_kernel<Key, kValues>
        <<<unsigned(grid), block, 0, stream>>>(keys[in], keys[out], values[in], values[out], n,
                                               int64_t{1} << p, per_thread, Rec(rec_for(p)));
    WS_CUDA_CHECK_LAUNCH();
  }
}

}  // namespace

template <class Key>
void merge_sort_device(Key* d_keys, int64_t n, uint32_t* d_values, void* scratch,
                       cudaStream_t stream) {
  const int passes = merge_sort_passes(n);
  if (passes == 0) return;
  DeviceBuffer<unsigned char> own;
  if (!scratch) {
    own = DeviceBuffer<unsigned char>(size_t(n) * (d_values ? 8 : 4));
    scratch = own.data();
  }
  Key* keys[2] = {d_keys, static_cast<Key*>(scratch)};
  uint32_t* values[2] = {d_values, d_values ? reinterpret_cast<uint32_t*>(keys[1] + n) : nullptr};
  auto no_trace = [](int) { return NoTrace{}; };
  if (d_values)
    merge_sort_run_passes<true, Key, NoTrace>(keys, values, n, kMergeSortPerThread, kMergeSortBlock,
                                              stream, no_trace);
  else
    merge_sort_run_passes<false, Key, NoTrace>(keys, values, n, kMergeSortPerThread,
                                               kMergeSortBlock, stream, no_trace);
  if (passes % 2 == 1) {  // the last pass wrote the scratch buffer
    WS_CUDA_CHECK(cudaMemcpyAsync(d_keys, keys[1], size_t(n) * sizeof(Key),
                                  cudaMemcpyDeviceToDevice, stream));
    if (d_values)
      WS_CUDA_CHECK(
          cudaMemcpyAsync(d_values, values[1], size_t(n) * 4, cudaMemcpyDeviceToDevice, stream));
  }
  if (own.size() > 0) WS_CUDA_CHECK(cudaStreamSynchronize(stream));  // before `own` is freed
}

template <class Key>
void merge_sort_teach_cuda(SortTeachRun& run) {
  const size_t n = run.input.size();
  const SortShape shape = sort_shape(run.params, int32_t(n));
  TraceRecording<DeviceTrace> recording(run.trace, n * 16, "sort teach mode");
  std::vector<Key> host_keys(run.input.begin(), run.input.end());
  DeviceBuffer<Key> d_keys[2] = {DeviceBuffer<Key>(n), DeviceBuffer<Key>(n)};
  DeviceBuffer<uint32_t> d_values[2] = {DeviceBuffer<uint32_t>(n), DeviceBuffer<uint32_t>(n)};
  d_keys[0].upload(host_keys);
  d_values[0].upload(run.input_values);
  Key* keys[2] = {d_keys[0].data(), d_keys[1].data()};
  uint32_t* values[2] = {d_values[0].data(), d_values[1].data()};
  auto traced = [&](int pass) {
    DeviceTrace rec = recording.recorder();
    rec.buffers[kMergeSortIn] = int16_t(pass % 2 == 0 ? kSortKeys : kSortTmp);
    rec.buffers[kMergeSortOut] = int16_t(pass % 2 == 0 ? kSortTmp : kSortKeys);
    rec.phases[kMergeSortCorank] = 2 * pass;
    rec.phases[kMergeSortMerge] = 2 * pass + 1;
    return rec;
  };
  merge_sort_run_passes<true, Key, DeviceTrace>(keys, values, int64_t(n), shape.per_thread,
                                                shape.block_dim, nullptr, traced);
  recording.download(run.trace);
  const int result = shape.passes % 2;
  host_keys = d_keys[result].download();
  run.output.assign(host_keys.begin(), host_keys.end());
  run.output_values = d_values[result].download();
}

template void merge_sort_device<int32_t>(int32_t*, int64_t, uint32_t*, void*, cudaStream_t);
template void merge_sort_device<float>(float*, int64_t, uint32_t*, void*, cudaStream_t);
template void merge_sort_teach_cuda<int32_t>(SortTeachRun&);
template void merge_sort_teach_cuda<float>(SortTeachRun&);

}  // namespace ws::merge
