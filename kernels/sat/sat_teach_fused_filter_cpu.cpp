// The CPU twin of the traced fused box filter (sat_filter_fused_teach.cu; the fast kernel is
// sat_filter_fused.cu): its three launches at the teaching shape of sat_filter_fused_teach.h, u8
// samples, u32 sums. Thread numbers are blockIdx.x * blockDim.x + threadIdx.x of each launch.
//   1 strip sums     block k sums strip k (rows starts[k - 1] + 1 .. starts[k]); thread t owns
//                    columns 4t .. 4t + 3. One step per row of the strips: the thread reads its
//                    pixels and adds each into its column's running sum (Ops at "strip sums"), a
//                    register it records as a write to "running sums" (MemSpace::Register, laid
//                    out as the strip sums), then one step stores the sums.
//   2 start columns  one block of 2 segments x 32 lanes; lane x owns column x, segment s a run of
//                    the strips. Step 1: each segment adds its strips' sums and writes its total
//                    to "segment totals" (shared), then a barrier. Step 2: each segment adds the
//                    earlier segments' totals, then runs down its strips, writing the column sums
//                    through each start row ("start columns": the fast kernel does it in place).
//   3 walk           block b walks output rows 8b .. 8b + 7; thread t owns columns 4t .. 4t + 3.
//                    One step: V (registers, "V": block b's at b w + x) = the start columns at the
//                    window's bottom row minus those at the row above its top; or, when the window
//                    has at most a block's rows (Shape::direct: launches 1 and 2 do not run), the
//                    window's image rows read and added, row after row, then V written. Then per
//                    iteration of two output rows, two steps: (a) per row, V gains the entering
//                    image row and loses the leaving one (read, Op, V written), the thread's prefix
//                    of its columns (Ops at E), the Kogge-Stone shuffle scan of the threads' totals
//                    (Op at the thread's last column), E = prefix + the threads before (written to
//                    shared E); (b) after the barrier, lane-major pixels px = t + T k: read E(x1)
//                    and E(x0 - 1) when x0 > 0 (else a Skip: the load is predicated off), the
//                    difference (Op), the rule's rounded mean (Op), the output written.
// Trace: type Int32, elem_bytes 4 (the image and the output 1); serial_ops = the single-thread
// walk's operations (V's first rows and changes, E's prefixes, the differences and divisions).
#include <algorithm>
#include <string>
#include <vector>

#include "../common/error.h"
#include "sat_filter_fused_teach.h"
#include "sat_filter_rule.h"
#include "sat_teach_cpu.h"

namespace ws::sat {

namespace fused_teach {

int Shape::start_index(int row) const {
  const auto it = std::lower_bound(starts.begin(), starts.end(), row);
  WS_REQUIRE(it != starts.end() && *it == row,
             "fused teach: row " + std::to_string(row) + " is not a start row");
  return int(it - starts.begin());
}

Shape shape_of(int w, int h, int radius) {
  Shape s;
  s.w = w;
  s.h = h;
  s.r = filter_rule::useful_radius(radius, w, h);
  s.rows_per_block = std::min(h, kRowsPerBlock);
  s.blocks = (h + s.rows_per_block - 1) / s.rows_per_block;
  s.iterations = (s.rows_per_block + kRows - 1) / kRows;
  s.walk_threads = (w + kWalkCols - 1) / kWalkCols;
  s.sum_threads = (w + kSumCols - 1) / kSumCols;
  s.direct = 2 * int64_t(s.r) + 1 <= s.rows_per_block;  // the fast kernel's rule at 1x (.h)
  for (int b = 0; b < s.blocks; ++b) {
    const int y = b * s.rows_per_block;
    if (top_row(y, s.r) >= 0) s.starts.push_back(top_row(y, s.r));
    s.starts.push_back(bottom_row(y, s.r, h));
  }
  for (int y = kStripRows - 1; y < h; y += kStripRows) s.starts.push_back(y);
  std::sort(s.starts.begin(), s.starts.end());
  s.starts.erase(std::unique(s.starts.begin(), s.starts.end()), s.starts.end());
  for (int k = 0; k < s.strips(); ++k)
    s.strip_height = std::max(s.strip_height, s.starts[size_t(k)] - s.first_row(k) + 1);
  return s;
}

}  // namespace fused_teach

// Nested in fused_teach, not anonymous: its names (kLanes, kRows, ...) are found before those other
// twins' anonymous namespaces give the same names in a unity build.
namespace fused_teach::twin {

struct Buffers {
  int image, running, strip_sums, segment_totals, start_columns, v, e, out;
};

// A step label with its number: "{0}" in `pattern` replaced by n (the app translates the label
// through the pattern).
std::string numbered(std::string pattern, int n) {
  return pattern.replace(pattern.find("{0}"), 3, std::to_string(n));
}

// Launch 1: the column sums of every strip.
void strip_sums(SatModel& m, const Shape& s, const Buffers& b) {
  std::vector<int> row_steps;
  for (int j = 0; j < s.strip_height; ++j)
    row_steps.push_back(m.add_step(numbered("strip sums: row {0} of each strip", j), "strip sums",
                                   "@ff-strip-row", s.strips(), s.sum_threads, 0));
  const int store = m.add_step("strip sums: store each strip's column sums", "strip sums",
                               "@ff-strip-store", s.strips(), s.sum_threads, 0);
  const int w = s.w;
  for (int k = 0; k < s.strips(); ++k)
    for (int t = 0; t < s.sum_threads; ++t) {
      const int thread = k * s.sum_threads + t, first = s.first_row(k);
      double sum[kSumCols] = {};
      for (int y = first; y <= s.starts[size_t(k)]; ++y) {
        m.at(row_steps[size_t(y - first)]);
        for (int c = 0; c < kSumCols && t * kSumCols + c < w; ++c) {
          const int x = t * kSumCols + c;
          const double v = m.read(thread, b.image, y * w + x);
          sum[c] = y == first ? v : m.op(thread, b.strip_sums, k * w + x, m.add(sum[c], v));
          m.write(thread, b.running, k * w + x, sum[c]);
        }
      }
      m.at(store);
      for (int c = 0; c < kSumCols && t * kSumCols + c < w; ++c)
        m.write(thread, b.strip_sums, k * w + t * kSumCols + c, sum[c]);
    }
}

// Launch 2: per column, the strips' sums added down the image.
void start_columns(SatModel& m, const Shape& s, const Buffers& b) {
  const int block = kSegments * kLanes, w = s.w, strips = s.strips();
  const int segment_step = m.add_step("start columns: each segment sums its strips",
                                      "start columns", "@ff-segment", 1, block, 1);
  const int run_step =
      m.add_step("start columns: the earlier segments' totals, then the running sums",
                 "start columns", "@ff-start-run", 1, block, 0);
  const int per = (strips + kSegments - 1) / kSegments;
  for (int seg = 0; seg < kSegments; ++seg)
    for (int x = 0; x < w; ++x) {
      const int thread = seg * kLanes + x, own = seg * kLanes + x;
      const int k0 = std::min(strips, seg * per), k1 = std::min(strips, k0 + per);
      m.at(segment_step);
      double run = 0;
      for (int k = k0; k < k1; ++k) {
        const double v = m.read(thread, b.strip_sums, k * w + x);
        run = k == k0 ? v : m.op(thread, b.segment_totals, own, m.add(run, v));
      }
      m.write(thread, b.segment_totals, own, run);
      m.at(run_step);
      run = 0;
      bool started = false;
      for (int earlier = 0; earlier < seg; ++earlier) {
        const double v = m.read(thread, b.segment_totals, earlier * kLanes + x);
        run = started ? m.op(thread, b.segment_totals, own, m.add(run, v)) : v;
        started = true;
      }
      for (int k = k0; k < k1; ++k) {
        const double v = m.read(thread, b.strip_sums, k * w + x);
        run = started ? m.op(thread, b.start_columns, k * w + x, m.add(run, v)) : v;
        started = true;
        m.write(thread, b.start_columns, k * w + x, run);
      }
    }
}

// One walking block's registers: V and the rows its window has reached.
struct Walker {
  double v[kWalkCols] = {};
  double prefix[kRows][kWalkCols] = {};
  double inclusive[kRows] = {}, total[kRows] = {};
  int rows_in[kRows] = {};
};

// Launch 3: the walks, block by block, all threads of a block in lock-step where they shuffle.
void walk(SatModel& m, const Shape& s, const Buffers& b, std::vector<double>& out) {
  const int T = s.walk_threads, w = s.w, h = s.h, r = s.r;
  const int start = s.direct
                        ? m.add_step("walk: V sums each block's first window (no launches 1 and 2)",
                                     "walk", "@ff-walk-direct", s.blocks, T, 0)
                        : m.add_step("walk: V at each block's first row", "walk", "@ff-walk-start",
                                     s.blocks, T, 0);
  std::vector<int> move_steps, pixel_steps;
  for (int j = 0; j < s.iterations; ++j) {
    move_steps.push_back(
        m.add_step(numbered("walk, iteration {0}: V moves down, E by a block scan", j), "walk",
                   "@ff-walk-move", s.blocks, T, 0));
    pixel_steps.push_back(m.add_step(numbered("walk, iteration {0}: E published, the pixels", j),
                                     "walk", "@ff-walk-pixels", s.blocks, T, 1));
  }
  for (int blk = 0; blk < s.blocks; ++blk) {
    const int ya = blk * s.rows_per_block, yb = std::min(h, ya + s.rows_per_block);
    std::vector<Walker> lanes(size_t(T), Walker{});
    auto columns = [&](int t) { return std::min(kWalkCols, w - t * kWalkCols); };
    const int rb = bottom_row(ya, r, h), rt = top_row(ya, r);
    m.at(start);
    for (int t = 0; s.direct && t < T; ++t) {  // the window's rows, one at a time
      const int thread = blk * T + t, x = t * kWalkCols;
      for (int y = rt + 1; y <= rb; ++y)
        for (int k = 0; k < columns(t); ++k) {
          const double p = m.read(thread, b.image, y * w + x + k);
          double& v = lanes[size_t(t)].v[k];
          v = y == rt + 1 ? p : m.op(thread, b.v, blk * w + x + k, v + p);
        }
      for (int k = 0; k < columns(t); ++k)
        m.write(thread, b.v, blk * w + x + k, lanes[size_t(t)].v[k]);
    }
    for (int t = 0; !s.direct && t < T; ++t)
      for (int k = 0; k < columns(t); ++k) {
        const int thread = blk * T + t, x = t * kWalkCols + k;
        const double bottom = m.read(thread, b.start_columns, s.start_index(rb) * w + x);
        double v = bottom;
        if (rt >= 0)
          v = m.op(thread, b.v, blk * w + x,
                   bottom - m.read(thread, b.start_columns, s.start_index(rt) * w + x));
        lanes[size_t(t)].v[k] = v;
        m.write(thread, b.v, blk * w + x, v);
      }
    int row_bottom = rb, row_top = rt;  // the same for every thread
    for (int y0 = ya, j = 0; y0 < yb; y0 += kRows, ++j) {
      m.at(move_steps[size_t(j)]);
      const int live = std::min(kRows, yb - y0);
      for (int i = 0; i < live; ++i) {
        const int y = y0 + i;
        const auto [enters, leaves] = window_move(y, ya, r, h, row_bottom, row_top);
        row_bottom += enters;
        row_top += leaves;
        for (int t = 0; t < T; ++t) {
          Walker& L = lanes[size_t(t)];
          const int thread = blk * T + t, x = t * kWalkCols;
          for (int k = 0; enters && k < columns(t); ++k)
            L.v[k] = m.op(thread, b.v, blk * w + x + k,
                          L.v[k] + m.read(thread, b.image, row_bottom * w + x + k));
          for (int k = 0; leaves && k < columns(t); ++k)
            L.v[k] = m.op(thread, b.v, blk * w + x + k,
                          L.v[k] - m.read(thread, b.image, row_top * w + x + k));
          for (int k = 0; (enters || leaves) && k < columns(t); ++k)
            m.write(thread, b.v, blk * w + x + k, L.v[k]);
          L.rows_in[i] = row_bottom - row_top;
          for (int k = 0; k < columns(t); ++k)
            L.prefix[i][k] =
                k == 0 ? L.v[0]
                       : m.op(thread, b.e, e_at(j, i, x + k, w), L.prefix[i][k - 1] + L.v[k]);
          L.total[i] = L.inclusive[i] = L.prefix[i][columns(t) - 1];
        }
      }
      // The Kogge-Stone scan of the threads' totals (shuffles up): stride by stride, both rows.
      for (int d = 1; d < T; d *= 2)
        for (int i = 0; i < live; ++i) {
          std::vector<double> before(static_cast<size_t>(T));
          for (int t = 0; t < T; ++t) before[size_t(t)] = lanes[size_t(t)].inclusive[i];
          for (int t = d; t < T; ++t)
            lanes[size_t(t)].inclusive[i] =
                m.op(blk * T + t, b.e, e_at(j, i, t * kWalkCols + columns(t) - 1, w),
                     before[size_t(t - d)] + before[size_t(t)]);
        }
      for (int t = 0; t < T; ++t) {
        const Walker& L = lanes[size_t(t)];
        const int thread = blk * T + t;
        for (int i = 0; i < live; ++i) {
          const double earlier = L.inclusive[i] - L.total[i];
          for (int k = 0; k < columns(t); ++k) {
            const int at = e_at(j, i, t * kWalkCols + k, w);
            m.write(thread, b.e, at,
                    t > 0 ? m.op(thread, b.e, at, L.prefix[i][k] + earlier) : L.prefix[i][k]);
          }
        }
      }
      m.at(pixel_steps[size_t(j)]);
      for (int t = 0; t < T; ++t) {
        const int thread = blk * T + t;
        for (int i = 0; i < live; ++i) {
          const int y = y0 + i;
          for (int k = 0; k < kWalkCols && t + T * k < w; ++k) {
            const int px = t + T * k, at = y * w + px;
            const int x0 = std::max(px - r, 0), x1 = std::min(px + r, w - 1);
            double sum = m.read(thread, b.e, e_at(j, i, x1, w));
            if (x0 > 0)
              sum = m.op(thread, b.out, at, sum - m.read(thread, b.e, e_at(j, i, x0 - 1, w)));
            else
              m.skip(thread, b.e);  // the window starts at x = 0: the look-up predicated off
            const int64_t count = int64_t(x1 - x0 + 1) * lanes[size_t(t)].rows_in[i];
            const double mean =
                m.op(thread, b.out, at, double(filter_rule::round_mean(uint64_t(sum), count)));
            m.write(thread, b.out, at, mean);
            out[size_t(at)] = mean;
          }
        }
      }
    }
  }
}

// The operations of the same walk on one thread: V at row 0 (its rows added) and its changes (a
// column per entering or leaving row), E's prefix (w - 1 a row), a difference per pixel whose
// window does not start at x = 0 and a division per pixel.
int64_t serial_ops(const Shape& s) {
  int64_t ops =
      int64_t(s.h) * (s.w - 1) + int64_t(s.w) * s.h + int64_t(s.w) * bottom_row(0, s.r, s.h);
  for (int y = 1; y < s.h; ++y)
    ops += int64_t(s.w) * ((bottom_row(y, s.r, s.h) > bottom_row(y - 1, s.r, s.h)) +
                           (top_row(y, s.r) > top_row(y - 1, s.r)));
  for (int x = 0; x < s.w; ++x) ops += int64_t(s.h) * (x - s.r > 0);
  return ops;
}

TeachRun twin_run(const TeachParams& params, const Plane& input) {
  const Shape s = shape_of(input.width, input.height, params.radius);
  const int w = s.w, h = s.h;
  TeachRun run;
  run.params = params;
  run.width = w;
  run.height = h;
  run.input.assign(input.values.begin(), input.values.end());
  Trace& t = run.trace;
  t.op = BinaryOp::Sum;
  t.type = ValueType::Int32;
  t.elem_bytes = 4;
  t.serial_ops = serial_ops(s);
  SatModel m(run, Accum::U8U32);
  Buffers b{};
  b.image = m.add_buffer("image", MemSpace::Global, w * h, 1, run.input, 1);
  b.running = m.add_buffer("running sums", MemSpace::Register, s.strips() * w);
  b.strip_sums = m.add_buffer("strip sums", MemSpace::Global, s.strips() * w);
  b.segment_totals = m.add_buffer("segment totals", MemSpace::Shared, kSegments * kLanes);
  b.start_columns = m.add_buffer("start columns", MemSpace::Global, s.strips() * w);
  b.v = m.add_buffer("V", MemSpace::Register, s.blocks * w);
  b.e = m.add_buffer("E", MemSpace::Shared, 2 * kRows * w, s.blocks);
  b.out = m.add_buffer("output", MemSpace::Global, w * h, 1, {}, 1);
  if (!s.direct) {
    strip_sums(m, s, b);
    start_columns(m, s, b);
  }
  run.filtered.assign(size_t(w) * h, 0.0);
  walk(m, s, b, run.filtered);
  m.finish();
  return run;
}

}  // namespace fused_teach::twin

TeachRun teach_cpu_fused_filter(const TeachParams& params, const Plane& input) {
  return fused_teach::twin::twin_run(params, input);
}

}  // namespace ws::sat
