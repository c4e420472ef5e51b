// The hierarchical driver (PMPP 11.6): turns any section-scan kernel into a scan of any length.
// Every section variant (1-6, 10) runs its fast mode through it, and variant 7 is this driver
// with the coarsened kernel (6) as the block scan.
//
//   level 0   in  --[section kernel, grid = ceil(n / S)]-->  out   + sums[0] (one total per block)
//   level 1   sums[0] --[section kernel]--> scanned[0] + sums[1]   (only while sums[0] > S)
//   ...       ... until a level fits one block (grid 1)
//   add back  for level L-2 down to 0: data[i] = scanned_sums[b - 1] op data[i] (inclusive)
//                                      data[i] = scanned_sums[b] op data[i]     (exclusive)
//             for every element i of block b >= 1 (block 0 needs nothing)
//
// S is the section (elements one block scans). Every level uses the same section kernel, in the
// same mode (inclusive or exclusive) as the whole scan: an exclusive section scan of the block
// sums gives each block exactly the combination of the blocks before it.
//
// The section-kernel contract (a callable, usually a lambda that captures the operator, the mode
// and the block size):
//   launch_section(int level, const T* in, T* out, T* block_sums, int64_t n, int grid_dim)
// scans each section [b*S, min((b+1)*S, n)) of in into out -- inclusive, or exclusive within the
// section (out[b*S] = identity) -- and writes the section's total (all its elements combined,
// in order) to block_sums[b]. `in` and `out` never alias; block_sums is never null (the top level
// writes its single total to a one-element buffer nobody reads). n may be any length >= 1; the
// last section may be partial.
//
// Buffers are allocated once per (n, S) by the ScanHierarchy constructor and reused by every run,
// so timed repeats measure kernels only. time_hierarchical_scan() wraps upload, warm-up, timing
// (median of `repeats`, CUDA events) and download for the fast-mode entry points. The level plan
// and a CPU mirror with the same order of operations (for the twins' compute paths) are in
// scan_hierarchy_levels.h.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../common/binary_op.h"
#include "../common/cuda_check.cuh"
#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/error.h"
#include "../common/op_dispatch.h"
#include "scan.h"
#include "scan_hierarchy_levels.h"

namespace ws::scan {

// Which trace buffers and step an add-back launch records into (teach mode); ignored by NoTrace.
struct AddBackTrace {
  int data_buffer = 0;  // the recorder's buffer id of the array being completed
  int sums_buffer = 0;  // ... and of the scanned block sums
  int phase = 0;        // the recorder's phase id; the step is phases[phase] + level
  int level = 0;
};

// @helper add-block-sums
// One block per section, `blockDim.x` threads striding over it (coalesced). Block 0 already holds
// final values; block b >= 1 combines the scanned total of the blocks before it into each element.
template <class T, BinaryOp Op, class Rec>
__global__ void add_block_sums(T* data, int64_t n, int64_t section, const T* scanned_sums,
                               bool inclusive, Rec rec, AddBackTrace ids) {
  const int64_t block = blockIdx.x;
  if (block == 0) return;
  rec.begin(ids.phase, ids.level);
  const int64_t before = inclusive ? block - 1 : block;  // the sums of blocks 0 .. block-1
  const int64_t first = block * section;
  const int64_t last = first + section < n ? first + section : n;
  for (int64_t i = first + threadIdx.x; i < last; i += blockDim.x) {
    const T carry = rec.read(ids.sums_buffer, before, scanned_sums[before]);
    const T mine = rec.read(ids.data_buffer, i, data[i]);
    const T sum = rec.op(ids.data_buffer, i, apply_op<T>(Op, carry, mine));
    data[i] = rec.write(ids.data_buffer, i, sum);  // @add-sums
  }
}
// @end

namespace hierarchy_detail {

template <class T, class Rec, BinaryOp Op>
void launch_add_block_sums_as(T* data, int64_t n, int64_t section, int block_dim, const T* sums,
                              bool inclusive, const Rec& rec, const AddBackTrace& ids) {
  const int64_t grid = (n + section - 1) / section;
  add_block_sums<T, Op, Rec>
      <<<static_cast<unsigned>(grid), block_dim>>>(data, n, section, sums, inclusive, rec, ids);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace hierarchy_detail

// Phase 3 of the hierarchy for one level: `data` holds n section-scanned values, `sums` the
// scanned totals of its ceil(n / section) sections (inclusive or exclusive, as `inclusive`).
template <class T, class Rec = NoTrace>
void launch_add_block_sums(BinaryOp op, T* data, int64_t n, int64_t section, int block_dim,
                           const T* sums, bool inclusive, const Rec& rec = Rec{},
                           const AddBackTrace& ids = AddBackTrace{}) {
  using hierarchy_detail::launch_add_block_sums_as;
  dispatch_op(op, [&](auto o) {
    launch_add_block_sums_as<T, Rec, decltype(o)::value>(data, n, section, block_dim, sums,
                                                         inclusive, rec, ids);
  });
}

template <class T>
class ScanHierarchy {
 public:
  ScanHierarchy(int64_t n, int64_t section)
      : section_(section), sizes_(hierarchy_level_sizes(n, section)) {
    size_t bytes = 0;
    for (int64_t size : sizes_) bytes += 2 * sizeof(T) * size_t((size + section - 1) / section);
    require_device_memory(bytes, "the block sums of a hierarchical scan");
    for (size_t level = 0; level < sizes_.size(); ++level) {
      const size_t blocks = size_t((sizes_[level] + section - 1) / section);
      sums_.emplace_back(blocks);
      if (level + 1 < sizes_.size()) scanned_.emplace_back(blocks);
    }
  }

  const std::vector<int64_t>& level_sizes() const { return sizes_; }
  int64_t section() const { return section_; }
  // The raw totals written by level `level`'s blocks, and (below the top level) their scan.
  T* block_sums(int level) { return sums_[level].data(); }
  T* scanned_sums(int level) { return scanned_[level].data(); }

  // The whole scan with caller-supplied phases (teach mode records each launch):
  //   launch_section(level, in, out, block_sums, n, grid_dim) as documented at the top, and
  //   add_back(level, data, n, scanned_sums) completing level `level` from the level above.
  template <class SectionLaunch, class AddBack>
  void run(const T* in, T* out, SectionLaunch&& launch_section, AddBack&& add_back) {
    const int levels = static_cast<int>(sizes_.size());
    std::vector<T*> scanned(levels);  // where each level's scan lands
    const T* source = in;
    for (int level = 0; level < levels; ++level) {
      scanned[level] = level == 0 ? out : scanned_[level - 1].data();
      const int64_t size = sizes_[level];
      launch_section(level, source, scanned[level], sums_[level].data(), size,
                     static_cast<int>((size + section_ - 1) / section_));
      source = sums_[level].data();
    }
    for (int level = levels - 2; level >= 0; --level)
      add_back(level, scanned[level], sizes_[level], const_cast<const T*>(scanned[level + 1]));
  }

  // Fast mode: the plain add-back kernel with `block_dim` threads per section.
  template <class SectionLaunch>
  void run(const T* in, T* out, BinaryOp op, bool inclusive, int block_dim,
           SectionLaunch&& launch_section) {
    run(in, out, std::forward<SectionLaunch>(launch_section),
        [&](int, T* data, int64_t n, const T* sums) {
          launch_add_block_sums<T>(op, data, n, section_, block_dim, sums, inclusive);
        });
  }

 private:
  int64_t section_;
  std::vector<int64_t> sizes_;
  std::vector<DeviceBuffer<T>> sums_;     // per level: one total per block
  std::vector<DeviceBuffer<T>> scanned_;  // per level but the top: the scan of sums_[level]
};

// Fast mode of a section variant at any n: uploads `in` (n host values), runs the hierarchy once
// to warm up and `repeats` times timed, downloads into `out` when it is not null.
template <class T, class SectionLaunch>
FastRun time_hierarchical_scan(const T* in, T* out, int64_t n, int64_t section, BinaryOp op,
                               bool inclusive, int block_dim, int repeats,
                               SectionLaunch&& launch_section) {
  WS_REQUIRE(n >= 1, "a scan needs at least one element, not " + std::to_string(n));
  require_device_memory(2 * sizeof(T) * size_t(n),
                        "a fast-mode scan of " + std::to_string(n) + " elements");
  DeviceBuffer<T> input(static_cast<size_t>(n));
  DeviceBuffer<T> output(static_cast<size_t>(n));
  input.upload(in, size_t(n));
  ScanHierarchy<T> hierarchy(n, section);
  FastRun run;
  run.n = n;
  run.median_ms = median_ms(
      [&] { hierarchy.run(input.data(), output.data(), op, inclusive, block_dim, launch_section); },
      1, repeats);
  run.gbps = 8.0 * static_cast<double>(n) / (run.median_ms * 1e6);
  if (out != nullptr) output.download(out, size_t(n));
  return run;
}

}  // namespace ws::scan
