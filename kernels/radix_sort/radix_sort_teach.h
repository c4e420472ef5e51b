// The traced radix sort's layout, shared by the CUDA teach kernels (radix_sort_teach.cu) and their
// CPU twin (radix_sort_teach_cpu.cpp): the trace's buffer and step indices and the launch shape.
// radix_sort.h describes the steps; the twin builds the trace, the kernels fill in its events.
#pragma once

#include <cstdint>
#include <vector>

#include "radix_sort.h"

namespace ws::radix {

// Trace::buffers indices (the twin adds them in this order).
enum TeachBuffer : int {
  kKeysA = 0,
  kKeysB,
  kDigitBuf,
  kLocalRankBuf,
  kDestinationBuf,
  kTableBuf,
  kOffsetsBuf,
  kBlockDigitsBuf,  // shared: block_size per block
  kWarpCountsBuf,   // shared: warps * buckets per block, warp w's count of digit d at w * buckets +
                    // d
  kTeachBufferCount
};

// The steps of one pass; pass p's step k is Trace::steps[p * kTeachStepsPerPass + k].
enum TeachStep : int {
  kZeroStep = 0,
  kDigitStep,
  kWarpScanStep,
  kRankStep,
  kTableScanStep,
  kScatterStep
};

constexpr int kTeachWarp = 32;

struct TeachShape {
  int n = 0;
  int block_size = 1, blocks = 1;  // blocks = ceil(n / block_size)
  int warps = 1;                   // per block: ceil(block_size / 32)
  int buckets = 2;                 // 1 << radix_bits
  int passes = 1;                  // ceil(key_bits / radix_bits)
  int table_size() const { return buckets * blocks; }
};
TeachShape teach_shape(const TeachParams& p, int64_t n);

// Pass p reads kKeysA when p is even and writes kKeysB, then the other way round.
inline int keys_in_buffer(int pass) {
  return pass % 2 == 0 ? kKeysA : kKeysB;
}
inline int keys_out_buffer(int pass) {
  return pass % 2 == 0 ? kKeysB : kKeysA;
}

TeachRun teach_cpu(const TeachParams& p, const std::vector<uint32_t>& keys);
TeachRun teach_cuda(const TeachParams& p, const std::vector<uint32_t>& keys);

}  // namespace ws::radix
