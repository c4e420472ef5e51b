// Teach mode of the summed-area-table variants 1-5 on the CPU twins: the notes' worked example,
// every variant's table against the sequential and the exact references over many shapes, the
// replayed trace against the run, the counters' lessons, and bad requests.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "common/counters.h"
#include "common/error.h"
#include "sat/sat.h"
#include "sat_teach_test_support.h"

namespace ws::sat {
namespace {

using test::describe;
using test::kTeachVariants;
using test::random_plane;
using test::takes_tile;
using test::teach_params;

Plane notes_example() {
  Plane p;
  p.width = 3;
  p.height = 3;
  p.values = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  return p;
}

int buffer_index(const Trace& t, const std::string& name) {
  for (size_t i = 0; i < t.buffers.size(); ++i)
    if (t.buffers[i].name == name) return int(i);
  return -1;
}

// The "sat" buffer just before the column phase begins (variant 2: after the transpose back).
std::vector<double> sat_before_columns(const Trace& t) {
  const auto snaps = replay_snapshots(t);
  for (size_t s = 1; s < t.steps.size(); ++s)
    if (t.steps[s].phase == "column") return snaps[s - 1][1];
  ADD_FAILURE() << "no column phase";
  return {};
}

TEST(SatCpuTeach, NotesWorkedExampleRowColumn) {
  TeachParams p;
  p.variant = Variant::RowColumn;
  const TeachRun run = teach(p, notes_example(), Backend::Cpu);
  const std::vector<double> rows = {1, 3, 6, 4, 9, 15, 7, 15, 24};
  const std::vector<double> sat = {1, 3, 6, 5, 12, 21, 12, 27, 45};
  EXPECT_EQ(run.row_scans, rows);
  EXPECT_EQ(run.sat, sat);
  EXPECT_EQ(sat_before_columns(run.trace), rows);
  EXPECT_EQ(replay_snapshots(run.trace).back()[1], sat);
  EXPECT_EQ(run.trace.steps.size(), 6u);  // w + h steps
  EXPECT_EQ(run.trace.steps[0].label, "row phase: x = 0");
  EXPECT_EQ(run.trace.buffers[0].name, "in");
  EXPECT_EQ(run.trace.buffers[1].name, "sat");
}

TEST(SatCpuTeach, NotesExampleRowScansAppearInEveryRowFirstVariant) {
  const std::vector<double> rows = {1, 3, 6, 4, 9, 15, 7, 15, 24};
  const std::vector<double> sat = {1, 3, 6, 5, 12, 21, 12, 27, 45};
  for (Variant v : {Variant::Transpose, Variant::BlockScan}) {
    TeachParams p;
    p.variant = v;
    const TeachRun run = teach(p, notes_example(), Backend::Cpu);
    EXPECT_EQ(run.sat, sat) << info(v).id;
    EXPECT_EQ(sat_before_columns(run.trace), rows) << info(v).id;
  }
  TeachParams p;
  p.variant = Variant::SinglePass;
  p.tile = 2;
  EXPECT_EQ(teach(p, notes_example(), Backend::Cpu).sat, sat);
}

void expect_tables(Variant v, Accum a, int w, int h, uint64_t seed, int tile) {
  const Plane img = random_plane(w, h, a, seed);
  const TeachParams p = teach_params(v, a, tile);
  const TeachRun run = teach(p, img, Backend::Cpu);
  const std::string what = describe(v, a, w, h, tile) + " seed " + std::to_string(seed);
  ASSERT_EQ(run.width, w);
  ASSERT_EQ(run.height, h);
  const std::vector<double> exact = sat_reference(img);
  const std::vector<double> seq = sat_sequential(img, a);
  ASSERT_EQ(run.sat.size(), exact.size()) << what;
  if (a == Accum::F32F32) {
    for (size_t i = 0; i < exact.size(); ++i)  // float rounding of sums below w h
      ASSERT_NEAR(run.sat[i], exact[i], 4e-7 * (w + h) * std::max(1.0, exact[i])) << what << i;
  } else {
    ASSERT_EQ(run.sat, seq) << what;
    ASSERT_EQ(run.sat, exact) << what;
  }
  // The trace replays to the table the run reports.
  const auto snaps = replay_snapshots(run.trace);
  ASSERT_FALSE(snaps.empty());
  ASSERT_EQ(snaps.back()[1], run.sat) << what;
  EXPECT_EQ(run.trace.serial_ops, int64_t{h} * (w - 1) + int64_t{w} * (h - 1));
}

TEST(SatCpuTeach, EveryVariantMatchesTheReferencesOnManyShapes) {
  for (Variant v : kTeachVariants)
    for (int w : test::teach_sides())
      for (int h : test::teach_sides())
        expect_tables(v, Accum::U8U32, w, h, 1, takes_tile(v) ? 1 + (w + h) % 15 + 1 : 4);
}

TEST(SatCpuTeach, SeedsAccumulationsAndTiles) {
  const std::pair<int, int> shapes[] = {{1, 1}, {32, 32}, {17, 5}, {1, 31}, {29, 1}, {11, 23}};
  for (Variant v : kTeachVariants)
    for (Accum a : {Accum::U8U32, Accum::F32F32, Accum::F32F64})
      for (auto [w, h] : shapes)
        for (uint64_t seed : {2u, 3u})
          for (int tile : {2, 5, 16})
            if (takes_tile(v) || tile == 2) expect_tables(v, a, w, h, seed, tile);
}

TEST(SatCpuTeach, RowScansInSatAfterTheRowPhase) {
  for (Variant v : {Variant::RowColumn, Variant::Transpose, Variant::BlockScan}) {
    const Plane img = random_plane(13, 7, Accum::U8U32, 4);
    TeachParams p;
    p.variant = v;
    const TeachRun run = teach(p, img, Backend::Cpu);
    EXPECT_EQ(run.row_scans, row_scans_reference(img)) << info(v).id;
    EXPECT_EQ(sat_before_columns(run.trace), run.row_scans) << info(v).id;
  }
}

int64_t phase_requests_per_step(const Trace& t, const Counters& c, const std::string& phase,
                                int64_t& steps) {
  int64_t total = 0;
  steps = 0;
  for (size_t s = 0; s < t.steps.size(); ++s)
    if (t.steps[s].phase == phase) {
      total += c.per_step[s].global_requests;
      ++steps;
    }
  return total;
}

TEST(SatCpuTeach, RowColumnRowPhaseIsUncoalescedColumnPhaseCoalesced) {
  TeachParams p;
  p.variant = Variant::RowColumn;
  const TeachRun run = teach(p, random_plane(32, 32, Accum::U8U32, 5), Backend::Cpu);
  const Counters c = compute_counters(run.trace);
  int64_t row_steps = 0, column_steps = 0;
  const int64_t row = phase_requests_per_step(run.trace, c, "row", row_steps);
  const int64_t column = phase_requests_per_step(run.trace, c, "column", column_steps);
  ASSERT_EQ(row_steps, 32);
  ASSERT_EQ(column_steps, 32);
  // A row step: 32 threads read and write addresses 32 elements apart, a sector each; a column
  // step: 32 consecutive elements, 4 sectors each way.
  EXPECT_GT(row / row_steps, 4 * (column / column_steps));
}

TEST(SatCpuTeach, TransposeHasNoBankConflictsAndCoalescedPhases) {
  for (Accum a : {Accum::U8U32, Accum::F32F32}) {
    TeachParams p;
    p.variant = Variant::Transpose;
    p.accum = a;
    const TeachRun run = teach(p, random_plane(32, 32, a, 6), Backend::Cpu);
    const Counters c = compute_counters(run.trace);
    EXPECT_EQ(c.bank_conflicts, 0);
    EXPECT_EQ(c.max_bank_ways, 1);
    TeachParams rc = p;
    rc.variant = Variant::RowColumn;
    const Counters cr = compute_counters(teach(rc, random_plane(32, 32, a, 6), Backend::Cpu).trace);
    int64_t s1 = 0, s2 = 0;
    // The transpose's row phase reads along tmp's rows: as coalesced as the column phase.
    EXPECT_LT(phase_requests_per_step(run.trace, c, "row", s1),
              phase_requests_per_step(teach(rc, random_plane(32, 32, a, 6), Backend::Cpu).trace, cr,
                                      "row", s2) /
                  4);
  }
}

TEST(SatCpuTeach, SinglePassTraceShowsTheLookBack) {
  TeachParams p;
  p.variant = Variant::SinglePass;
  p.tile = 4;
  const TeachRun run = teach(p, random_plane(13, 9, Accum::U8U32, 7), Backend::Cpu);
  const Trace& t = run.trace;
  const int row_flags = buffer_index(t, "row flags"),
            column_flags = buffer_index(t, "column flags");
  const int counter = buffer_index(t, "tile counter");
  ASSERT_GE(row_flags, 0);
  ASSERT_GE(column_flags, 0);
  ASSERT_GE(counter, 0);
  int lookback_steps = 0, flag_reads = 0, atomics = 0;
  for (const TraceStep& s : t.steps) {
    lookback_steps += s.phase == "look-back";
    for (const TraceEvent& e : s.events) {
      if (e.kind == EventKind::Atomic && e.buffer == counter) ++atomics;
      if (e.kind != EventKind::Read || (e.buffer != row_flags && e.buffer != column_flags))
        continue;
      ++flag_reads;
      EXPECT_EQ(s.phase, "look-back");
      // Tile k (threads 4k..4k+3) reads the flag of the tile to its left or above it.
      const int k = e.thread / 4;
      EXPECT_EQ(e.address, e.buffer == row_flags ? k - 1 : k - 4);
      EXPECT_EQ(e.value, 2.0);  // tiles run one after the other: the neighbour's prefix is out
    }
  }
  EXPECT_EQ(lookback_steps, 2);
  EXPECT_EQ(atomics, 12);  // 4 x 3 tiles, each takes its index once
  // Row look-backs: 3 tiles per tile row are not in column 0 -> 3 x 3 tiles x 4 threads; column:
  // 4 x 2 tiles x 4 threads.
  EXPECT_EQ(flag_reads, 3 * 3 * 4 + 4 * 2 * 4);
  const Counters c = compute_counters(t);
  EXPECT_EQ(c.atomics, 12);
}

TEST(SatCpuTeach, BadRequestsThrowClearErrors) {
  TeachParams p;
  Plane wide = random_plane(33, 1, Accum::U8U32, 1);
  try {
    teach(p, wide, Backend::Cpu);
    FAIL() << "33x1 accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("32 x 32"), std::string::npos) << e.what();
  }
  for (Variant v : {Variant::SinglePass, Variant::RegisterTiled}) {
    p.variant = v;
    for (int tile : {-3, 0, 1, 17, 32}) {
      p.tile = tile;
      try {
        teach(p, random_plane(4, 4, Accum::U8U32, 1), Backend::Cpu);
        FAIL() << info(v).id << " tile " << tile << " accepted";
      } catch (const Error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find(std::string(info(v).id) + " tile edge"), std::string::npos) << what;
        EXPECT_NE(what.find("2..16, not " + std::to_string(tile)), std::string::npos) << what;
      }
    }
  }
  // An unknown variant number is named.
  p.variant = static_cast<Variant>(6);
  p.tile = 4;
  try {
    teach(p, random_plane(4, 4, Accum::U8U32, 1), Backend::Cpu);
    FAIL() << "variant 6 accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("variant 6"), std::string::npos) << e.what();
  }
  for (Variant v : kTeachVariants) EXPECT_TRUE(has_teach_trace(v));
  EXPECT_EQ(std::size(kTeachVariants), 5u);  // every variant teaches
  p.variant = Variant::RowColumn;
  Plane bad = random_plane(3, 3, Accum::U8U32, 1);
  bad.values[4] = 256;  // not a byte
  EXPECT_THROW(teach(p, bad, Backend::Cpu), Error);
  bad.values.pop_back();
  EXPECT_THROW(teach(p, bad, Backend::Cpu), Error);
}

}  // namespace
}  // namespace ws::sat
