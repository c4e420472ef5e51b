// Inside the sorts' teach mode (sort.h has the trace layout): the run's skeleton shared by the CPU
// twins and the CUDA launches, the twins themselves, and the CUDA side's entry point.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sort.h"

namespace ws::merge {

// Buffers of the traces (indices into Trace::buffers).
inline constexpr int kSortKeys = 0;  // merge sort and networks
inline constexpr int kSortTmp = 1;   // merge sort's ping-pong buffer
inline constexpr int kSortTile = 1;  // the networks' shared tile

// The largest key of the type: the networks' padding (+inf for float32).
double sort_padding_key(KeyType type);

// The launch shape of a run (no checks): merge sort's grid, the networks' tile, grid and blocks.
struct SortShape {
  int32_t n = 0;
  int32_t wires = 0;      // networks: N
  int32_t block_dim = 1;  // threads a block as launched (networks: tile / 2)
  int32_t grid_dim = 1;
  int32_t tile = 0;        // networks
  int32_t passes = 0;      // merge sort: ceil(log2 n)
  int32_t per_thread = 1;  // merge sort
};
SortShape sort_shape(const SortTeachParams& params, int32_t n);

// A run with params, input, values (tags when none), the trace's type, op label and serial ops,
// the network (7, 8) and the shape; steps and buffers still empty.
SortTeachRun start_sort_run(const SortTeachParams& params, const std::vector<double>& keys,
                            const std::vector<uint32_t>& values);
// The comparisons of a sequential merge sort's worst case (Trace::serial_ops).
int64_t merge_sort_serial_comparisons(int64_t n);

// The twins: fill run.trace, run.output, run.output_values and the views' structure.
void teach_merge_sort_cpu(SortTeachRun& run);
void teach_network_sort_cpu(SortTeachRun& run);

// The CUDA side (sort_device.cu; sort_none.cpp throws): the twin's run with its events replaced
// by the recorded ones and its output by the device's.
SortTeachRun teach_sort_cuda(const SortTeachParams& params, const std::vector<double>& keys,
                             const std::vector<uint32_t>& values);

}  // namespace ws::merge
