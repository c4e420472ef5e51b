// Teach mode of variant 5 (register-tiled) on its CPU twin: the table on shapes with partial tiles,
// the three launches as phases and steps, lane l of a tile on column l, the event counts that
// follow from the shape, the aggregates and carries as sums over the image, the lanes' registers
// (running column sums, running table values) row by row, memory counters the registers leave
// alone, and the kernel lines the code panel highlights.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "code_panel_test_support.h"
#include "common/counters.h"
#include "common/trace.h"
#include "sat/sat.h"
#include "sat_teach_test_support.h"

namespace ws::sat {
// Named, not anonymous: the unity builds put this file in one translation unit with the other SAT
// tests, whose anonymous namespaces have their own Shape.
namespace register_tiled_teach_test {

using test::random_plane;
using test::teach_params;

struct Shape {
  int w, h, tile;
};
// Whole tiles, partial tiles on the right and at the bottom, one pixel, tiles wider than the image,
// a tile edge that is not a power of two.
const Shape kShapes[] = {{13, 7, 4}, {32, 32, 8},  {1, 1, 2},  {1, 1, 16},  {5, 32, 16},
                         {32, 5, 3}, {17, 17, 16}, {31, 2, 5}, {32, 32, 2}, {9, 11, 7}};

// The tile grid, computed here rather than taken from the twin.
struct Tiles {
  int tiles_x, tiles_y;
  int count() const { return tiles_x * tiles_y; }
};
Tiles tiles_of(const Shape& s) {
  return {(s.w + s.tile - 1) / s.tile, (s.h + s.tile - 1) / s.tile};
}

std::string describe(const Shape& s, Accum a) {
  return test::describe(Variant::RegisterTiled, a, s.w, s.h, s.tile);
}

TeachRun run_of(const Shape& s, Accum a, uint64_t seed) {
  return teach(teach_params(Variant::RegisterTiled, a, s.tile), random_plane(s.w, s.h, a, seed),
               Backend::Cpu);
}

int buffer_index(const Trace& t, const std::string& name) {
  for (size_t i = 0; i < t.buffers.size(); ++i)
    if (t.buffers[i].name == name) return int(i);
  ADD_FAILURE() << "no buffer " << name;
  return -1;
}

// How many events of `kind` each element of `buffer` gets in steps of `phase` ("" = any).
std::vector<int> events_per_element(const Trace& t, const std::string& name, EventKind kind,
                                    const std::string& phase = "") {
  const int b = buffer_index(t, name);
  std::vector<int> count(b < 0 ? 0 : size_t(t.buffers[size_t(b)].size), 0);
  for (const TraceStep& s : t.steps)
    if (phase.empty() || s.phase == phase)
      for (const TraceEvent& e : s.events)
        if (e.buffer == b && e.kind == kind) ++count.at(size_t(e.address));
  return count;
}

int64_t events_of(const Trace& t, const std::string& name, EventKind kind,
                  const std::string& phase = "") {
  int64_t total = 0;
  for (int c : events_per_element(t, name, kind, phase)) total += c;
  return total;
}

TEST(SatCpuTeachRegisterTiled, TablesEqualTheReferenceForEveryType) {
  for (Accum a : {Accum::U8U32, Accum::F32F32, Accum::F32F64})
    for (const Shape& s : kShapes)
      for (uint64_t seed : {1u, 2u}) {
        const Plane img = random_plane(s.w, s.h, a, seed);
        const TeachRun run =
            teach(teach_params(Variant::RegisterTiled, a, s.tile), img, Backend::Cpu);
        const std::string what = describe(s, a) + " seed " + std::to_string(seed);
        const std::vector<double> exact = sat_reference(img);
        ASSERT_EQ(run.sat.size(), exact.size()) << what;
        if (a == Accum::F32F32) {
          for (size_t i = 0; i < exact.size(); ++i)  // float rounding of sums below w h
            ASSERT_NEAR(run.sat[i], exact[i], 4e-7 * (s.w + s.h) * std::max(1.0, exact[i]))
                << what << " at " << i;
        } else {
          EXPECT_EQ(run.sat, exact) << what;
          EXPECT_EQ(run.sat, sat_sequential(img, a)) << what;
        }
        EXPECT_EQ(replay_snapshots(run.trace).back()[1], run.sat) << what;
      }
}

// Bytes as floats: every partial sum is a whole number below 2^24, so any order is exact.
TEST(SatCpuTeachRegisterTiled, FloatTablesOfWholeNumbersAreExact) {
  for (const Shape& s : kShapes) {
    const Plane img = random_plane(s.w, s.h, Accum::U8U32, 3);
    const TeachRun run =
        teach(teach_params(Variant::RegisterTiled, Accum::F32F32, s.tile), img, Backend::Cpu);
    EXPECT_EQ(run.sat, sat_reference(img)) << describe(s, Accum::F32F32);
  }
}

TEST(SatCpuTeachRegisterTiled, ThreeLaunchesAreThePhasesAndTheStepsFollowTheShape) {
  const Shape s{13, 7, 4};  // 4 x 2 tiles, the last column of tiles 1 wide, the last row 3 high
  const Trace t = run_of(s, Accum::U8U32, 4).trace;
  ASSERT_EQ(t.steps.size(), 14u);  // 4 rows + store, 4 carries, the row above + 4 rows
  std::vector<std::string> phases;
  for (const TraceStep& step : t.steps) phases.push_back(step.phase);
  const std::vector<std::string> want = {"tile sums",   "tile sums",   "tile sums",   "tile sums",
                                         "tile sums",   "carries",     "carries",     "carries",
                                         "carries",     "tile tables", "tile tables", "tile tables",
                                         "tile tables", "tile tables"};
  EXPECT_EQ(phases, want);
  EXPECT_EQ(t.steps[0].label, "tile sums: row 0");
  EXPECT_EQ(t.steps[13].label, "tile tables: row 3");
  for (const TraceStep& step : t.steps) {
    EXPECT_EQ(step.code_marker.rfind("@rt-", 0), 0u) << step.label;
    EXPECT_FALSE(step.events.empty()) << step.label;
    if (step.phase == "carries") {
      EXPECT_EQ(step.grid_dim, 3) << step.label;
      EXPECT_EQ(step.block_dim, kTeachMax) << step.label;
    } else {
      EXPECT_EQ(step.grid_dim, 8) << step.label;   // a block per tile
      EXPECT_EQ(step.block_dim, 4) << step.label;  // a lane per column of the tile
    }
  }
  // A tile shorter than the tile edge has no rows left: an image 2 rows high has 2 row steps.
  EXPECT_EQ(run_of({13, 2, 4}, Accum::U8U32, 4).trace.steps.size(), 2u * 2 + 6);
}

TEST(SatCpuTeachRegisterTiled, LaneLOfATileTouchesColumnLOfItsTile) {
  for (const Shape& s : kShapes) {
    const Trace t = run_of(s, Accum::U8U32, 5).trace;
    const Tiles g = tiles_of(s);
    int row = -1;  // the tile row of the step ("tile sums: row r", "tile tables: row r")
    std::string last_phase;
    for (const TraceStep& step : t.steps) {
      row = step.phase != last_phase ? -1 : row;
      last_phase = step.phase;
      if (step.code_marker == "@rt-sum-row" || step.code_marker == "@rt-table-row") ++row;
      for (const TraceEvent& e : step.events) {
        if (e.buffer != 0 && e.buffer != 1) continue;  // in, sat
        const int k = e.thread / s.tile, lane = e.thread % s.tile;
        const int x0 = (k % g.tiles_x) * s.tile, y0 = (k / g.tiles_x) * s.tile;
        ASSERT_EQ(e.address % s.w, x0 + lane) << describe(s, Accum::U8U32) << " " << step.label;
        ASSERT_EQ(e.address / s.w, y0 + row) << describe(s, Accum::U8U32) << " " << step.label;
      }
    }
  }
}

// Kogge-Stone adds of lanes 0..n-1 in a block of T lanes: lane l >= d adds, for d = 1, 2, 4 < T.
int64_t scan_adds(int n, int T) {
  int64_t adds = 0;
  for (int d = 1; d < T; d *= 2) adds += std::max(0, n - d);
  return adds;
}

TEST(SatCpuTeachRegisterTiled, EventCountsFollowFromTheShape) {
  for (const Shape& s : kShapes) {
    const std::string what = describe(s, Accum::U8U32);
    const Trace t = run_of(s, Accum::U8U32, 6).trace;
    const Tiles g = tiles_of(s);
    const std::vector<int> once_each(size_t(s.w) * s.h, 1), twice_each(size_t(s.w) * s.h, 2);
    // The image is read twice (once a launch), the table written once and never read.
    EXPECT_EQ(events_per_element(t, "in", EventKind::Read), twice_each) << what;
    EXPECT_EQ(events_per_element(t, "in", EventKind::Read, "tile sums"), once_each) << what;
    EXPECT_EQ(events_per_element(t, "sat", EventKind::Write), once_each) << what;
    EXPECT_EQ(events_per_element(t, "sat", EventKind::Write, "tile tables"), once_each) << what;
    EXPECT_EQ(events_of(t, "sat", EventKind::Read), 0) << what;
    EXPECT_EQ(events_of(t, "in", EventKind::Write), 0) << what;
    // Launch 1 writes each aggregate once, launch 2 reads it once and writes each carry once,
    // launch 3 reads each carry once; corners: written across, then read and rewritten down.
    for (const char* name : {"column sums", "row sums", "tile totals"}) {
      const std::vector<int> n_once(size_t(t.buffers[size_t(buffer_index(t, name))].size), 1);
      EXPECT_EQ(events_per_element(t, name, EventKind::Write, "tile sums"), n_once)
          << what << " " << name;
      EXPECT_EQ(events_per_element(t, name, EventKind::Read, "carries"), n_once)
          << what << " " << name;
      EXPECT_EQ(events_of(t, name, EventKind::Write), int64_t(n_once.size())) << what << name;
    }
    for (const char* name : {"column carries", "row carries"}) {
      const std::vector<int> n_once(size_t(t.buffers[size_t(buffer_index(t, name))].size), 1);
      EXPECT_EQ(events_per_element(t, name, EventKind::Write, "carries"), n_once) << what << name;
      EXPECT_EQ(events_per_element(t, name, EventKind::Read, "tile tables"), n_once)
          << what << name;
    }
    const std::vector<int> corners_twice(size_t(g.count()), 2);
    EXPECT_EQ(events_per_element(t, "corners", EventKind::Write), corners_twice) << what;
    // Every lane inside the image reads its tile's corner: a tile row's lanes cover w columns.
    EXPECT_EQ(events_of(t, "corners", EventKind::Read, "tile tables"), int64_t(g.tiles_y) * s.w)
        << what;
    // The adds: per tile of n columns and r rows, a tree of n - 1 adds per row (the row sums) and
    // over the column sums (the total), r - 1 adds per column (the column sums); in launch 3 a
    // Kogge-Stone scan across the lanes per row and two adds per pixel (the row carry, the
    // running column value), and one scan of the column carries.
    int64_t row_tree = 0, totals = 0, column_adds = 0, table = 0, above = 0;
    for (int k = 0; k < g.count(); ++k) {
      const int n = std::min(s.tile, s.w - (k % g.tiles_x) * s.tile);
      const int r = std::min(s.tile, s.h - (k / g.tiles_x) * s.tile);
      row_tree += int64_t(r) * (n - 1);
      totals += n - 1;
      column_adds += int64_t(n) * (r - 1);
      table += r * (scan_adds(n, s.tile) + 2 * n);
      above += scan_adds(n, s.tile) + n;  // the scan, plus the corner
    }
    EXPECT_EQ(events_of(t, "row sums", EventKind::Op, "tile sums"), row_tree) << what;
    EXPECT_EQ(events_of(t, "tile totals", EventKind::Op, "tile sums"), totals) << what;
    EXPECT_EQ(events_of(t, "column sums", EventKind::Op, "tile sums"), column_adds) << what;
    EXPECT_EQ(events_of(t, "sat", EventKind::Op, "tile tables"), table) << what;
    EXPECT_EQ(events_of(t, "column carries", EventKind::Op, "tile tables"), above) << what;
    EXPECT_EQ(t.serial_ops, int64_t{s.h} * (s.w - 1) + int64_t{s.w} * (s.h - 1)) << what;
  }
}

TEST(SatCpuTeachRegisterTiled, AggregatesAndCarriesAreSumsOverTheImage) {
  for (const Shape& s : kShapes) {
    const std::string what = describe(s, Accum::U8U32);
    const Plane img = random_plane(s.w, s.h, Accum::U8U32, 7);
    const TeachRun run =
        teach(teach_params(Variant::RegisterTiled, Accum::U8U32, s.tile), img, Backend::Cpu);
    const Trace& t = run.trace;
    const auto last = replay_snapshots(t).back();
    const Tiles g = tiles_of(s);
    const int w = s.w, h = s.h, T = s.tile;
    // The sum of the image over [x0, x1) x [y0, y1), clamped to it.
    const auto sum = [&](int x0, int x1, int y0, int y1) {
      double total = 0;
      for (int y = y0; y < std::min(y1, h); ++y)
        for (int x = x0; x < std::min(x1, w); ++x) total += img.values[size_t(y) * w + x];
      return total;
    };
    const auto& column_sums = last[size_t(buffer_index(t, "column sums"))];
    const auto& column_carries = last[size_t(buffer_index(t, "column carries"))];
    const auto& row_sums = last[size_t(buffer_index(t, "row sums"))];
    const auto& row_carries = last[size_t(buffer_index(t, "row carries"))];
    const auto& totals = last[size_t(buffer_index(t, "tile totals"))];
    const auto& corners = last[size_t(buffer_index(t, "corners"))];
    for (int ty = 0; ty < g.tiles_y; ++ty)
      for (int x = 0; x < w; ++x) {
        EXPECT_EQ(column_sums[size_t(ty) * w + x], sum(x, x + 1, ty * T, ty * T + T)) << what;
        EXPECT_EQ(column_carries[size_t(ty) * w + x], sum(x, x + 1, 0, ty * T)) << what;
      }
    for (int tx = 0; tx < g.tiles_x; ++tx)
      for (int y = 0; y < h; ++y) {
        EXPECT_EQ(row_sums[size_t(tx) * h + y], sum(tx * T, tx * T + T, y, y + 1)) << what;
        EXPECT_EQ(row_carries[size_t(tx) * h + y], sum(0, tx * T, y, y + 1)) << what;
      }
    for (int k = 0; k < g.count(); ++k) {
      const int x0 = (k % g.tiles_x) * T, y0 = (k / g.tiles_x) * T;
      EXPECT_EQ(totals[size_t(k)], sum(x0, x0 + T, y0, y0 + T)) << what << " tile " << k;
      EXPECT_EQ(corners[size_t(k)], sum(0, x0, 0, y0)) << what << " tile " << k;
    }
  }
}

// The sum of `img` over [x0, x1) x [y0, y1), clamped to the image.
double box_sum(const Plane& img, int x0, int x1, int y0, int y1) {
  double total = 0;
  for (int y = y0; y < std::min(y1, img.height); ++y)
    for (int x = x0; x < std::min(x1, img.width); ++x)
      total += img.values[size_t(y) * img.width + x];
  return total;
}

// The indices of the steps with `marker`, in order.
std::vector<size_t> steps_marked(const Trace& t, const std::string& marker) {
  std::vector<size_t> found;
  for (size_t i = 0; i < t.steps.size(); ++i)
    if (t.steps[i].code_marker == marker) found.push_back(i);
  return found;
}

// Launch 1: after row r's step, lane l of tile (tx, ty) holds in its register the sum of column
// x0 + l over rows y0..y0 + r of the tile (all of the tile's rows once r passes its last one);
// only the lane itself writes it, once a row.
TEST(SatCpuTeachRegisterTiled, LaneRegistersHoldTheColumnSumsRowByRow) {
  for (Accum a : {Accum::U8U32, Accum::F32F64})
    for (const Shape& s : kShapes) {
      const std::string what = describe(s, a);
      const Plane img = random_plane(s.w, s.h, a, 9);
      const Trace t =
          teach(teach_params(Variant::RegisterTiled, a, s.tile), img, Backend::Cpu).trace;
      const int regs = buffer_index(t, "lane column sums");
      ASSERT_GE(regs, 0) << what;
      const TraceBuffer& buf = t.buffers[size_t(regs)];
      EXPECT_EQ(buf.space, MemSpace::Register) << what;
      const Tiles g = tiles_of(s);
      ASSERT_EQ(buf.size, g.tiles_y * s.w) << what;
      const auto snaps = replay_snapshots(t);
      const std::vector<size_t> rows = steps_marked(t, "@rt-sum-row");
      ASSERT_EQ(rows.size(), size_t(std::min(s.tile, s.h))) << what;
      for (size_t r = 0; r < rows.size(); ++r)
        for (int ty = 0; ty < g.tiles_y; ++ty)
          for (int x = 0; x < s.w; ++x) {
            const int y0 = ty * s.tile,
                      last = std::min(y0 + int(r), std::min(y0 + s.tile, s.h) - 1);
            ASSERT_EQ(snaps[rows[r]][size_t(regs)][size_t(ty) * s.w + x],
                      box_sum(img, x, x + 1, y0, last + 1))
                << what << " row " << r << " tile row " << ty << " x " << x;
          }
      // One write a row by the lane that owns the column, in launch 1 only.
      std::vector<int> want(size_t(buf.size), 0);
      for (int ty = 0; ty < g.tiles_y; ++ty)
        for (int x = 0; x < s.w; ++x)
          want[size_t(ty) * s.w + x] = std::min(s.tile, s.h - ty * s.tile);
      EXPECT_EQ(events_per_element(t, "lane column sums", EventKind::Write, "tile sums"), want)
          << what;
      EXPECT_EQ(events_of(t, "lane column sums", EventKind::Write),
                events_of(t, "lane column sums", EventKind::Write, "tile sums"))
          << what;
      for (const TraceStep& step : t.steps)
        for (const TraceEvent& e : step.events)
          if (e.buffer == regs) {
            const int k = e.thread / s.tile, lane = e.thread % s.tile;
            ASSERT_EQ(e.address, (k / g.tiles_x) * s.w + (k % g.tiles_x) * s.tile + lane)
                << what << " " << step.label;
          }
    }
}

// Launch 3: after the row above, lane l of tile (tx, ty) holds SAT(x0 + l, y0 - 1) (0 in the
// first row of tiles); after table row r, SAT(x0 + l, y0 + r), the value it stores: at the end
// the table's last row of each tile.
TEST(SatCpuTeachRegisterTiled, LaneRegistersHoldTheTableValuesRowByRow) {
  for (Accum a : {Accum::U8U32, Accum::F32F64})
    for (const Shape& s : kShapes) {
      const std::string what = describe(s, a);
      const Plane img = random_plane(s.w, s.h, a, 10);
      const Trace t =
          teach(teach_params(Variant::RegisterTiled, a, s.tile), img, Backend::Cpu).trace;
      const int regs = buffer_index(t, "lane table values");
      ASSERT_GE(regs, 0) << what;
      EXPECT_EQ(t.buffers[size_t(regs)].space, MemSpace::Register) << what;
      const std::vector<double> table = sat_reference(img);
      const auto sat_at = [&](int x, int y) { return y < 0 ? 0.0 : table[size_t(y) * s.w + x]; };
      const Tiles g = tiles_of(s);
      const auto snaps = replay_snapshots(t);
      const std::vector<size_t> above = steps_marked(t, "@rt-above");
      const std::vector<size_t> rows = steps_marked(t, "@rt-table-row");
      ASSERT_EQ(above.size(), 1u) << what;
      ASSERT_EQ(rows.size(), size_t(std::min(s.tile, s.h))) << what;
      for (int ty = 0; ty < g.tiles_y; ++ty) {
        const int y0 = ty * s.tile, last = std::min(y0 + s.tile, s.h) - 1;
        for (int x = 0; x < s.w; ++x) {
          const size_t at = size_t(ty) * s.w + x;
          ASSERT_EQ(snaps[above[0]][size_t(regs)][at], sat_at(x, y0 - 1)) << what << " x " << x;
          for (size_t r = 0; r < rows.size(); ++r)
            ASSERT_EQ(snaps[rows[r]][size_t(regs)][at], sat_at(x, std::min(y0 + int(r), last)))
                << what << " row " << r << " tile row " << ty << " x " << x;
          EXPECT_EQ(snaps.back()[size_t(regs)][at], sat_at(x, last)) << what << " x " << x;
        }
      }
      // Written at the row above and at each of the tile's rows, in launch 3 only.
      std::vector<int> want(size_t(t.buffers[size_t(regs)].size), 0);
      for (int ty = 0; ty < g.tiles_y; ++ty)
        for (int x = 0; x < s.w; ++x)
          want[size_t(ty) * s.w + x] = 1 + std::min(s.tile, s.h - ty * s.tile);
      EXPECT_EQ(events_per_element(t, "lane table values", EventKind::Write, "tile tables"), want)
          << what;
      EXPECT_EQ(events_of(t, "lane table values", EventKind::Write),
                events_of(t, "lane table values", EventKind::Write, "tile tables"))
          << what;
    }
}

// The registers are no memory: the counters of every step (sectors, lines, bank conflicts, ops,
// threads) are those of the trace without the register events.
TEST(SatCpuTeachRegisterTiled, RegistersLeaveTheMemoryCountersAlone) {
  for (const Shape& s : kShapes) {
    const std::string what = describe(s, Accum::U8U32);
    const Trace t = run_of(s, Accum::U8U32, 11).trace;
    Trace without = t;
    size_t removed = 0;
    for (TraceStep& step : without.steps) {
      const size_t before = step.events.size();
      step.events.erase(std::remove_if(step.events.begin(), step.events.end(),
                                       [&](const TraceEvent& e) {
                                         return t.buffers[size_t(e.buffer)].space ==
                                                MemSpace::Register;
                                       }),
                        step.events.end());
      removed += before - step.events.size();
    }
    ASSERT_GT(removed, 0u) << what << ": no register events";
    const Counters with_regs = compute_counters(t), plain = compute_counters(without);
    EXPECT_EQ(with_regs.global_requests, plain.global_requests) << what;
    ASSERT_EQ(with_regs.per_step.size(), plain.per_step.size()) << what;
    for (size_t i = 0; i < plain.per_step.size(); ++i) {
      const StepCounters &a = with_regs.per_step[i], &b = plain.per_step[i];
      const std::string where = what + " " + t.steps[i].label;
      EXPECT_EQ(a.global_requests, b.global_requests) << where;
      EXPECT_EQ(a.global_lines, b.global_lines) << where;
      EXPECT_EQ(a.bank_conflicts, b.bank_conflicts) << where;
      EXPECT_EQ(a.ops, b.ops) << where;
      EXPECT_EQ(a.active_threads, b.active_threads) << where;
      EXPECT_EQ(a.lanes_consumed, b.lanes_consumed) << where;
    }
  }
}

// The code panel shows the fast kernels' "@variant register-tiled" section unless the step's
// marker is not there; then the "@helper" section that has it: the teach kernels.
TEST(SatCpuTeachRegisterTiled, EveryStepHighlightsALineOfTheTeachKernels) {
  EXPECT_STREQ(info(Variant::RegisterTiled).source, "sat_register_tiled.cu");
  const std::string source = ws::test::kernel_source("kernels/sat/sat_register_tiled.cu");
  ASSERT_FALSE(source.empty()) << "kernels/sat/sat_register_tiled.cu not found";
  const auto all = ws::test::kernel_sections(source);
  const auto fast = all.find("variant register-tiled");
  const auto teach_kernels = all.find("helper register-tiled-teach");
  ASSERT_NE(fast, all.end());
  ASSERT_NE(teach_kernels, all.end());
  for (const Shape& s : {Shape{13, 7, 4}, Shape{1, 1, 2}}) {
    const Trace t = run_of(s, Accum::U8U32, 8).trace;
    for (const TraceStep& step : t.steps) {
      EXPECT_FALSE(ws::test::has_marker(fast->second, step.code_marker)) << step.code_marker;
      EXPECT_TRUE(ws::test::has_marker(teach_kernels->second, step.code_marker))
          << "step '" << step.label << "' marker " << step.code_marker;
    }
  }
}

}  // namespace register_tiled_teach_test
}  // namespace ws::sat
