// The CPU twin of scan_kogge_stone.cu: Kogge-Stone over one section of block_dim elements, one
// element per thread (PMPP 11.2). Teach mode traces one block; compute (fast mode) runs the same
// steps with plain loops as the section scan of the hierarchical driver's CPU mirror.
//   1 kogge-stone         in place: each step reads XY[t - stride] and XY[t] into a temporary,
//                         a barrier, then writes XY[t] (two barriers per step). Race mode drops
//                         that barrier and the twin runs the warps one after another, each warp's
//                         writes landing before the next warp reads: with two or more warps a
//                         thread reads a value its neighbour warp already overwrote.
//   2 kogge-stone-double  reads one buffer and writes the other (ping-pong), one barrier per step.
//   3 kogge-stone-excl    variant 1 on the input shifted right by one, the identity at position 0.
// 1 and 2 make an exclusive scan by storing shifted: out[i + 1] = XY[i], out[0] = the identity.
// Steps: "load", then "stride s" for s = 1, 2, ... < block_dim, then "store".
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "../common/error.h"
#include "scan_cpu_families.h"
#include "scan_hierarchy_levels.h"
#include "scan_model.h"

namespace ws::scan {

namespace {

constexpr int kWarpSize = 32;
constexpr int kInput = 0;
constexpr int kOutput = 1;

bool shifted_load(const Params& p) {
  return p.variant == Variant::KoggeStoneExclusive;
}
bool shifted_store(const Params& p) {
  return !p.inclusive && !shifted_load(p);
}

// ---------------------------------------------------------------------------------------------
// Teach mode: the kernel's schedule on the trace model.

template <class T>
void load_section(TraceModel<T>& m, const Params& p, int64_t n, int block, int xy) {
  m.begin_step("load", "load", "@load", 1, block, 1);
  const T identity = identity_of<T>(p.op);
  for (int t = 0; t < block; ++t) {
    const int64_t source = shifted_load(p) ? t - 1 : t;
    const T x = source >= 0 && source < n ? m.read(t, kInput, source) : identity;
    m.write(t, xy, t, x);
  }
}

// temp = XY[t - stride] op XY[t]; barrier; XY[t] = temp. Without the barrier (race) the warps run
// in ascending order and each warp's writes land before the next warp reads.
template <class T>
void in_place_step(TraceModel<T>& m, const Params& p, int block, int xy, int stride) {
  m.begin_step("stride " + std::to_string(stride), "scan", "@ks-step", 1, block, p.race ? 1 : 2);
  std::vector<T> temp(kWarpSize);
  for (int warp_first = 0; warp_first < block; warp_first += kWarpSize) {
    const int first = std::max(warp_first, stride);
    const int last = std::min(block, warp_first + kWarpSize);
    for (int t = first; t < last; ++t) {
      const T left = m.read(t, xy, t - stride);
      const T right = m.read(t, xy, t);
      temp[t - first] = m.op(t, xy, t, apply_op<T>(p.op, left, right));
    }
    for (int t = first; t < last; ++t) m.write(t, xy, t, temp[t - first]);
    if (p.race) m.commit();
  }
}

// dst[t] = src[t - stride] op src[t], or a copy of src[t] below the stride; one barrier.
template <class T>
void double_buffered_step(TraceModel<T>& m, const Params& p, int block, int src, int dst,
                          int stride) {
  m.begin_step("stride " + std::to_string(stride), "scan", "@ks-double-step", 1, block, 1);
  for (int t = 0; t < block; ++t) {
    if (t >= stride) {
      const T left = m.read(t, src, t - stride);
      const T right = m.read(t, src, t);
      m.write(t, dst, t, m.op(t, dst, t, apply_op<T>(p.op, left, right)));
    } else {
      m.write(t, dst, t, m.read(t, src, t));
    }
  }
}

template <class T>
void store_section(TraceModel<T>& m, const Params& p, int64_t n, int block, int xy) {
  m.begin_step("store", "store", "@store", 1, block, 0);
  for (int t = 0; t < block; ++t) {
    if (shifted_store(p)) {
      if (t == 0) m.write(t, kOutput, 0, identity_of<T>(p.op));
      if (t + 1 < n) m.write(t, kOutput, t + 1, m.read(t, xy, t));
    } else if (t < n) {
      m.write(t, kOutput, t, m.read(t, xy, t));
    }
  }
}

template <class T>
TeachRun teach_typed(const Params& p, const std::vector<double>& values) {
  const int64_t n = static_cast<int64_t>(values.size());
  const int block = resolve_block_dim(p, n);
  TeachRun run;
  run.trace.op = p.op;
  run.trace.serial_ops = serial_ops_for(n, p.inclusive);
  run.level_sizes = {n};
  TraceModel<T> m(run.trace, true);
  m.add_buffer("input", MemSpace::Global, n, 1, std::vector<T>(values.begin(), values.end()));
  m.add_buffer("output", MemSpace::Global, n, 1);
  if (p.variant == Variant::KoggeStoneDouble) {
    int src = m.add_buffer("XY A", MemSpace::Shared, block, 1);
    int dst = m.add_buffer("XY B", MemSpace::Shared, block, 1);
    load_section(m, p, n, block, src);
    for (int stride = 1; stride < block; stride *= 2) {
      double_buffered_step(m, p, block, src, dst, stride);
      std::swap(src, dst);
    }
    store_section(m, p, n, block, src);
  } else {
    const int xy = m.add_buffer("XY", MemSpace::Shared, block, 1);
    load_section(m, p, n, block, xy);
    for (int stride = 1; stride < block; stride *= 2) in_place_step(m, p, block, xy, stride);
    store_section(m, p, n, block, xy);
  }
  m.finish();
  run.result.assign(m.state(kOutput).begin(), m.state(kOutput).end());
  return run;
}

// ---------------------------------------------------------------------------------------------
// Compute (fast mode): the same steps on plain arrays.

template <class T>
void scan_section(const Params& p, std::vector<T>& xy, std::vector<T>& scratch) {
  const int block = static_cast<int>(xy.size());
  const auto op = [&](T a, T b) { return apply_op<T>(p.op, a, b); };
  T temp[kWarpSize];
  for (int stride = 1; stride < block; stride *= 2) {
    if (p.variant == Variant::KoggeStoneDouble) {
      for (int t = 0; t < block; ++t) scratch[t] = t >= stride ? op(xy[t - stride], xy[t]) : xy[t];
      std::swap(xy, scratch);
    } else if (p.race) {  // warp after warp, each reading what the previous ones wrote
      for (int warp_first = 0; warp_first < block; warp_first += kWarpSize) {
        const int first = std::max(warp_first, stride);
        const int last = std::min(block, warp_first + kWarpSize);
        for (int t = first; t < last; ++t) temp[t - first] = op(xy[t - stride], xy[t]);
        for (int t = first; t < last; ++t) xy[t] = temp[t - first];
      }
    } else {  // descending, so every read sees the value from before the step
      for (int t = block - 1; t >= stride; --t) xy[t] = op(xy[t - stride], xy[t]);
    }
  }
}

// The section scan of the hierarchical driver's CPU mirror (scan_hierarchy_levels.h): the same
// order of operations as the GPU's fast mode, so float results match bit for bit.
template <class T>
void compute_typed(const Params& p, const T* in, T* out, int64_t n) {
  const int block = resolve_block_dim(p, n);
  const T identity = identity_of<T>(p.op);
  std::vector<T> xy(block), scratch(block);
  const auto section_scan = [&](const T* section_in, T* section_out, int64_t count, T& total) {
    for (int t = 0; t < block; ++t) {
      const int64_t source = shifted_load(p) ? t - 1 : t;
      xy[t] = source >= 0 && source < count ? section_in[source] : identity;
    }
    scan_section(p, xy, scratch);
    if (shifted_store(p)) {
      section_out[0] = identity;
      for (int64_t t = 0; t + 1 < count; ++t) section_out[t + 1] = xy[t];
    } else {
      for (int64_t t = 0; t < count; ++t) section_out[t] = xy[t];
    }
    // The section's total: the inclusive value of its last element.
    total =
        shifted_load(p) ? apply_op<T>(p.op, xy[count - 1], section_in[count - 1]) : xy[count - 1];
  };
  cpu_hierarchical_scan(in, out, n, block, p.op, p.inclusive, section_scan);
}

}  // namespace

TeachRun teach_cpu_kogge_stone(const Params& p, const std::vector<double>& values) {
  validate(p, static_cast<int64_t>(values.size()), true);
  WS_REQUIRE(!values.empty(), std::string("a scan needs at least one value"));
  return p.type == ValueType::Int32 ? teach_typed<int32_t>(p, values)
                                    : teach_typed<float>(p, values);
}

void compute_cpu_kogge_stone(const Params& p, const int32_t* in, int32_t* out, int64_t n) {
  compute_typed(p, in, out, n);
}

void compute_cpu_kogge_stone(const Params& p, const float* in, float* out, int64_t n) {
  compute_typed(p, in, out, n);
}

}  // namespace ws::scan
