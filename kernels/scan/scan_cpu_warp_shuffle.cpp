// The CPU twin of variant 10, the warp-shuffle scan (scan_warp_shuffle.cu), step by step. One
// element per thread, B threads (32..1024), W = B / 32 warps; lanes past the input hold the
// identity, take part in every shuffle, and perform no operation.
//   load           each thread loads its element into a register
//   offset k       (k = 1, 2, 4, 8, 16) lane l >= k combines the value of lane l - k
//                  (__shfl_up_sync); a lane whose source lies below lane 0 keeps its value
//   warp totals    lane 31 of every full warp writes its total to shared memory
//   load totals    warp 0: lane l reads total l into a register
//   totals offset  Kogge-Stone over the W totals by shuffles (log2 W steps)
//   store totals   warp 0 writes the scanned totals back
//   add back       warp w >= 1 combines the scanned total of warps 0..w-1 into each lane
//   store          registers to the output (exclusive: shifted by one, identity first)
// With one warp (B = 32) the four steps through shared memory are skipped.
#include <algorithm>
#include <string>
#include <vector>

#include "../common/error.h"
#include "scan_cpu_families.h"
#include "scan_hierarchy_levels.h"
#include "scan_model.h"

namespace ws::scan {

namespace {

constexpr int kWarp = 32;

template <class T>
TeachRun teach_typed(const Params& p, const std::vector<double>& values) {
  const int64_t n = static_cast<int64_t>(values.size());
  const int B = resolve_block_dim(p, n);
  const int warps = B / kWarp;
  const int64_t full_warps = n / kWarp;  // warps whose lane 31 holds a real total
  TeachRun run;
  run.level_sizes = {n};
  run.trace.op = p.op;
  run.trace.serial_ops = serial_ops_for(n, p.inclusive);
  TraceModel<T> m(run.trace, true);
  const int input =
      m.add_buffer("input", MemSpace::Global, n, 1, std::vector<T>(values.begin(), values.end()));
  const int output = m.add_buffer("output", MemSpace::Global, n, 1);
  const int regs = m.add_buffer("registers", MemSpace::Register, B, 1, {}, identity_of<T>(p.op));
  auto combine = [&](int64_t thread, int buffer, int left_buffer, int64_t left, int64_t right) {
    const T a = m.read(thread, left_buffer, left);
    const T x = m.read(thread, buffer, right);
    m.write(thread, buffer, right, m.op(thread, buffer, right, apply_op<T>(p.op, a, x)));
  };

  m.begin_step("load", "load", "@load", 1, B, 0);
  for (int64_t t = 0; t < n; ++t) m.write(t, regs, t, m.read(t, input, t));

  for (int offset = 1; offset < kWarp; offset *= 2) {
    m.begin_step("offset " + std::to_string(offset), "warp scan", "@shuffle", 1, B, 0);
    for (int64_t t = 0; t < n; ++t)
      if (t % kWarp >= offset) combine(t, regs, regs, t - offset, t);
  }

  if (warps > 1) {
    const int totals = m.add_buffer("warp totals", MemSpace::Shared, warps, 1);
    const int total_regs =
        m.add_buffer("warp 0 registers", MemSpace::Register, kWarp, 1, {}, identity_of<T>(p.op));
    m.begin_step("warp totals", "section scan", "@warp-total", 1, B, 1);
    for (int64_t w = 0; w < full_warps; ++w)
      m.write(w * kWarp + kWarp - 1, totals, w,
              m.read(w * kWarp + kWarp - 1, regs, w * kWarp + 31));

    m.begin_step("load totals", "section scan", "@totals-load", 1, B, 0);
    for (int64_t l = 0; l < full_warps; ++l) m.write(l, total_regs, l, m.read(l, totals, l));
    for (int offset = 1; offset < warps; offset *= 2) {
      m.begin_step("totals offset " + std::to_string(offset), "section scan", "@totals-shuffle", 1,
                   B, 0);
      for (int64_t l = offset; l < full_warps; ++l)
        combine(l, total_regs, total_regs, l - offset, l);
    }
    m.begin_step("store totals", "section scan", "@totals-store", 1, B, 1);
    for (int64_t l = 0; l < full_warps; ++l) m.write(l, totals, l, m.read(l, total_regs, l));

    m.begin_step("add back", "add back", "@add-back", 1, B, 0);
    for (int64_t t = kWarp; t < n; ++t) combine(t, regs, totals, t / kWarp - 1, t);
  }

  m.begin_step("store", "store", "@store", 1, B, 0);
  for (int64_t t = 0; t < n; ++t) {
    if (!p.inclusive && t == 0) m.write(t, output, 0, identity_of<T>(p.op));
    const T v = m.read(t, regs, t);
    if (p.inclusive) {
      m.write(t, output, t, v);
    } else if (t + 1 < n) {
      m.write(t, output, t + 1, v);
    }
  }
  m.finish();
  const std::vector<T>& out = m.state(output);
  run.result.assign(out.begin(), out.end());
  return run;
}

// Fast mode: one section of B elements with plain loops, in the kernel's order of operations.
template <class T>
class WarpShuffleSection {
 public:
  WarpShuffleSection(const Params& p, int block_dim)
      : op_(p.op),
        inclusive_(p.inclusive),
        warps_(block_dim / kWarp),
        v_(size_t(block_dim)),
        totals_(size_t(warps_)) {}

  void operator()(const T* in, T* out, int64_t count, T& total) {
    std::copy(in, in + count, v_.begin());
    for (int offset = 1; offset < kWarp; offset *= 2)
      for (int64_t t = count - 1; t >= 0; --t)  // downwards: sources still hold the old values
        if (t % kWarp >= offset) v_[t] = apply_op<T>(op_, v_[t - offset], v_[t]);
    const int64_t full_warps = count / kWarp;
    if (warps_ > 1) {
      for (int64_t w = 0; w < full_warps; ++w) totals_[w] = v_[w * kWarp + kWarp - 1];
      for (int offset = 1; offset < warps_; offset *= 2)
        for (int64_t l = full_warps - 1; l >= offset; --l)
          totals_[l] = apply_op<T>(op_, totals_[l - offset], totals_[l]);
      for (int64_t t = kWarp; t < count; ++t)
        v_[t] = apply_op<T>(op_, totals_[t / kWarp - 1], v_[t]);
    }
    total = v_[count - 1];
    if (inclusive_) {
      std::copy(v_.begin(), v_.begin() + count, out);
    } else {
      out[0] = identity_of<T>(op_);
      std::copy(v_.begin(), v_.begin() + count - 1, out + 1);
    }
  }

 private:
  BinaryOp op_;
  bool inclusive_;
  int warps_;
  std::vector<T> v_, totals_;
};

template <class T>
void compute_typed(const Params& p, const T* in, T* out, int64_t n) {
  validate(p, n, false);
  if (n <= 0) return;
  const int B = resolve_block_dim(p, n);
  cpu_hierarchical_scan(in, out, n, section_size(p, B), p.op, p.inclusive,
                        WarpShuffleSection<T>(p, B));
}

void require_variant(const Params& p) {
  WS_REQUIRE(p.variant == Variant::WarpShuffle,
             std::string("the warp-shuffle family runs variant 10, not ") + info(p.variant).id);
}

}  // namespace

TeachRun teach_cpu_warp_shuffle(const Params& p, const std::vector<double>& values) {
  require_variant(p);
  validate(p, static_cast<int64_t>(values.size()), true);
  WS_REQUIRE(!values.empty(), std::string("a teach-mode scan needs at least one value"));
  return p.type == ValueType::Int32 ? teach_typed<int32_t>(p, values)
                                    : teach_typed<float>(p, values);
}

void compute_cpu_warp_shuffle(const Params& p, const int32_t* in, int32_t* out, int64_t n) {
  require_variant(p);
  compute_typed(p, in, out, n);
}

void compute_cpu_warp_shuffle(const Params& p, const float* in, float* out, int64_t n) {
  require_variant(p);
  compute_typed(p, in, out, n);
}

}  // namespace ws::scan
