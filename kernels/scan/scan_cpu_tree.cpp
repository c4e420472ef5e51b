// The CPU twin of scan_tree.cu: the work-efficient trees over one section of 2 * block_dim
// elements, two elements per thread. Teach mode traces one block; compute (fast mode) runs the
// same steps with plain loops as the section scan of the hierarchical driver's CPU mirror.
//   4 brent-kung  PMPP 11.4: up-sweep (a reduction tree: XY[i] = XY[i - stride] op XY[i] at the
//                 right end of every pair of subtrees), then the down-sweep (the distribution
//                 tree: XY[i + stride] = XY[i] op XY[i + stride]). Mapping::Contiguous: thread t
//                 works on index (t + 1) * 2 * stride - 1, the active threads are contiguous;
//                 Mapping::Divergent: thread t works on its own elements t and t + block_dim when
//                 (index + 1) % (2 * stride) == 0, so the active lanes scatter over every warp.
//                 Exclusive by storing shifted: out[i + 1] = XY[i], out[0] = the identity.
//   5 blelloch    Blelloch 1990: the same up-sweep, the root set to the identity, then the
//                 down-sweep with swaps: left, right = right, right op left. Exclusive by
//                 construction; inclusive adds x_i when storing.
// Steps: "load", "up-sweep: stride s" (s = 1 .. block_dim), then Brent-Kung's "down-sweep:
// stride s" (s = section / 4 .. 1) or Blelloch's "root" and "down-sweep: stride s" (s = block_dim
// .. 1), then "store".
#include <string>
#include <vector>

#include "../common/error.h"
#include "scan_cpu_families.h"
#include "scan_hierarchy_levels.h"
#include "scan_model.h"

namespace ws::scan {

namespace {

constexpr int kInput = 0;
constexpr int kOutput = 1;

bool divergent(const Params& p) {
  return p.variant == Variant::BrentKung && p.mapping == Mapping::Divergent;
}

// The (thread, right end) pairs of one tree level, in thread order: the right end `index` of
// every pair of subtrees of width `stride` whose `index + reach` lies in the section.
template <class F>
void for_each_node(const Params& p, int block, int stride, int reach, F&& node) {
  const int section = 2 * block;
  for (int t = 0; t < block; ++t) {
    if (divergent(p)) {
      for (int index : {t, t + block})
        if ((index + 1) % (2 * stride) == 0 && index + reach < section) node(t, index);
    } else {
      const int64_t index = int64_t{t + 1} * 2 * stride - 1;
      if (index + reach < section) node(t, static_cast<int>(index));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Teach mode.

template <class T>
void load_pairs(TraceModel<T>& m, const Params& p, int64_t n, int block, int xy) {
  m.begin_step("load", "load", "@load", 1, block, 1);
  for (int t = 0; t < block; ++t)
    for (int j : {t, t + block})
      m.write(t, xy, j, j < n ? m.read(t, kInput, j) : identity_of<T>(p.op));
}

template <class T>
void up_sweep(TraceModel<T>& m, const Params& p, int block, int xy) {
  for (int stride = 1; stride <= block; stride *= 2) {
    m.begin_step("up-sweep: stride " + std::to_string(stride), "up-sweep", "@up-sweep", 1, block,
                 1);
    for_each_node(p, block, stride, 0, [&](int t, int index) {
      const T left = m.read(t, xy, index - stride);
      const T right = m.read(t, xy, index);
      m.write(t, xy, index, m.op(t, xy, index, apply_op<T>(p.op, left, right)));
    });
  }
}

template <class T>
void brent_kung_down_sweep(TraceModel<T>& m, const Params& p, int block, int xy) {
  for (int stride = block / 2; stride >= 1; stride /= 2) {
    m.begin_step("down-sweep: stride " + std::to_string(stride), "down-sweep", "@down-sweep", 1,
                 block, 1);
    for_each_node(p, block, stride, stride, [&](int t, int index) {
      const T left = m.read(t, xy, index);
      const T right = m.read(t, xy, index + stride);
      m.write(t, xy, index + stride, m.op(t, xy, index + stride, apply_op<T>(p.op, left, right)));
    });
  }
}

template <class T>
void blelloch_down_sweep(TraceModel<T>& m, const Params& p, int block, int xy) {
  m.begin_step("root", "root", "@root", 1, block, 1);
  m.write(0, xy, 2 * block - 1, identity_of<T>(p.op));
  for (int stride = block; stride >= 1; stride /= 2) {
    m.begin_step("down-sweep: stride " + std::to_string(stride), "down-sweep", "@blelloch-down", 1,
                 block, 1);
    for_each_node(p, block, stride, 0, [&](int t, int index) {
      const T left = m.read(t, xy, index - stride);
      const T right = m.read(t, xy, index);
      m.write(t, xy, index - stride, right);
      m.write(t, xy, index, m.op(t, xy, index, apply_op<T>(p.op, right, left)));
    });
  }
}

template <class T>
void store_pairs(TraceModel<T>& m, const Params& p, int64_t n, int block, int xy) {
  const bool blelloch = p.variant == Variant::Blelloch;
  const bool add_input = blelloch && p.inclusive;
  const bool shifted = !blelloch && !p.inclusive;
  m.begin_step(add_input ? "store: + x_i" : "store", "store", add_input ? "@inclusive" : "@store",
               1, block, 0);
  for (int t = 0; t < block; ++t) {
    if (shifted && t == 0) m.write(t, kOutput, 0, identity_of<T>(p.op));
    for (int j : {t, t + block}) {
      if (shifted) {
        if (j + 1 < n) m.write(t, kOutput, j + 1, m.read(t, xy, j));
      } else if (add_input && j < n) {
        const T before = m.read(t, xy, j);
        const T x = m.read(t, kInput, j);
        m.write(t, kOutput, j, m.op(t, kOutput, j, apply_op<T>(p.op, before, x)));
      } else if (j < n) {
        m.write(t, kOutput, j, m.read(t, xy, j));
      }
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
  const int xy = m.add_buffer("XY", MemSpace::Shared, 2 * int64_t{block}, 1);
  load_pairs(m, p, n, block, xy);
  up_sweep(m, p, block, xy);
  if (p.variant == Variant::Blelloch)
    blelloch_down_sweep(m, p, block, xy);
  else
    brent_kung_down_sweep(m, p, block, xy);
  store_pairs(m, p, n, block, xy);
  m.finish();
  run.result.assign(m.state(kOutput).begin(), m.state(kOutput).end());
  return run;
}

// ---------------------------------------------------------------------------------------------
// Compute (fast mode): every element's value is the same expression under both mappings, so the
// plain loops follow the contiguous form.

template <class T>
void compute_typed(const Params& p, const T* in, T* out, int64_t n) {
  const int block = resolve_block_dim(p, n);
  const int section = 2 * block;
  const bool blelloch = p.variant == Variant::Blelloch;
  const T identity = identity_of<T>(p.op);
  const auto op = [&](T a, T b) { return apply_op<T>(p.op, a, b); };
  std::vector<T> xy(section);
  const auto section_scan = [&](const T* section_in, T* section_out, int64_t count, T& total) {
    for (int j = 0; j < section; ++j) xy[j] = j < count ? section_in[j] : identity;
    for (int stride = 1; stride <= block; stride *= 2)
      for (int index = 2 * stride - 1; index < section; index += 2 * stride)
        xy[index] = op(xy[index - stride], xy[index]);
    if (blelloch) {
      total = xy[section - 1];  // the root: the section's total
      xy[section - 1] = identity;
      for (int stride = block; stride >= 1; stride /= 2) {
        for (int index = 2 * stride - 1; index < section; index += 2 * stride) {
          const T left = xy[index - stride];
          xy[index - stride] = xy[index];
          xy[index] = op(xy[index], left);
        }
      }
      for (int64_t j = 0; j < count; ++j)
        section_out[j] = p.inclusive ? op(xy[j], section_in[j]) : xy[j];
      return;
    }
    for (int stride = block / 2; stride >= 1; stride /= 2)
      for (int index = 2 * stride - 1; index + stride < section; index += 2 * stride)
        xy[index + stride] = op(xy[index], xy[index + stride]);
    if (p.inclusive) {
      for (int64_t j = 0; j < count; ++j) section_out[j] = xy[j];
    } else {
      section_out[0] = identity;
      for (int64_t j = 0; j + 1 < count; ++j) section_out[j + 1] = xy[j];
    }
    total = xy[count - 1];
  };
  cpu_hierarchical_scan(in, out, n, section, p.op, p.inclusive, section_scan);
}

}  // namespace

TeachRun teach_cpu_tree(const Params& p, const std::vector<double>& values) {
  validate(p, static_cast<int64_t>(values.size()), true);
  WS_REQUIRE(!values.empty(), std::string("a scan needs at least one value"));
  return p.type == ValueType::Int32 ? teach_typed<int32_t>(p, values)
                                    : teach_typed<float>(p, values);
}

void compute_cpu_tree(const Params& p, const int32_t* in, int32_t* out, int64_t n) {
  compute_typed(p, in, out, n);
}

void compute_cpu_tree(const Params& p, const float* in, float* out, int64_t n) {
  compute_typed(p, in, out, n);
}

}  // namespace ws::scan
