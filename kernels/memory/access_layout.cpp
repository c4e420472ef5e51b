// The access patterns' trace layout (access.h describes it): buffer sizes, steps by phase, the
// seeded index array. Shared by the CPU twin and the CUDA launch.
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "../common/split_mix.h"
#include "access_shape.h"

namespace ws::mem {

namespace {

bool access_has_indices(Pattern p) {
  return p == Pattern::Gather || p == Pattern::LocalGather || p == Pattern::Scatter;
}

int64_t access_gather_range(const AccessParams& p) {
  return int64_t{kWarpSize} * threads_of(p);
}

int64_t access_transpose_rows(const AccessParams& p) {
  return (threads_of(p) + p.width - 1) / p.width;
}

const char* access_phase_name(int phase) {
  switch (phase) {
    case kIndexPhase:
      return "index";
    case kLoadPhase:
      return "load";
    case kAccessStepPhase:
      return kAccessPhase;
    default:
      return "store";
  }
}

TraceBuffer access_buffer(std::string name, MemSpace space, int64_t size, int elem_bytes) {
  TraceBuffer b;
  b.name = std::move(name);
  b.space = space;
  b.size = static_cast<int32_t>(size);
  b.type = ValueType::Float32;
  b.elem_bytes = elem_bytes;
  b.initial.assign(static_cast<size_t>(size), std::nan(""));
  return b;
}

}  // namespace

AccessShape access_shape(const AccessParams& p) {
  AccessShape s;
  s.pattern = static_cast<int>(p.pattern);
  s.threads = threads_of(p);
  s.warps = p.warps;
  s.stride = p.stride;
  s.offset = p.offset;
  s.width = p.width;
  s.rows = static_cast<int>(access_transpose_rows(p));
  s.pitch = kCornerTile + p.tile_pad;
  return s;
}

int64_t a_size(const AccessParams& p) {
  const int64_t n = threads_of(p);
  switch (p.pattern) {
    case Pattern::Column:
      return int64_t{kWarpSize} * p.width;
    case Pattern::Strided:
      return (n - 1) * p.stride + 1;
    case Pattern::Misaligned:
      return p.offset + n;
    case Pattern::Gather:
      return access_gather_range(p);
    case Pattern::LocalGather:
      return (n + p.window - 1) / p.window * p.window;
    case Pattern::Stencil:
      return n + 2;
    case Pattern::Transpose:
      return access_transpose_rows(p) * p.width;
    case Pattern::CornerTurning:
      return int64_t{kCornerTile} * p.width;
    default:
      return n;
  }
}

int64_t out_size(const AccessParams& p) {
  switch (p.pattern) {
    case Pattern::Scatter:
      return access_gather_range(p);
    case Pattern::Transpose:
      return access_transpose_rows(p) * p.width;
    case Pattern::CornerTurning:
      return int64_t{kCornerTile} * kCornerTile;
    default:
      return threads_of(p);
  }
}

int64_t tile_size(const AccessParams& p) {
  return p.pattern == Pattern::CornerTurning ? int64_t{kCornerTile} * (kCornerTile + p.tile_pad)
                                             : 0;
}

std::vector<int32_t> index_array(const AccessParams& p) {
  std::vector<int32_t> idx;
  if (!access_has_indices(p.pattern)) return idx;
  const int n = threads_of(p);
  SplitMix64 rng{p.seed};
  if (p.pattern != Pattern::LocalGather) {
    const auto range = static_cast<uint64_t>(access_gather_range(p));
    for (int t = 0; t < n; ++t) idx.push_back(static_cast<int32_t>(rng.next() % range));
    return idx;
  }
  // A seeded permutation (Fisher-Yates) of each aligned window of `window` elements.
  for (int base = 0; base < n; base += p.window) {
    std::vector<int32_t> window(static_cast<size_t>(p.window));
    for (int i = 0; i < p.window; ++i) window[static_cast<size_t>(i)] = base + i;
    for (int i = p.window - 1; i > 0; --i)
      std::swap(window[static_cast<size_t>(i)], window[rng.next() % static_cast<uint64_t>(i + 1)]);
    for (int i = 0; i < p.window && base + i < n; ++i)
      idx.push_back(window[static_cast<size_t>(i)]);
  }
  return idx;
}

std::vector<int> access_phases(Pattern p) {
  switch (p) {
    case Pattern::Gather:
    case Pattern::LocalGather:
      return {kIndexPhase, kAccessStepPhase, kStorePhase};
    case Pattern::Scatter:
      return {kIndexPhase, kLoadPhase, kAccessStepPhase};
    case Pattern::Transpose:
      return {kAccessStepPhase};
    case Pattern::CornerTurning:
      return {kLoadPhase, kAccessStepPhase, kStorePhase};
    default:
      return {kAccessStepPhase, kStorePhase};
  }
}

int step_of_phase(Pattern p, int phase) {
  const std::vector<int> phases = access_phases(p);
  const auto at = std::find(phases.begin(), phases.end(), phase);
  return at == phases.end() ? -1 : static_cast<int>(at - phases.begin());
}

Trace access_skeleton(const AccessParams& p, const std::vector<int32_t>& idx) {
  Trace t;
  t.type = ValueType::Float32;
  t.elem_bytes = p.elem_bytes;
  t.op_label = "copy";
  TraceBuffer a = access_buffer("a", MemSpace::Global, a_size(p), p.elem_bytes);
  for (size_t e = 0; e < a.initial.size(); ++e) a.initial[e] = static_cast<double>(e);
  TraceBuffer index = access_buffer("idx", MemSpace::Global, static_cast<int64_t>(idx.size()), 4);
  index.type = ValueType::Int32;
  for (size_t i = 0; i < idx.size(); ++i) index.initial[i] = idx[i];
  t.buffers = {std::move(a), std::move(index),
               access_buffer("out", MemSpace::Global, out_size(p), p.elem_bytes),
               access_buffer("tile", MemSpace::Shared, tile_size(p), p.elem_bytes)};
  const std::string id = info(p.pattern).id;
  for (int phase : access_phases(p.pattern)) {
    TraceStep s;
    s.phase = access_phase_name(phase);
    s.label = id + ": " + s.phase;
    s.code_marker = "@" + id + "-" + s.phase;
    s.grid_dim = 1;
    s.block_dim = threads_of(p);
    s.barriers = p.pattern == Pattern::CornerTurning && phase == kLoadPhase ? 1 : 0;
    t.steps.push_back(std::move(s));
  }
  return t;
}

}  // namespace ws::mem
