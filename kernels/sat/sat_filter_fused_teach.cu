// Teach mode of the fused box filter (FilterMethod::Fused; the fast kernel is
// sat_filter_fused.cu, the CPU twin sat_teach_fused_filter_cpu.cpp): the fast kernel's three
// launches, traced, at the teaching shape of sat_filter_fused_teach.h (u8 images up to 32 x 32,
// any radius; windows past the longer side are the same as at it).
//   1 strip sums     a block per strip, 4 columns a thread: one step per row of the strips.
//                    Work an add per pixel down to the last start row; steps the tallest strip
//                    (at most 8 rows).
//   2 start columns  one block of 2 segments x 32 lanes: each segment's total, a barrier, the
//                    running sums down the strips. Work about 2 w strips adds; a lane's steps
//                    strips / 2 + 2.
//   3 walk           a block per 8 output rows, ceil(w / 4) threads (one warp) of 4 columns:
//                    V from two start columns (a window of at most 8 rows, r <= 3: from the
//                    window's image rows, and launches 1 and 2 do not run), then per two output
//                    rows V moved (the entering and leaving rows), the threads' prefixes of V, a
//                    Kogge-Stone shuffle scan of their totals, E published in shared memory (one
//                    barrier), the pixels lane-major from two look-ups in E and the rule's rounded
//                    mean. Work O(w h) whatever r (at most two adds per column and output row for
//                    V, w - 1 for E, two look-ups per pixel); a thread's steps per two output rows
//                    O(4 + log2(w / 4)), 4 iterations a block.
// Every step is deterministic, so the trace equals the twin's event for event.
#include <cuda_runtime.h>

#include <cstdint>

#include "../common/cuda_check.cuh"
#include "sat_cuda_support.cuh"
#include "sat_filter_fused_teach.h"
#include "sat_filter_rule.h"
#include "sat_teach_cpu.h"

namespace ws::sat {

// Nested in fused_teach, not anonymous: a unity build may put this file in one translation unit
// with sat_filter_fused.cu, which has its own kWalkCols, top_row and bottom_row (in its anonymous
// namespace and sat_filter_fused_parts.cuh); the teaching shape's are found first here.
namespace fused_teach::kernels {

enum FfArray : int {
  kFfImage,
  kFfRunning,  // registers: launch 1's running column sums, traced as writes (no store)
  kFfStripSums,
  kFfSegmentTotals,
  kFfStartColumns,
  kFfV,
  kFfE,
  kFfOut
};
static_assert(kFfOut < DynamicBlockTrace::kMaxBuffers, "the recorder names too few buffers");
enum FfPhase : int { kFfStripRow, kFfStripStore, kFfSegment, kFfStartRun, kFfWalkStart, kFfWalk };

struct FfArgs {
  const uint8_t* image;
  int w, h, r, strips, rows_per_block;
  bool direct;  // Shape::direct: each walk sums its first window; launches 1 and 2 do not run
  int starts[kMaxStarts];
  uint32_t* strip_sums;     // strips x w
  uint32_t* start_columns;  // strips x w
  uint8_t* out;
};

// @variant fused
// The index of `row` in the sorted start rows (it is one of them).
__device__ int start_index(const FfArgs& a, int row) {
  int k = 0;
  while (a.starts[k] < row) ++k;
  return k;
}

// ---- Launch 1: block k sums strip k; thread t its columns 4t .. 4t + 3.
template <class Rec>
__global__ void teach_strip_sums(FfArgs a, Rec rec) {
  const int k = int(blockIdx.x), t = int(threadIdx.x), w = a.w;
  const int first = k == 0 ? 0 : a.starts[k - 1] + 1, last = a.starts[k];
  uint32_t sum[kSumCols] = {};
  for (int y = first; y <= last; ++y) {
    rec.begin(kFfStripRow, y - first);
    for (int c = 0; c < kSumCols && t * kSumCols + c < w; ++c) {
      const int x = t * kSumCols + c;
      const uint32_t v = rec.read(kFfImage, int64_t{y} * w + x, a.image[y * w + x]);
      sum[c] =
          y == first ? v : rec.op(kFfStripSums, int64_t{k} * w + x, sum[c] + v);  // @ff-strip-row
      rec.write(kFfRunning, int64_t{k} * w + x, sum[c]);  // the register, traced: no store
    }
  }
  rec.begin(kFfStripStore);
  for (int c = 0; c < kSumCols && t * kSumCols + c < w; ++c) {
    const int at = k * w + t * kSumCols + c;
    a.strip_sums[at] = rec.write(kFfStripSums, at, sum[c]);  // @ff-strip-store
  }
}

// ---- Launch 2: lane x owns column x; segment s (a warp) a run of the strips.
template <class Rec>
__global__ void teach_start_columns(FfArgs a, Rec rec) {
  __shared__ uint32_t segment_total[kSegments * kLanes];
  const int x = int(threadIdx.x) % kLanes, seg = int(threadIdx.x) / kLanes, own = seg * kLanes + x;
  const int w = a.w, per = (a.strips + kSegments - 1) / kSegments;
  const int k0 = min(a.strips, seg * per), k1 = min(a.strips, k0 + per);
  rec.begin(kFfSegment);
  uint32_t run = 0;
  if (x < w) {
    for (int k = k0; k < k1; ++k) {
      const uint32_t v = rec.read(kFfStripSums, k * w + x, a.strip_sums[k * w + x]);
      run = k == k0 ? v : rec.op(kFfSegmentTotals, own, run + v);  // @ff-segment
    }
    segment_total[own] = rec.write(kFfSegmentTotals, own, run);
  }
  __syncthreads();
  rec.begin(kFfStartRun);
  if (x >= w) return;
  run = 0;
  bool started = false;
  for (int earlier = 0; earlier < seg; ++earlier) {
    const int at = earlier * kLanes + x;
    const uint32_t v = rec.read(kFfSegmentTotals, at, segment_total[at]);
    run = started ? rec.op(kFfSegmentTotals, own, run + v) : v;
    started = true;
  }
  for (int k = k0; k < k1; ++k) {
    const int at = k * w + x;
    const uint32_t v = rec.read(kFfStripSums, at, a.strip_sums[at]);
    run = started ? rec.op(kFfStartColumns, at, run + v) : v;
    started = true;
    a.start_columns[at] = rec.write(kFfStartColumns, at, run);  // @ff-start-run
  }
}

// ---- Launch 3: block b walks output rows b rows_per_block onwards; thread t columns 4t .. 4t + 3.
template <class Rec>
__global__ void teach_walk(FfArgs a, Rec rec) {
  __shared__ uint32_t e_rows[2 * kRows * kTeachMax];  // E: two buffers of kRows rows
  const int t = int(threadIdx.x), T = int(blockDim.x), b = int(blockIdx.x);
  const int w = a.w, h = a.h, r = a.r, x = t * kWalkCols, n = min(kWalkCols, w - x);
  const unsigned lanes = T >= 32 ? 0xffffffffu : (1u << T) - 1u;
  const int ya = b * a.rows_per_block, yb = min(h, ya + a.rows_per_block);
  // V at the first row: the column sums through the window's bottom row minus those through the
  // row above its top; a window of at most a block's rows, its rows read and added here.
  rec.begin(kFfWalkStart);
  const int rb = bottom_row(ya, r, h), rt = top_row(ya, r);
  uint32_t v[kWalkCols] = {};
  for (int y = rt + 1; a.direct && y <= rb; ++y)
    for (int k = 0; k < n; ++k) {
      const int at = y * w + x + k;
      const uint32_t p = rec.read(kFfImage, at, a.image[at]);
      v[k] = y == rt + 1 ? p : rec.op(kFfV, b * w + x + k, v[k] + p);  // @ff-walk-direct
    }
  for (int k = 0; a.direct && k < n; ++k) rec.write(kFfV, b * w + x + k, v[k]);
  for (int k = 0; !a.direct && k < n; ++k) {
    const int bottom = start_index(a, rb) * w + x + k;
    v[k] = rec.read(kFfStartColumns, bottom, a.start_columns[bottom]);
    if (rt >= 0) {
      const int top = start_index(a, rt) * w + x + k;
      v[k] = rec.op(kFfV, b * w + x + k,
                    v[k] - rec.read(kFfStartColumns, top, a.start_columns[top]));  // @ff-walk-start
    }
    rec.write(kFfV, b * w + x + k, v[k]);  // the register, traced: no store
  }
  int row_bottom = rb, row_top = rt;
  for (int y0 = ya, j = 0; y0 < yb; y0 += kRows, ++j) {
    rec.begin(kFfWalk, 2 * j);
    const int live = min(kRows, yb - y0);
    uint32_t prefix[kRows][kWalkCols] = {}, total[kRows] = {}, inclusive[kRows] = {};
    int rows_in[kRows] = {};
    for (int i = 0; i < live; ++i) {
      const int y = y0 + i;
      const auto [enters, leaves] = window_move(y, ya, r, h, row_bottom, row_top);
      row_bottom += enters;
      row_top += leaves;
      for (int k = 0; enters && k < n; ++k) {
        const int at = row_bottom * w + x + k;
        v[k] = rec.op(kFfV, b * w + x + k, v[k] + rec.read(kFfImage, at, a.image[at]));
      }
      for (int k = 0; leaves && k < n; ++k) {
        const int at = row_top * w + x + k;
        v[k] = rec.op(kFfV, b * w + x + k, v[k] - rec.read(kFfImage, at, a.image[at]));
      }
      for (int k = 0; (enters || leaves) && k < n; ++k) rec.write(kFfV, b * w + x + k, v[k]);
      rows_in[i] = row_bottom - row_top;
      for (int k = 0; k < n; ++k)
        prefix[i][k] = k == 0 ? v[0] : rec.op(kFfE, e_at(j, i, x + k, w), prefix[i][k - 1] + v[k]);
      total[i] = inclusive[i] = prefix[i][n - 1];
    }
    // The threads' totals scanned across the warp (Kogge-Stone shuffles), both rows a stride.
    for (int d = 1; d < T; d *= 2)
      for (int i = 0; i < live; ++i) {
        const uint32_t up = __shfl_up_sync(lanes, inclusive[i], d);
        if (t >= d)
          inclusive[i] =
              rec.op(kFfE, e_at(j, i, x + n - 1, w), up + inclusive[i]);  // @ff-walk-move
      }
    for (int i = 0; i < live; ++i) {
      const uint32_t earlier = inclusive[i] - total[i];
      for (int k = 0; k < n; ++k) {
        const int at = e_at(j, i, x + k, w);
        e_rows[at] =
            rec.write(kFfE, at, t > 0 ? rec.op(kFfE, at, prefix[i][k] + earlier) : prefix[i][k]);
      }
    }
    __syncthreads();
    rec.begin(kFfWalk, 2 * j + 1);
    // The pixels lane-major: thread t takes t, t + T, ..., so the lanes read neighbouring E.
    for (int i = 0; i < live; ++i) {
      const int y = y0 + i;
      for (int k = 0; k < kWalkCols && t + T * k < w; ++k) {
        const int px = t + T * k, at = y * w + px;
        const int x0 = max(px - r, 0), x1 = min(px + r, w - 1);
        const int e1 = e_at(j, i, x1, w);
        uint32_t sum = rec.read(kFfE, e1, e_rows[e1]);
        if (x0 > 0) {
          const int e0 = e_at(j, i, x0 - 1, w);
          sum = rec.op(kFfOut, at, sum - rec.read(kFfE, e0, e_rows[e0]));
        } else {
          rec.skip(kFfE);  // the window starts at x = 0: no second look-up (predicated off)
        }
        const uint8_t mean = rec.op(
            kFfOut, at, filter_rule::round_mean(uint64_t(sum), int64_t(x1 - x0 + 1) * rows_in[i]));
        a.out[at] = rec.write(kFfOut, at, mean);  // @ff-walk-pixels
      }
    }
  }
}
// @end

// One traced run: the three launches, recorded; the twin shapes the trace.
TeachRun traced_run(const TeachParams& params, const Plane& input) {
  TeachRun run = teach_cpu_fused_filter(params, input);
  const Shape s = shape_of(input.width, input.height, params.radius);
  const int w = s.w, h = s.h, n = w * h;
  cuda_support::Recording recording(run.trace);
  const std::vector<uint8_t> pixels(input.values.begin(), input.values.end());
  DeviceBuffer<uint8_t> image{size_t(n)}, out{size_t(n)};
  DeviceBuffer<uint32_t> sums(2 * size_t(s.strips()) * w);
  image.upload(pixels);
  FfArgs a{};
  a.image = image.data();
  a.w = w;
  a.h = h;
  a.r = s.r;
  a.strips = s.strips();
  a.rows_per_block = s.rows_per_block;
  a.direct = s.direct;
  for (int k = 0; k < s.strips(); ++k) a.starts[k] = s.starts[size_t(k)];
  a.strip_sums = sums.data();
  a.start_columns = sums.data() + size_t(s.strips()) * w;
  a.out = out.data();
  DynamicBlockTrace rec = recording.recorder();  // no set_block: threads by blockIdx.x
  const char* names[] = {
      "image", "running sums", "strip sums", "segment totals", "start columns", "V", "E", "output"};
  for (int i = 0; i <= kFfOut; ++i)
    rec.buffers[i] = cuda_support::buffer_named(run.trace, names[i]);
  const char* markers[] = {"@ff-strip-row",
                           "@ff-strip-store",
                           "@ff-segment",
                           "@ff-start-run",
                           s.direct ? "@ff-walk-direct" : "@ff-walk-start",
                           "@ff-walk-move"};
  for (int i = 0; i <= kFfWalk; ++i)
    rec.phases[i] = cuda_support::step_marked(run.trace, markers[i]);
  if (!s.direct) {  // a window of at most a block's rows: launch 3 alone, as in the fast kernel
    teach_strip_sums<<<s.strips(), s.sum_threads>>>(a, rec);
    WS_CUDA_CHECK_LAUNCH();
    teach_start_columns<<<1, kSegments * kLanes>>>(a, rec);
    WS_CUDA_CHECK_LAUNCH();
  }
  teach_walk<<<s.blocks, s.walk_threads>>>(a, rec);
  WS_CUDA_CHECK_LAUNCH();
  recording.download(run.trace);
  const std::vector<uint8_t> filtered = out.download();
  run.filtered.assign(filtered.begin(), filtered.end());
  return run;
}

}  // namespace fused_teach::kernels

TeachRun teach_cuda_fused_filter(const TeachParams& params, const Plane& input) {
  return fused_teach::kernels::traced_run(params, input);
}

}  // namespace ws::sat
