// The CPU twin of variants 6 (coarsened three-phase, PMPP 11.5) and 7 (hierarchical, PMPP 11.6),
// the schedule of scan_coarsened.cu step by step. B threads per block, c = coarsening, a section
// of S = B * c elements; thread t owns the subsection [t*c, t*c + c) of its block's section.
//   load         thread t copies elements t, t + B, ... of the section into XY (coalesced)
//   thread scan  each thread scans its subsection serially: XY[i] = XY[i-1] op XY[i]
//   stride s     Kogge-Stone over the subsection totals XY[last(t)] (log2 B steps, two barriers)
//   add back     thread t >= 1 adds its predecessor's total XY[t*c - 1] to its other elements
//   store        XY back to global memory (exclusive: shifted by one, identity first); the element
//                that ends the section also goes to the block sums (variant 7)
// Variant 7 runs this kernel over each level of the hierarchy (scan_hierarchy_levels.h) and then
// the add-back kernel, level by level downwards.
#include <algorithm>
#include <string>
#include <vector>

#include "../common/error.h"
#include "scan_cpu_families.h"
#include "scan_hierarchy_levels.h"
#include "scan_model.h"

namespace ws::scan {

namespace {

// ---------------------------------------------------------------------------------------------
// Teach mode: the trace model.

// One launch of the coarsened kernel over `n` values of buffer `in` (grid = ceil(n / S)).
struct CoarsenedLaunch {
  int in = 0, out = 0, xy = 0;
  int sums = -1;  // block sums buffer, -1: none (variant 6, the top level of 7)
  int64_t n = 0;
  int grid = 1;
  std::string prefix;  // step label prefix ("level 1: ")
};

template <class T>
void model_coarsened_kernel(TraceModel<T>& m, const Params& p, int block_dim,
                            const CoarsenedLaunch& launch) {
  const int B = block_dim, c = p.coarsening;
  const int64_t section = int64_t{B} * c;
  auto count_of = [&](int b) { return std::min(section, launch.n - b * section); };
  auto last_of = [&](int t, int64_t count) { return std::min(int64_t{t + 1} * c, count) - 1; };
  auto thread_id = [&](int b, int t) { return int64_t{b} * B + t; };
  auto combine = [&](int64_t thread, int64_t left, int64_t right) {
    const T a = m.read(thread, launch.xy, left);
    const T x = m.read(thread, launch.xy, right);
    m.write(thread, launch.xy, right, m.op(thread, launch.xy, right, apply_op<T>(p.op, a, x)));
  };

  m.begin_step(launch.prefix + "load", "load", "@load", launch.grid, B, 1);
  for (int b = 0; b < launch.grid; ++b)
    for (int t = 0; t < B; ++t)
      for (int64_t j = t; j < count_of(b); j += B)
        m.write(thread_id(b, t), launch.xy, j, m.read(thread_id(b, t), launch.in, b * section + j));

  m.begin_step(launch.prefix + "thread scan", "thread scan", "@thread-scan", launch.grid, B, 1);
  for (int b = 0; b < launch.grid; ++b)
    for (int t = 0; t < B && int64_t{t} * c < count_of(b); ++t)
      for (int64_t i = int64_t{t} * c + 1; i <= last_of(t, count_of(b)); ++i)
        combine(thread_id(b, t), i - 1, i);

  for (int stride = 1; stride < B; stride *= 2) {
    m.begin_step(launch.prefix + "stride " + std::to_string(stride), "section scan", "@ks-step",
                 launch.grid, B, 2);
    for (int b = 0; b < launch.grid; ++b)
      for (int t = stride; t < B && int64_t{t} * c < count_of(b); ++t)
        combine(thread_id(b, t), last_of(t - stride, count_of(b)), last_of(t, count_of(b)));
  }

  m.begin_step(launch.prefix + "add back", "add back", "@add-back", launch.grid, B, 1);
  for (int b = 0; b < launch.grid; ++b)
    for (int t = 1; t < B && int64_t{t} * c < count_of(b); ++t)
      for (int64_t i = int64_t{t} * c; i < last_of(t, count_of(b)); ++i)
        combine(thread_id(b, t), int64_t{t} * c - 1, i);

  m.begin_step(launch.prefix + "store", "store", "@store", launch.grid, B, 0);
  for (int b = 0; b < launch.grid; ++b) {
    const int64_t count = count_of(b), base = b * section;
    for (int t = 0; t < B; ++t) {
      const int64_t thread = thread_id(b, t);
      if (!p.inclusive && t == 0) m.write(thread, launch.out, base, identity_of<T>(p.op));
      for (int64_t j = t; j < count; j += B) {
        const T v = m.read(thread, launch.xy, j);
        if (p.inclusive) {
          m.write(thread, launch.out, base + j, v);
        } else if (j + 1 < count) {
          m.write(thread, launch.out, base + j + 1, v);
        }
        if (j == count - 1 && launch.sums >= 0) m.write(thread, launch.sums, b, v);
      }
    }
  }
}

// The hierarchical add-back over level `level`'s array: block b >= 1 combines the scanned sums of
// the blocks before it into each of its elements (one block of B threads per section).
template <class T>
void model_add_block_sums(TraceModel<T>& m, const Params& p, int block_dim, int64_t section,
                          int data, int sums, int64_t n, int level) {
  const int grid = static_cast<int>((n + section - 1) / section);
  m.begin_step("level " + std::to_string(level) + ": add block sums", "add back", "@add-sums", grid,
               block_dim, 0);
  for (int b = 1; b < grid; ++b) {
    const int64_t first = b * section, last = std::min(first + section, n);
    const int64_t before = p.inclusive ? b - 1 : b;
    for (int t = 0; t < block_dim; ++t) {
      const int64_t thread = int64_t{b} * block_dim + t;
      for (int64_t i = first + t; i < last; i += block_dim) {
        const T carry = m.read(thread, sums, before);
        const T mine = m.read(thread, data, i);
        m.write(thread, data, i, m.op(thread, data, i, apply_op<T>(p.op, carry, mine)));
      }
    }
  }
}

std::string level_name(const char* base, size_t level) {
  return level <= 1 ? base : std::string(base) + " " + std::to_string(level);
}

template <class T>
TeachRun teach_typed(const Params& p, const std::vector<double>& values) {
  const int64_t n = static_cast<int64_t>(values.size());
  const int B = resolve_block_dim(p, n);
  const int64_t section = section_size(p, B);
  TeachRun run;
  run.trace.op = p.op;
  run.trace.serial_ops = serial_ops_for(n, p.inclusive);
  TraceModel<T> m(run.trace, true);
  const int input =
      m.add_buffer("input", MemSpace::Global, n, 1, std::vector<T>(values.begin(), values.end()));
  const int output = m.add_buffer("output", MemSpace::Global, n, 1);

  if (p.variant == Variant::Coarsened) {
    run.level_sizes = {n};
    const int xy = m.add_buffer("XY", MemSpace::Shared, section, 1);
    model_coarsened_kernel(m, p, B, CoarsenedLaunch{input, output, xy, -1, n, 1, ""});
  } else {
    run.level_sizes = hierarchy_level_sizes(n, section);
    const size_t levels = run.level_sizes.size();
    // Level l > 0 scans the block sums of level l - 1 ("block sums", "block sums 2", ...) into
    // their scanned copy; level 0 scans the input into the output.
    std::vector<int> raw(levels), scanned(levels);
    raw[0] = input;
    scanned[0] = output;
    for (size_t l = 1; l < levels; ++l) {
      raw[l] = m.add_buffer(level_name("block sums", l), MemSpace::Global, run.level_sizes[l], 1);
      scanned[l] = m.add_buffer(level_name("block sums", l) + " (scanned)", MemSpace::Global,
                                run.level_sizes[l], 1);
    }
    for (size_t l = 0; l < levels; ++l) {
      const int grid = static_cast<int>((run.level_sizes[l] + section - 1) / section);
      const int xy = m.add_buffer(l == 0 ? "XY" : "XY (level " + std::to_string(l) + ")",
                                  MemSpace::Shared, section, grid);
      const int sums = l + 1 < levels ? raw[l + 1] : -1;
      model_coarsened_kernel(m, p, B,
                             CoarsenedLaunch{raw[l], scanned[l], xy, sums, run.level_sizes[l], grid,
                                             "level " + std::to_string(l) + ": "});
    }
    for (size_t l = levels - 1; l-- > 0;)
      model_add_block_sums(m, p, B, section, scanned[l], scanned[l + 1], run.level_sizes[l],
                           static_cast<int>(l));
  }
  m.finish();
  const std::vector<T>& out = m.state(output);
  run.result.assign(out.begin(), out.end());
  return run;
}

// ---------------------------------------------------------------------------------------------
// Fast mode: the same schedule with plain loops, one section at a time.

template <class T>
class CoarsenedSection {
 public:
  CoarsenedSection(const Params& p, int block_dim)
      : op_(p.op),
        inclusive_(p.inclusive),
        B_(block_dim),
        c_(p.coarsening),
        xy_(size_t(block_dim) * p.coarsening) {}

  void operator()(const T* in, T* out, int64_t count, T& total) {
    const int c = c_;
    const int threads = static_cast<int>((count + c - 1) / c);  // threads owning elements
    auto last_of = [&](int t) { return std::min(int64_t{t + 1} * c, count) - 1; };
    std::copy(in, in + count, xy_.begin());
    for (int t = 0; t < threads; ++t)
      for (int64_t i = int64_t{t} * c + 1; i <= last_of(t); ++i)
        xy_[i] = apply_op<T>(op_, xy_[i - 1], xy_[i]);
    for (int stride = 1; stride < B_; stride *= 2)
      for (int t = threads - 1; t >= stride; --t)  // downwards: reads see the previous stride
        xy_[last_of(t)] = apply_op<T>(op_, xy_[last_of(t - stride)], xy_[last_of(t)]);
    for (int t = 1; t < threads; ++t)
      for (int64_t i = int64_t{t} * c; i < last_of(t); ++i)
        xy_[i] = apply_op<T>(op_, xy_[int64_t{t} * c - 1], xy_[i]);
    total = xy_[count - 1];
    if (inclusive_) {
      std::copy(xy_.begin(), xy_.begin() + count, out);
    } else {
      out[0] = identity_of<T>(op_);
      std::copy(xy_.begin(), xy_.begin() + count - 1, out + 1);
    }
  }

 private:
  BinaryOp op_;
  bool inclusive_;
  int B_, c_;
  std::vector<T> xy_;
};

template <class T>
void compute_typed(const Params& p, const T* in, T* out, int64_t n) {
  validate(p, n, false);
  if (n <= 0) return;
  const int B = resolve_block_dim(p, n);
  cpu_hierarchical_scan(in, out, n, section_size(p, B), p.op, p.inclusive,
                        CoarsenedSection<T>(p, B));
}

}  // namespace

TeachRun teach_cpu_coarsened(const Params& p, const std::vector<double>& values) {
  WS_REQUIRE(p.variant == Variant::Coarsened || p.variant == Variant::Hierarchical,
             std::string("the coarsened family runs variants 6 and 7, not ") + info(p.variant).id);
  validate(p, static_cast<int64_t>(values.size()), true);
  WS_REQUIRE(!values.empty(), std::string("a teach-mode scan needs at least one value"));
  return p.type == ValueType::Int32 ? teach_typed<int32_t>(p, values)
                                    : teach_typed<float>(p, values);
}

void compute_cpu_coarsened(const Params& p, const int32_t* in, int32_t* out, int64_t n) {
  compute_typed(p, in, out, n);
}

void compute_cpu_coarsened(const Params& p, const float* in, float* out, int64_t n) {
  compute_typed(p, in, out, n);
}

}  // namespace ws::scan
