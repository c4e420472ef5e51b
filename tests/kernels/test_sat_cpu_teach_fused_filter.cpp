// Teach mode of the fused box filter (TeachKernel::FusedFilter) on its CPU twin: the output equals
// the direct filter and the CPU walk bit for bit (r = 0, windows clamped on every side, radii past
// the image), the strip sums and start columns are column sums over the image, V is the window's
// column sums and E their prefix across the width for the output row each step walks, the steps
// and barriers follow the shape, the pixels are written once each, lane-major reads of E are free
// of bank conflicts, bad requests are refused by name, and every step highlights a line of the
// traced kernels.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "code_panel_test_support.h"
#include "common/counters.h"
#include "common/error.h"
#include "common/trace.h"
#include "sat/sat.h"
#include "sat/sat_filter_cpu.h"
#include "sat/sat_filter_fused_teach.h"
#include "sat_teach_test_support.h"

namespace ws::sat {
// Named, not anonymous: the unity builds put this file in one translation unit with the other SAT
// tests.
namespace fused_filter_teach_test {

using test::random_plane;
const auto fused = test::fused_filter_params;

TeachRun run_of(int w, int h, int radius, uint64_t seed) {
  return teach(fused(radius), random_plane(w, h, Accum::U8U32, seed), Backend::Cpu);
}

std::string describe(int w, int h, int r) {
  return "fused " + std::to_string(w) + "x" + std::to_string(h) + " r " + std::to_string(r);
}

int buffer_index(const Trace& t, const std::string& name) {
  for (size_t i = 0; i < t.buffers.size(); ++i)
    if (t.buffers[i].name == name) return int(i);
  ADD_FAILURE() << "no buffer " << name;
  return 0;
}

// The sum of column x over rows y0..y1 of the image (none when y1 < y0).
double column_sum(const TeachRun& run, int x, int y0, int y1) {
  double s = 0;
  for (int y = std::max(y0, 0); y <= y1; ++y) s += run.input[size_t(y) * run.width + x];
  return s;
}

const std::pair<int, int> kShapes[] = {{1, 1},   {3, 3},   {4, 1},  {1, 5},  {13, 9},
                                       {32, 32}, {31, 17}, {7, 32}, {17, 8}, {32, 3}};
const int kRadii[] = {0, 1, 2, 3, 5, 8, 15, 16, 31, 32, 40, kMaxSide};

TEST(SatCpuTeachFusedFilter, OutputEqualsTheDirectFilterAndTheWalkBitForBit) {
  for (auto [w, h] : kShapes)
    for (int r : kRadii)
      for (uint64_t seed : {1u, 2u}) {
        const Plane img = random_plane(w, h, Accum::U8U32, seed);
        const TeachRun run = teach(fused(r), img, Backend::Cpu);
        const std::string what = describe(w, h, r) + " seed " + std::to_string(seed);
        const std::vector<uint8_t> bytes(img.values.begin(), img.values.end());
        std::vector<uint8_t> direct(bytes.size()), walk(bytes.size());
        FilterParams fp;
        fp.radius = r;
        filter_direct_cpu(bytes.data(), w, h, fp, nullptr, direct.data());
        filter_box_walk_cpu(bytes.data(), w, h, fp, walk.data());
        ASSERT_EQ(run.filtered, std::vector<double>(direct.begin(), direct.end())) << what;
        ASSERT_EQ(run.filtered, std::vector<double>(walk.begin(), walk.end())) << what;
        EXPECT_TRUE(run.sat.empty()) << what;
        const int out = buffer_index(run.trace, "output");
        EXPECT_EQ(replay_snapshots(run.trace).back()[size_t(out)], run.filtered) << what;
      }
}

// The all-255 image: every mean is 255 whatever the window's clamping; a ramp keeps its mean.
TEST(SatCpuTeachFusedFilter, ConstantImagesStayConstantUnderEveryClampedWindow) {
  Plane img;
  img.width = 11;
  img.height = 7;
  img.values.assign(77, 255.0f);
  for (int r : {0, 1, 3, 6, 11, 100}) {
    const TeachRun run = teach(fused(r), img, Backend::Cpu);
    EXPECT_EQ(run.filtered, std::vector<double>(77, 255.0)) << "r " << r;
  }
}

// Launch 1 and 2 against the image: the running sums in the registers grow row by row into strip
// k's sums, its rows' column sums; start column k the
// column sums from row 0 through its start row; strips are whole rows cut at the walks' start rows
// and at least every 8th row, down to the last start row.
TEST(SatCpuTeachFusedFilter, StripSumsAndStartColumnsAreColumnSumsOverTheImage) {
  for (auto [w, h] : kShapes)
    for (int r : {0, 2, 4, 5, 40}) {
      const TeachRun run = run_of(w, h, r, 3);
      const std::string what = describe(w, h, r);
      const fused_teach::Shape s = fused_teach::shape_of(w, h, r);
      ASSERT_TRUE(std::is_sorted(s.starts.begin(), s.starts.end())) << what;
      EXPECT_LE(s.starts.back(), h - 1) << what;  // the walks read the rows below themselves
      for (int k = 0; k < s.strips(); ++k)
        EXPECT_LE(s.starts[size_t(k)] - s.first_row(k) + 1, fused_teach::kStripRows) << what;
      for (int b = 0; b < s.blocks; ++b) {
        const int y = b * s.rows_per_block, rr = std::min(r, std::max(w, h));
        const int bottom = std::min(y + rr, h - 1), top = std::max(y - rr, 0) - 1;
        EXPECT_TRUE(std::count(s.starts.begin(), s.starts.end(), bottom)) << what << " block " << b;
        if (top >= 0) {
          EXPECT_TRUE(std::count(s.starts.begin(), s.starts.end(), top)) << what << " block " << b;
        }
      }
      if (s.direct) continue;  // launches 1 and 2 do not run (their own test below)
      // Launch 1's registers: after row j of strip k, the column's sum over the strip's first
      // j + 1 rows.
      const int running = buffer_index(run.trace, "running sums");
      int64_t running_writes = 0;
      for (const TraceStep& st : run.trace.steps)
        for (const TraceEvent& e : st.events)
          if (e.buffer == running && e.kind == EventKind::Write) {
            const int k = e.address / w, x = e.address % w;
            const int j = int(&st - run.trace.steps.data());  // the steps start with the rows
            ++running_writes;
            EXPECT_EQ(e.value, column_sum(run, x, s.first_row(k), s.first_row(k) + j))
                << what << " strip " << k << " row " << j << " column " << x;
          }
      EXPECT_EQ(running_writes, int64_t(s.starts.back() + 1) * w) << what;
      const auto last = replay_snapshots(run.trace).back();
      const std::vector<double>& sums = last[size_t(buffer_index(run.trace, "strip sums"))];
      const std::vector<double>& starts = last[size_t(buffer_index(run.trace, "start columns"))];
      ASSERT_EQ(sums.size(), size_t(s.strips()) * w) << what;
      for (int k = 0; k < s.strips(); ++k)
        for (int x = 0; x < w; ++x) {
          EXPECT_EQ(sums[size_t(k) * w + x],
                    column_sum(run, x, s.first_row(k), s.starts[size_t(k)]))
              << what << " strip " << k << " column " << x;
          EXPECT_EQ(starts[size_t(k) * w + x], column_sum(run, x, 0, s.starts[size_t(k)]))
              << what << " start " << k << " column " << x;
        }
    }
}

// Every value the walk writes into V or E, checked against the image: V(x) of block b is the sum
// of column x over the window's rows of the output row it stands for, E its prefix across the
// width, in the buffer of the iteration's parity.
TEST(SatCpuTeachFusedFilter, VIsTheWindowsColumnSumsAndEItsPrefixAcrossTheWidth) {
  for (auto [w, h] : kShapes)
    for (int r : {0, 1, 3, 16}) {
      const TeachRun run = run_of(w, h, r, 4);
      const std::string what = describe(w, h, r);
      const Trace& t = run.trace;
      const fused_teach::Shape s = fused_teach::shape_of(w, h, r);
      const int v_buf = buffer_index(t, "V"), e_buf = buffer_index(t, "E");
      int start = -1;
      for (size_t i = 0; i < t.steps.size() && start < 0; ++i)
        if (t.steps[i].code_marker == (s.direct ? "@ff-walk-direct" : "@ff-walk-start"))
          start = int(i);
      ASSERT_GE(start, 0) << what;
      auto window_sum = [&](int x, int y) {
        return column_sum(run, x, std::max(y - s.r, 0), std::min(y + s.r, h - 1));
      };
      int64_t v_writes = 0, e_writes = 0;
      for (int step = start; step < int(t.steps.size()); ++step) {
        const TraceStep& st = t.steps[size_t(step)];
        const int j = step == start ? 0 : (step - start - 1) / 2;
        for (const TraceEvent& e : st.events) {
          if (e.kind != EventKind::Write) continue;
          const int block = e.thread / st.block_dim;
          const int ya = block * s.rows_per_block;
          if (e.buffer == v_buf) {
            // V is written at the block's first row, then whenever it moves: the last row of the
            // iteration that moved it (a write per row that moves, the last one wins).
            const int x = e.address % w;
            ++v_writes;
            bool matches = false;
            for (int y = ya + (step == start ? 0 : 2 * j);
                 y <= std::min(h - 1, ya + (step == start ? 0 : 2 * j + 1)); ++y)
              matches = matches || e.value == window_sum(x, y);
            EXPECT_TRUE(matches) << what << " V of block " << block << " column " << x;
          } else if (e.buffer == e_buf) {
            ++e_writes;
            const int row = e.address / w, x = e.address % w;
            EXPECT_EQ(row / fused_teach::kRows, j & 1) << what << ": E in the other buffer";
            const int y = ya + 2 * j + row % fused_teach::kRows;
            double prefix = 0;
            for (int c = 0; c <= x; ++c) prefix += window_sum(c, y);
            EXPECT_EQ(e.value, prefix) << what << " E of output row " << y << " column " << x;
          }
        }
      }
      EXPECT_GE(v_writes, int64_t(w) * s.blocks) << what;
      EXPECT_EQ(e_writes, int64_t(w) * h) << what;  // one E row per output row
    }
}

TEST(SatCpuTeachFusedFilter, StepsBarriersAndEventsFollowTheShape) {
  for (auto [w, h] : kShapes)
    for (int r : {0, 2, 9}) {
      const TeachRun run = run_of(w, h, r, 5);
      const Trace& t = run.trace;
      const std::string what = describe(w, h, r);
      const fused_teach::Shape s = fused_teach::shape_of(w, h, r);
      // A window of at most a block's rows: launch 3 alone (the fast kernel's rule).
      EXPECT_EQ(s.direct, 2 * s.r + 1 <= s.rows_per_block) << what;
      const size_t launches_1_2 = s.direct ? 0 : size_t(s.strip_height + 1 + 2);
      ASSERT_EQ(t.steps.size(), launches_1_2 + 1 + 2 * size_t(s.iterations)) << what;
      std::vector<std::string> phases;
      for (const TraceStep& st : t.steps)
        if (phases.empty() || phases.back() != st.phase) phases.push_back(st.phase);
      const std::vector<std::string> want_phases =
          s.direct ? std::vector<std::string>{"walk"}
                   : std::vector<std::string>{"strip sums", "start columns", "walk"};
      EXPECT_EQ(phases, want_phases) << what;
      int64_t barriers = 0;
      for (const TraceStep& st : t.steps) barriers += st.barriers;
      EXPECT_EQ(barriers, (s.direct ? 0 : 1) + s.iterations) << what;  // launch 2's, a walk's
      // Launch 1 reads every pixel through the last start row once (the walks read the rows
      // below it themselves); every output pixel is computed and written once.
      const int image = buffer_index(t, "image"), out = buffer_index(t, "output");
      std::vector<int> reads_in_1(size_t(w) * h, 0), writes(size_t(w) * h, 0);
      for (const TraceStep& st : t.steps)
        for (const TraceEvent& e : st.events) {
          if (st.phase == "strip sums" && e.buffer == image && e.kind == EventKind::Read)
            ++reads_in_1[size_t(e.address)];
          if (e.buffer == out && e.kind == EventKind::Write) ++writes[size_t(e.address)];
        }
      std::vector<int> want(size_t(w) * h, 0);
      if (!s.direct) std::fill(want.begin(), want.begin() + (s.starts.back() + 1) * w, 1);
      EXPECT_EQ(reads_in_1, want) << what;
      EXPECT_EQ(writes, std::vector<int>(size_t(w) * h, 1)) << what;
      // Launch 3's threads: one warp of ceil(w / 4) a block, a block per 8 rows.
      EXPECT_EQ(t.steps.back().block_dim, (w + 3) / 4) << what;
      EXPECT_EQ(t.steps.back().grid_dim, (h + 7) / 8) << what;
    }
}

// A window of at most a block's rows (r <= 3 with 8-row blocks): no strips, and the walk's first
// step reads each of its block's window rows once per column: at r = 3 on 13 x 9 (blocks at rows 0
// and 8), rows 0..3 for block 0 and 5..8 for block 1, both windows clamped.
TEST(SatCpuTeachFusedFilter, ShortWindowsStartFromTheirOwnRows) {
  for (auto [w, h] : kShapes)
    for (int r = 0; r <= 4; ++r) {
      const TeachRun run = run_of(w, h, r, 8);
      const Trace& t = run.trace;
      const std::string what = describe(w, h, r);
      const fused_teach::Shape s = fused_teach::shape_of(w, h, r);
      if (!s.direct) {
        EXPECT_EQ(t.steps.front().code_marker, "@ff-strip-row") << what;
        continue;
      }
      const TraceStep& start = t.steps.front();
      EXPECT_EQ(start.code_marker, "@ff-walk-direct") << what;
      EXPECT_EQ(start.label, "walk: V sums each block's first window (no launches 1 and 2)");
      const int image = buffer_index(t, "image");
      std::vector<int> reads(size_t(w) * h, 0), want(size_t(w) * h, 0);
      for (const TraceEvent& e : start.events)
        if (e.buffer == image && e.kind == EventKind::Read) ++reads[size_t(e.address)];
      for (int b = 0; b < s.blocks; ++b) {
        const int ya = b * s.rows_per_block;
        for (int y = std::max(ya - s.r, 0); y <= std::min(ya + s.r, h - 1); ++y)
          for (int x = 0; x < w; ++x) ++want[size_t(y) * w + x];
      }
      EXPECT_EQ(reads, want) << what;
    }
  EXPECT_TRUE(fused_teach::shape_of(13, 9, 3).direct);
  EXPECT_FALSE(fused_teach::shape_of(13, 9, 4).direct);
}

// The counters: the work the single-thread walk needs, and lane-major pixels: the lanes read
// neighbouring words of E, no bank conflicts.
TEST(SatCpuTeachFusedFilter, CountersSayTheWalksWorkAndConflictFreeReadsOfE) {
  for (auto [w, h] : kShapes)
    for (int r : {0, 3, 40}) {
      const Trace t = run_of(w, h, r, 6).trace;
      const std::string what = describe(w, h, r);
      const Counters c = compute_counters(t);
      EXPECT_EQ(c.useful_ops, t.serial_ops) << what;
      EXPECT_GT(t.serial_ops, 0) << what;
      for (size_t i = 0; i < t.steps.size(); ++i)
        if (t.steps[i].code_marker == "@ff-walk-pixels") {
          EXPECT_EQ(c.per_step[i].bank_conflicts, 0) << what << " " << t.steps[i].label;
        }
    }
}

TEST(SatCpuTeachFusedFilter, BadRequestsAreRefusedByName) {
  const Plane img = random_plane(5, 4, Accum::U8U32, 7);
  auto error_of = [&](const TeachParams& p, const Plane& in) {
    try {
      teach(p, in, Backend::Cpu);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  TeachParams p = fused(2);
  p.accum = Accum::F32F32;
  EXPECT_NE(error_of(p, random_plane(5, 4, Accum::F32F32, 7)).find("type f32 has no fused filter"),
            std::string::npos);
  EXPECT_NE(error_of(fused(-1), img).find("radius must be 0..8192, not -1"), std::string::npos);
  EXPECT_NE(error_of(fused(kMaxSide + 1), img).find("radius"), std::string::npos);
  EXPECT_NE(error_of(fused(1), random_plane(33, 4, Accum::U8U32, 7)).find("32 x 32"),
            std::string::npos);
  EXPECT_EQ(error_of(fused(kMaxSide), img), "");
}

// The code panel shows "@variant fused" of the traced kernels: every step's marker is there.
TEST(SatCpuTeachFusedFilter, EveryStepHighlightsALineOfTheTracedKernels) {
  const std::string file = std::string("kernels/sat/") + kFusedTeachSource;
  const std::string source = ws::test::kernel_source(file);
  ASSERT_FALSE(source.empty()) << file << " not found";
  const auto sections = ws::test::kernel_sections(source);
  const auto fused_section =
      sections.find(std::string("variant ") + teach_kernel_name(TeachKernel::FusedFilter));
  ASSERT_NE(fused_section, sections.end());
  for (const TraceStep& st : run_of(13, 9, 2, 8).trace.steps)
    EXPECT_TRUE(ws::test::has_marker(fused_section->second, st.code_marker)) << st.label;
}

}  // namespace fused_filter_teach_test
}  // namespace ws::sat
