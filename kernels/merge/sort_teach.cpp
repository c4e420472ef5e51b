// Teach mode for the sorts: the checks of a request, the run's skeleton and shape, and the
// dispatch to the CPU twin (sort_merge_cpu.cpp, sort_network_cpu.cpp) or the CUDA kernels.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "../common/cuda_device.h"
#include "../common/error.h"
#include "sort_teach_cpu.h"

namespace ws::merge {

namespace {

bool is_power_of_two(int v) {
  return v > 0 && (v & (v - 1)) == 0;
}

bool key_is_exact(double key, KeyType type) {
  if (type == KeyType::Float32) return !std::isnan(key) && double(float(key)) == key;
  return key == std::floor(key) && key >= -2147483648.0 && key <= 2147483647.0;
}

void check_sort_request(const SortTeachParams& params, const std::vector<double>& keys,
                        const std::vector<uint32_t>& values) {
  const int v = int(params.variant);
  if (v < 6 || v > 9)
    throw Error("--variant: unknown sort variant " + std::to_string(v) +
                " (accepted: merge-sort, bitonic, odd-even, fast or 6..9)");
  if (int64_t(keys.size()) > kSortTeachMaxKeys)
    throw Error("--keys: teach mode sorts 0.." + std::to_string(kSortTeachMaxKeys) + " keys, not " +
                std::to_string(keys.size()));
  if (!values.empty() && values.size() != keys.size())
    throw Error("--values: " + std::to_string(values.size()) + " values for " +
                std::to_string(keys.size()) + " keys (give one a key, or none)");
  for (size_t i = 0; i < keys.size(); ++i)
    if (!key_is_exact(keys[i], params.key_type))
      throw Error("--keys: key " + std::to_string(i) + " (" + std::to_string(keys[i]) +
                  ") is not exact in " + key_type_id(params.key_type));
  if (!is_power_of_two(params.block_dim) || params.block_dim < kSortMinBlockDim ||
      params.block_dim > kSortMaxBlockDim)
    throw Error("--block: threads per block must be a power of two in " +
                std::to_string(kSortMinBlockDim) + ".." + std::to_string(kSortMaxBlockDim) +
                ", not " + std::to_string(params.block_dim));
  if (!is_network_sort(params.variant) &&
      (!is_power_of_two(params.per_thread) || params.per_thread > kSortMaxPerThread))
    throw Error("--per-thread: outputs a thread must be a power of two in 1.." +
                std::to_string(kSortMaxPerThread) + ", not " + std::to_string(params.per_thread));
}

}  // namespace

double sort_padding_key(KeyType type) {
  return type == KeyType::Float32 ? std::numeric_limits<double>::infinity() : 2147483647.0;
}

int64_t merge_sort_serial_comparisons(int64_t n) {
  if (n <= 1) return 0;
  int64_t levels = 0;
  while ((int64_t{1} << levels) < n) ++levels;
  return n * levels - (int64_t{1} << levels) + 1;
}

SortShape sort_shape(const SortTeachParams& params, int32_t n) {
  SortShape s;
  s.n = n;
  if (is_network_sort(params.variant)) {
    s.wires = 2;
    while (s.wires < n) s.wires *= 2;
    s.tile = std::min(2 * params.block_dim, s.wires);
    s.block_dim = s.tile / 2;
    s.grid_dim = s.wires / s.tile;
    return s;
  }
  s.block_dim = params.block_dim;
  s.per_thread = params.per_thread;
  const int32_t threads = (n + s.per_thread - 1) / s.per_thread;
  s.grid_dim = std::max(1, (threads + s.block_dim - 1) / s.block_dim);
  while (n > 1 && (int32_t{1} << s.passes) < n) ++s.passes;
  return s;
}

SortTeachRun start_sort_run(const SortTeachParams& params, const std::vector<double>& keys,
                            const std::vector<uint32_t>& values) {
  SortTeachRun run;
  run.params = params;
  run.input = keys;
  run.input_values = values;
  if (run.input_values.empty())
    for (size_t i = 0; i < keys.size(); ++i) run.input_values.push_back(uint32_t(i));
  Trace& t = run.trace;
  t.op = BinaryOp::Min;
  t.op_label = "compare";
  t.type = value_type(params.key_type);
  t.elem_bytes = 4;
  t.serial_ops = merge_sort_serial_comparisons(int64_t(keys.size()));
  const SortShape shape = sort_shape(params, int32_t(keys.size()));
  run.grid_dim = shape.grid_dim;
  if (is_network_sort(params.variant)) {
    run.network = network(network_kind_of(params.variant), int32_t(keys.size()));
    run.tile = shape.tile;
  }
  return run;
}

SortTeachRun teach_sort_cpu(const SortTeachParams& params, const std::vector<double>& keys,
                            const std::vector<uint32_t>& values) {
  SortTeachRun run = start_sort_run(params, keys, values);
  if (is_network_sort(params.variant))
    teach_network_sort_cpu(run);
  else
    teach_merge_sort_cpu(run);
  return run;
}

SortTeachRun teach_sort(const SortTeachParams& params, const std::vector<double>& keys,
                        Backend backend, const std::vector<uint32_t>& values) {
  check_sort_request(params, keys, values);
  if (backend == Backend::Cpu) return teach_sort_cpu(params, keys, values);
  if (!cuda_device_available())
    throw Error("--backend cuda: no CUDA device (or a CPU-only build): use --backend cpu");
  return teach_sort_cuda(params, keys, values);
}

}  // namespace ws::merge
