// Invariants of the CPU teach traces: a replay ends in the field run_cpu computes, every read
// sees what the replay holds at that moment (so nothing unwritten is ever read), each updated
// cell is written once, tiles are loaded once, halo threads idle, and the counters agree.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "common/counters.h"
#include "common/error.h"
#include "stencil_test_support.h"

namespace ws::test {
namespace {

using stencil::Boundary;
using stencil::Params;
using stencil::Shape;
using stencil::Variant;

// Small grids (several blocks, partial tiles) and every valid setting of every variant.
std::vector<Params> teach_cases() {
  std::vector<Params> out;
  for (Boundary b : all_boundaries())
    for (bool materials : {false, true}) {
      for (Shape s : {Shape::Five, Shape::Nine}) {
        Params p = grid2d(13, 10, s, b);
        p.materials = materials;
        for (Params q : variant_settings(p)) out.push_back(q);
      }
      Params p = grid3d(6, 5, 11, b);
      p.materials = materials;
      for (Params q : variant_settings(p)) out.push_back(q);
    }
  return out;
}

stencil::TeachRun teach(const Params& p, uint64_t seed = 17) {
  return stencil::teach(p, random_field(p, seed), random_materials(p, seed), Backend::Cpu);
}

int buffer_index(const Trace& t, const std::string& name) {
  for (size_t b = 0; b < t.buffers.size(); ++b)
    if (t.buffers[b].name == name) return static_cast<int>(b);
  return -1;
}

int64_t updated_cells(const Params& p, const std::vector<float>& material) {
  int64_t n = 0;
  for (int z = 0; z < p.nz; ++z)
    for (int y = 0; y < p.ny; ++y)
      for (int x = 0; x < p.nx; ++x) {
        const bool ring = x == 0 || y == 0 || x == p.nx - 1 || y == p.ny - 1 ||
                          (p.dim == 3 && (z == 0 || z == p.nz - 1));
        if (p.boundary == Boundary::Fixed && ring) continue;
        if (p.materials && material[x + size_t(p.nx) * (y + size_t(p.ny) * z)] < 0) continue;
        ++n;
      }
  return n;
}

TEST(StencilTeach, ReplayEndsInTheFieldOfRunCpu) {
  for (const Params& p : teach_cases()) {
    const std::vector<float> material = random_materials(p, 17);
    const stencil::TeachRun run = teach(p);
    std::vector<float> expected = run.before;
    stencil::run_cpu(p, expected, material, run.time_steps);
    EXPECT_EQ(run.time_steps, p.variant == Variant::TemporalBlocked ? p.steps_per_launch : 1);
    ASSERT_EQ(run.after, expected) << describe(p);
    const auto snapshots = replay_snapshots(run.trace);
    const int out = buffer_index(run.trace, "out");
    ASSERT_EQ(out, 1);
    for (size_t c = 0; c < expected.size(); ++c)
      ASSERT_EQ(snapshots.back()[out][c], expected[c]) << describe(p) << " cell " << c;
  }
}

// Walks the trace keeping every buffer's contents; each Read must see the current value (never
// an unwritten NaN), each Op is followed by the Write of its result.
TEST(StencilTeach, ReadsSeeTheReplayedContents) {
  for (const Params& p : teach_cases()) {
    const stencil::TeachRun run = teach(p);
    const Trace& t = run.trace;
    std::vector<std::vector<double>> state;
    for (const auto& b : t.buffers) state.push_back(b.initial);
    for (const TraceStep& step : t.steps) {
      int32_t last_thread = -1;
      for (size_t i = 0; i < step.events.size(); ++i) {
        const TraceEvent& e = step.events[i];
        ASSERT_GE(e.thread, last_thread) << describe(p) << " " << step.label << ": not by thread";
        last_thread = e.thread;
        const TraceBuffer& b = t.buffers.at(e.buffer);
        size_t index = e.address;
        if (b.space == MemSpace::Shared) {
          ASSERT_LT(e.address, b.size);
          index += size_t(e.thread / step.block_dim) * b.size;
        }
        if (b.space == MemSpace::Register) {
          ASSERT_EQ(e.address, e.thread) << "own register";
        }
        ASSERT_LT(index, state[e.buffer].size());
        double& slot = state[e.buffer][index];
        if (e.kind == EventKind::Read) {
          ASSERT_FALSE(std::isnan(slot))
              << describe(p) << " " << step.label << ": thread " << e.thread << " reads unwritten "
              << b.name << "[" << e.address << "]";
          ASSERT_EQ(e.value, slot) << describe(p) << " " << step.label;
        } else if (e.kind == EventKind::Write) {
          slot = e.value;
        } else if (e.kind == EventKind::Op) {
          ASSERT_LT(i + 1, step.events.size());
          const TraceEvent& w = step.events[i + 1];
          EXPECT_TRUE(w.kind == EventKind::Write && w.address == e.address &&
                      w.buffer == e.buffer && w.value == e.value)
              << describe(p) << " " << step.label << ": an Op not followed by its write";
        }
      }
    }
  }
}

TEST(StencilTeach, EachUpdatedCellIsWrittenOnceAndNoOtherCell) {
  for (const Params& p : teach_cases()) {
    const std::vector<float> material = random_materials(p, 17);
    const stencil::TeachRun run = teach(p);
    std::map<int32_t, int> writes;
    for (const auto& step : run.trace.steps)
      for (const auto& e : step.events)
        if (e.buffer == 1 && e.kind == EventKind::Write) ++writes[e.address];
    ASSERT_EQ(int64_t(writes.size()), updated_cells(p, material)) << describe(p);
    for (const auto& [cell, count] : writes) ASSERT_EQ(count, 1) << describe(p) << " cell " << cell;
    EXPECT_EQ(run.trace.serial_ops, updated_cells(p, material) * run.time_steps);
  }
}

TEST(StencilTeach, SharedTilingLoadsEachTileCellOnceAndHaloThreadsIdle) {
  for (const Params& p : teach_cases()) {
    if (p.variant != Variant::SharedTiled) continue;
    const stencil::TeachRun run = teach(p);
    const Trace& t = run.trace;
    ASSERT_EQ(t.steps.size(), 2u);
    const int edge = p.tile + 2;
    const int tile = p.dim == 3 ? edge * edge * edge : edge * edge;
    EXPECT_EQ(t.steps[0].block_dim, tile);
    EXPECT_EQ(t.buffers.at(2).size, tile);
    // Load: each thread reads one input cell and writes its own slot, once.
    std::map<int32_t, int> slot_writes;
    std::map<int32_t, int> reads;
    for (const auto& e : t.steps[0].events) {
      if (e.kind == EventKind::Write) {
        EXPECT_EQ(e.address, e.thread % tile) << "a thread writes its own slot";
        ++slot_writes[e.thread];
      } else {
        ++reads[e.thread];
      }
    }
    for (const auto& [thread, count] : slot_writes) ASSERT_EQ(count, 1);
    EXPECT_EQ(reads.size(), slot_writes.size());
    // Periodic: every slot holds a cell; otherwise the grid-filling blocks load full tiles.
    if (p.boundary == Boundary::Periodic) {
      EXPECT_EQ(int64_t(slot_writes.size()), int64_t(t.steps[0].grid_dim) * tile) << describe(p);
    }
    // Compute: only inner threads act.
    for (const auto& e : t.steps[1].events) {
      const int local = e.thread % tile;
      const int tx = local % edge, ty = local / edge % edge, tz = local / (edge * edge);
      ASSERT_TRUE(tx >= 1 && tx <= p.tile && ty >= 1 && ty <= p.tile &&
                  (p.dim == 2 || (tz >= 1 && tz <= p.tile)))
          << describe(p) << ": halo thread " << e.thread << " computes";
    }
  }
}

TEST(StencilTeach, StepsAndBuffersFollowTheDocumentedLayout) {
  for (const Params& p : teach_cases()) {
    const stencil::TeachRun run = teach(p);
    const Trace& t = run.trace;
    EXPECT_EQ(t.type, ValueType::Float32);
    EXPECT_EQ(t.elem_bytes, 4);
    ASSERT_GE(t.buffers.size(), 2u);
    EXPECT_EQ(t.buffers[0].name, "in");
    EXPECT_EQ(t.buffers[1].name, "out");
    std::vector<std::string> markers;
    for (const auto& s : t.steps) markers.push_back(s.code_marker);
    const int planes = std::min(p.tile, p.nz);
    switch (p.variant) {
      case Variant::Basic:
        EXPECT_EQ(t.buffers.size(), 2u);
        EXPECT_EQ(markers, std::vector<std::string>{"compute"});
        break;
      case Variant::SharedTiled:
        EXPECT_EQ(markers, (std::vector<std::string>{"load", "compute"}));
        break;
      case Variant::CoarsenedZ:
      case Variant::RegisterTiled:
        ASSERT_EQ(int(markers.size()), 1 + 3 * planes) << describe(p);
        EXPECT_EQ(t.steps[1].label, "z=0 load next");
        EXPECT_EQ(t.steps[3 * planes].label, "z=" + std::to_string(planes - 1) + " rotate");
        EXPECT_EQ(t.buffers.size(), p.variant == Variant::RegisterTiled ? 5u : 3u);
        if (p.variant == Variant::RegisterTiled) {
          EXPECT_EQ(t.buffers[3].name, "prev");
          EXPECT_EQ(t.buffers[4].space, MemSpace::Register);
          EXPECT_EQ(t.buffers[4].size, t.steps[0].grid_dim * t.steps[0].block_dim);
        }
        break;
      case Variant::TemporalBlocked:
        ASSERT_EQ(int(markers.size()), p.steps_per_launch + 2);
        EXPECT_EQ(markers.front(), "load");
        EXPECT_EQ(markers[1], "time_step");
        EXPECT_EQ(markers.back(), "store");
        EXPECT_EQ(t.buffers[2].size, 2 * int(std::pow(p.tile + 2 * p.steps_per_launch, p.dim)));
        EXPECT_EQ(t.steps[0].block_dim, int(std::pow(p.tile + 2 * p.steps_per_launch, p.dim)));
        break;
    }
    for (size_t b = 2; b < t.buffers.size(); ++b)
      for (double v : t.buffers[b].initial) ASSERT_TRUE(std::isnan(v));
  }
}

TEST(StencilTeach, TemporalBlockingShrinksItsValidRegionOneRingPerStep) {
  Params p = grid2d(40, 40, Shape::Five, Boundary::Periodic);
  p.variant = Variant::TemporalBlocked, p.tile = 8, p.steps_per_launch = 4;
  const stencil::TeachRun run = teach(p);
  const int edge = 16;
  for (int s = 1; s <= 4; ++s) {
    const auto active = active_threads(run.trace.steps[s]);
    const int per_block = (edge - 2 * s) * (edge - 2 * s);  // periodic: every slot is a cell
    EXPECT_EQ(int64_t(active.size()), int64_t(per_block) * run.trace.steps[s].grid_dim)
        << "time step " << s;
  }
}

TEST(StencilTeach, TemporalBlockingShrinksItsValidRegionOneShellPerStepIn3D) {
  Params p = grid3d(12, 8, 12, Boundary::Periodic);
  p.variant = Variant::TemporalBlocked, p.tile = 4, p.steps_per_launch = 3;
  const stencil::TeachRun run = teach(p);
  const int edge = 10;
  EXPECT_EQ(run.trace.steps[0].grid_dim, 3 * 2 * 3);
  EXPECT_EQ(run.trace.steps[0].block_dim, edge * edge * edge);
  for (int s = 1; s <= 3; ++s) {
    const auto active = active_threads(run.trace.steps[s]);
    const int side = edge - 2 * s;  // periodic: every slot is a cell
    EXPECT_EQ(int64_t(active.size()), int64_t(side) * side * side * run.trace.steps[s].grid_dim)
        << "time step " << s;
  }
  // The store: each block's inner 4^3 threads write one output each, every cell once.
  EXPECT_EQ(int64_t(active_threads(run.trace.steps[4]).size()), p.cells());
}

TEST(StencilTeach, CountersAreSensible) {
  for (const Params& p : teach_cases()) {
    const stencil::TeachRun run = teach(p);
    const Counters c = compute_counters(run.trace);
    EXPECT_EQ(c.useful_ops, run.trace.serial_ops);
    if (p.variant == Variant::TemporalBlocked) {
      EXPECT_GE(c.ops, c.useful_ops) << describe(p) << ": redundant halo updates";
    } else {
      EXPECT_EQ(c.ops, c.useful_ops) << describe(p) << ": one Op per updated cell";
    }
    EXPECT_EQ(c.atomics, 0);
    EXPECT_GT(c.global_requests, 0);
    if (p.variant != Variant::Basic) {
      EXPECT_GT(c.barriers, 0) << describe(p);
    }
    EXPECT_LE(c.efficiency, 1.0);
  }
}

TEST(StencilTeach, RefusesLargeGridsAndWrongSizes) {
  Params p = grid2d(65, 8, Shape::Five, Boundary::Insulated);
  EXPECT_THROW(stencil::teach(p, std::vector<float>(p.cells()), {}, Backend::Cpu), Error);
  Params q = grid3d(8, 8, 17, Boundary::Insulated);
  EXPECT_THROW(stencil::teach(q, std::vector<float>(q.cells()), {}, Backend::Cpu), Error);
  Params r = grid2d(8, 8, Shape::Five, Boundary::Insulated);
  EXPECT_THROW(stencil::teach(r, std::vector<float>(10), {}, Backend::Cpu), Error);
  Params full = grid2d(64, 64, Shape::Nine, Boundary::Fixed);
  EXPECT_NO_THROW(stencil::teach(full, random_field(full, 1), {}, Backend::Cpu));
}

}  // namespace
}  // namespace ws::test
