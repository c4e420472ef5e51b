// The access patterns' index arithmetic, one body for the CPU twin and the CUDA kernels
// (access.h documents the patterns and the trace), and the internal entry points of the parts.
#pragma once

#include <cstdint>
#include <vector>

#include "../common/host_device.h"
#include "access.h"

namespace ws::mem {

// Trace phases in the order a run's steps appear (absent phases are skipped).
enum AccessPhase : int { kIndexPhase = 0, kLoadPhase = 1, kAccessStepPhase = 2, kStorePhase = 3 };

struct AccessShape {
  int pattern = 1;  // static_cast<int>(Pattern)
  int threads = 32;
  int warps = 1;
  int stride = 1;
  int offset = 0;
  int width = 32;  // W
  int rows = 1;    // transpose: ceil(threads / W)
  int pitch = 32;  // corner turning: 32 + tile_pad
};

// Lane i of warp w reads a[i * W + w % W].
WS_HD int64_t column_index(const AccessShape& s, int t) {
  return int64_t(t % 32) * s.width + (t / 32) % s.width;
}

// The element of `a` thread t reads in the "access" step of row, column, strided and misaligned
// (stencil: its first of three, transpose: its row read).
WS_HD int64_t direct_index(const AccessShape& s, int t) {
  switch (s.pattern) {
    case 2:  // column
      return column_index(s, t);
    case 3:  // strided
      return int64_t(t) * s.stride;
    case 4:  // misaligned
      return int64_t(s.offset) + t;
    default:  // row, stencil, transpose
      return t;
  }
}

// Transpose: thread t is element (t / W, t % W); it writes out[col * rows + row].
WS_HD int64_t transpose_target(const AccessShape& s, int t) {
  return int64_t(t % s.width) * s.rows + t / s.width;
}

AccessShape access_shape(const AccessParams& p);
int64_t a_size(const AccessParams& p);    // elements of buffer "a"
int64_t out_size(const AccessParams& p);  // elements of buffer "out"
int64_t tile_size(const AccessParams& p);

// The phases of a pattern's steps, in order (access.h lists them), and the step of `phase` in
// them (-1: the pattern has none).
std::vector<int> access_phases(Pattern p);
int step_of_phase(Pattern p, int phase);
// The trace every backend fills: buffers with their initial values, the steps without events.
Trace access_skeleton(const AccessParams& p, const std::vector<int32_t>& idx);

// The CPU twin's run (every backend starts from it: the CUDA path keeps its structure and
// replaces the events).
AccessRun access_twin(const AccessParams& p);
// The CUDA kernels' run (access.cu; access_none.cpp throws in CPU-only builds).
AccessRun access_cuda(const AccessParams& p);

}  // namespace ws::mem
