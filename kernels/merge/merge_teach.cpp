// Teach mode's entry: checks a request, runs the CPU twin, and on Backend::Cuda the traced kernel
// (which starts from the twin's run: its step layout, ranges and buffers). Also the pieces every
// twin shares: the run's skeleton, its steps, and placing the recorded events.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "../common/cuda_device.h"
#include "../common/error.h"
#include "merge.h"
#include "merge_inputs.h"
#include "merge_teach_cpu.h"

namespace ws::merge {

namespace {

void require_range(int value, int low, int high, const char* option, const char* what) {
  if (value < low || value > high)
    throw Error(std::string(option) + " " + std::to_string(value) + ": " + what + " must be " +
                std::to_string(low) + ".." + std::to_string(high));
}

void check_side(const std::vector<double>& keys, const std::vector<uint32_t>& values, KeyType type,
                const char* option) {
  if (keys.size() > size_t(kMergeTeachMaxSide))
    throw Error(std::string(option) + ": teach mode merges up to " +
                std::to_string(kMergeTeachMaxSide) + " keys a side, not " +
                std::to_string(keys.size()));
  check_keys_exact(keys, type, option);
  check_sorted(keys, option, type);
  if (!values.empty() && values.size() != keys.size())
    throw Error(std::string(option) + ": " + std::to_string(values.size()) + " values for " +
                std::to_string(keys.size()) + " keys");
}

void check_params(const MergeTeachParams& p) {
  merge_info(p.variant);  // throws for an unknown variant
  require_range(p.block_dim, 1, kMergeTeachMaxBlockDim, "--block", "threads per block");
  require_range(p.blocks, 1, kMergeTeachMaxBlocks, "--blocks", "blocks");
  if (uses_tiles(p.variant)) {
    require_range(p.tile, 1, kMergeTeachMaxTile, "--tile", "the tile size");
    if (p.tile % p.block_dim != 0)
      throw Error("--tile " + std::to_string(p.tile) + " must be a multiple of --block " +
                  std::to_string(p.block_dim) + " (the book's tile_size / blockDim.x outputs a " +
                  "thread)");
  }
  if (p.variant == MergeVariant::Fast)
    require_range(p.items, 1, kMergeTeachMaxItems, "--items", "outputs a thread");
}

std::vector<uint32_t> tags_or(const std::vector<uint32_t>& given, size_t n, uint32_t first) {
  if (!given.empty()) return given;
  std::vector<uint32_t> tags(n);
  for (size_t i = 0; i < n; ++i) tags[i] = first + uint32_t(i);
  return tags;
}

}  // namespace

void merge_launch_shape(const MergeTeachParams& params, int m, int n, int& block_dim, int& blocks) {
  block_dim = params.block_dim;
  blocks = params.blocks;
  if (params.variant == MergeVariant::Sequential) {
    block_dim = 1, blocks = 1;
  } else if (params.variant == MergeVariant::Fast) {
    const int threads = std::max(1, body::ceil_div(m + n, params.items));
    blocks = body::ceil_div(threads, block_dim);
  }
}

MergeTeachRun start_merge_run(const MergeTeachParams& params, const std::vector<double>& a,
                              const std::vector<double>& b, const std::vector<uint32_t>& a_values,
                              const std::vector<uint32_t>& b_values) {
  MergeTeachRun run;
  run.params = params;
  merge_launch_shape(params, int(a.size()), int(b.size()), run.params.block_dim, run.params.blocks);
  run.a = a, run.b = b;
  run.a_values = tags_or(a_values, a.size(), 0);
  run.b_values = tags_or(b_values, b.size(), uint32_t(a.size()));
  const size_t total = a.size() + b.size();
  const double unwritten = std::numeric_limits<double>::quiet_NaN();
  run.c.assign(total, unwritten);
  run.c_values.assign(total, 0);
  Trace& t = run.trace;
  t.type = value_type(params.key_type);
  t.op_label = "compare";
  t.elem_bytes = 4;
  t.serial_ops = int64_t(total);
  auto add = [&](const char* name, MemSpace space, int size, int blocks, ValueType type) {
    TraceBuffer buf;
    buf.name = name, buf.space = space, buf.size = size, buf.blocks = blocks, buf.type = type;
    buf.initial.assign(size_t(size) * size_t(blocks), unwritten);
    t.buffers.push_back(std::move(buf));
  };
  add("A", MemSpace::Global, int(a.size()), 1, t.type);
  t.buffers.back().initial = a;
  add("B", MemSpace::Global, int(b.size()), 1, t.type);
  t.buffers.back().initial = b;
  add("C", MemSpace::Global, int(total), 1, t.type);
  if (uses_tiles(params.variant)) {
    add("A_S", MemSpace::Shared, params.tile, run.params.blocks, t.type);
    add("B_S", MemSpace::Shared, params.tile, run.params.blocks, t.type);
    add("corank", MemSpace::Shared, 2, run.params.blocks, ValueType::Int32);
  }
  return run;
}

int32_t add_steps(Trace& trace, int count, const std::string& label, const std::string& phase,
                  const std::string& marker, int barriers) {
  const int32_t first = int32_t(trace.steps.size());
  for (int s = 0; s < std::max(count, 1); ++s) {
    TraceStep step;
    step.label = count == 0 ? label : label + " " + std::to_string(s + 1);
    step.phase = phase;
    step.code_marker = marker;
    step.barriers = barriers;
    trace.steps.push_back(std::move(step));
  }
  return first;
}

void place_events(std::vector<TraceEvent>& events, const PhaseBases& bases, Trace& trace) {
  for (TraceEvent& e : events) {
    const int phase = e.step / kPhaseStride;
    e.step = bases[size_t(phase)] + e.step % kPhaseStride;
  }
  distribute_events(events, trace);
}

MergeTwin run_merge_twin(const MergeTeachParams& params, const std::vector<double>& a,
                         const std::vector<double>& b, const std::vector<uint32_t>& a_values,
                         const std::vector<uint32_t>& b_values) {
  MergeTeachRun run = start_merge_run(params, a, b, a_values, b_values);
  auto typed = [&](auto key) {
    using Key = decltype(key);
    TypedInput<Key> in;
    in.a.assign(run.a.begin(), run.a.end());
    in.b.assign(run.b.begin(), run.b.end());
    in.a_values = run.a_values, in.b_values = run.b_values;
    switch (params.variant) {
      case MergeVariant::Sequential:
        return twin_sequential<Key>(std::move(run), in);
      case MergeVariant::Basic:
      case MergeVariant::Fast:
        return twin_basic<Key>(std::move(run), in);
      case MergeVariant::Tiled:
      case MergeVariant::Circular:
        break;
    }
    return twin_tiled<Key>(std::move(run), in);
  };
  if (params.key_type == KeyType::Float32) return typed(0.0f);
  return typed(int32_t{0});
}

MergeTeachRun teach_merge_cpu(const MergeTeachParams& params, const std::vector<double>& a,
                              const std::vector<double>& b, const std::vector<uint32_t>& a_values,
                              const std::vector<uint32_t>& b_values) {
  return run_merge_twin(params, a, b, a_values, b_values).run;
}

MergeTeachRun teach_merge(const MergeTeachParams& params, const std::vector<double>& a,
                          const std::vector<double>& b, Backend backend,
                          const std::vector<uint32_t>& a_values,
                          const std::vector<uint32_t>& b_values) {
  check_params(params);
  check_side(a, a_values, params.key_type, "--a");
  check_side(b, b_values, params.key_type, "--b");
  MergeTwin twin = run_merge_twin(params, a, b, a_values, b_values);
  if (backend == Backend::Cuda) {
    WS_REQUIRE(cuda_device_available(), "--backend cuda: no CUDA device (" +
                                            cuda_device_description() +
                                            "); the CPU backend runs every merge");
    return teach_merge_cuda(std::move(twin));
  }
  return std::move(twin.run);
}

}  // namespace ws::merge
