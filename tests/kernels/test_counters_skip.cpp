// EventKind::Skip in the counters: a lane that sits out a read (predicated off) keeps its later
// reads in the warp instructions they belong to, is not active for the Skip, and adds nothing.
// Hand-made traces with a warp of 4 lanes, so every count below is worked out in the comments.
#include <gtest/gtest.h>

#include <vector>

#include "common/counters.h"
#include "common/trace.h"

namespace ws::test {
namespace {

constexpr int kF = 0, kN = 1;  // F: 8 weights in constant memory; N: 64 floats in global memory

TraceEvent event(int thread, int buffer, EventKind kind, int address) {
  TraceEvent e{};
  e.step = 0;
  e.thread = thread;
  e.buffer = int16_t(buffer);
  e.kind = kind;
  e.address = address;
  e.value = 0.0;
  return e;
}
TraceEvent read(int thread, int buffer, int address) {
  return event(thread, buffer, EventKind::Read, address);
}
TraceEvent skip(int thread, int buffer) {
  return event(thread, buffer, EventKind::Skip, -1);
}

// One block of one 4-lane warp, one step holding `events` (in thread, then program order).
Trace trace_of(std::vector<TraceEvent> events) {
  Trace t;
  t.warp_size = 4;
  t.elem_bytes = 4;
  t.buffers.push_back({"F", MemSpace::Constant, 8, 1, std::vector<double>(8, 1.0)});
  t.buffers.push_back({"N", MemSpace::Global, 64, 1, std::vector<double>(64, 1.0)});
  TraceStep s;
  s.label = "taps";
  s.block_dim = 4;
  t.steps.push_back(s);
  distribute_events(events, t);
  return t;
}

// Every lane reads weights 0, 1, 2 in order; lane 0 sits out weight 0 (its tap is a ghost cell).
std::vector<TraceEvent> weight_reads(bool record_skip) {
  std::vector<TraceEvent> e;
  for (int lane = 0; lane < 4; ++lane)
    for (int w = 0; w < 3; ++w) {
      if (lane == 0 && w == 0) {
        if (record_skip) e.push_back(skip(lane, kF));
        continue;
      }
      e.push_back(read(lane, kF, w));
    }
  return e;
}

TEST(CountersSkip, ASkippedReadKeepsTheLaneInStepWithItsWarp) {
  // Three warp instructions, one per weight, each one address: three broadcasts.
  const Counters c = compute_counters(trace_of(weight_reads(true)));
  EXPECT_EQ(c.constant_reads, 3);
  EXPECT_EQ(c.constant_serialization, 0);
  EXPECT_EQ(c.per_step[0].active_threads, 4);
  EXPECT_EQ(c.per_step[0].divergent_warps, 0);
}

TEST(CountersSkip, WithoutTheSkipTheLaneShiftsIntoTheWrongInstructions) {
  // The same reads with lane 0's Skip left out: its weights 1 and 2 land in the instructions of
  // weights 0 and 1 (two addresses each: one extra pass apiece), weight 2 is read by 3 lanes.
  const Counters c = compute_counters(trace_of(weight_reads(false)));
  EXPECT_EQ(c.constant_reads, 3);
  EXPECT_EQ(c.constant_serialization, 2);
}

TEST(CountersSkip, GlobalSectorsGroupTheRightAddresses) {
  // Lane l reads N[l] then N[32 + l]; lane 0 sits out its first read. Instruction 0: N[1..3],
  // one sector (elements 0-7); instruction 1: N[32..35], one sector (elements 32-39): 2 in all.
  // Without the Skip, lane 0's N[32] would join N[1..3]: 2 sectors there, 3 in all.
  std::vector<TraceEvent> e = {skip(0, kN), read(0, kN, 32)};
  for (int lane = 1; lane < 4; ++lane) {
    e.push_back(read(lane, kN, lane));
    e.push_back(read(lane, kN, 32 + lane));
  }
  EXPECT_EQ(compute_counters(trace_of(e)).global_requests, 2);
  e.erase(e.begin());
  EXPECT_EQ(compute_counters(trace_of(e)).global_requests, 3);
}

TEST(CountersSkip, ALaneThatOnlySkipsIsNotActive) {
  // Lanes 0-2 read N[0..2]; lane 3 sits its read out: 3 active lanes, a divergent warp, one
  // sector, no operations; trace.h's active_threads agrees.
  const Trace t = trace_of({read(0, kN, 0), read(1, kN, 1), read(2, kN, 2), skip(3, kN)});
  const Counters c = compute_counters(t);
  EXPECT_EQ(c.per_step[0].active_threads, 3);
  EXPECT_EQ(c.per_step[0].active_warps, 1);
  EXPECT_EQ(c.per_step[0].divergent_warps, 1);
  EXPECT_EQ(c.global_requests, 1);
  EXPECT_EQ(c.ops, 0);
  EXPECT_EQ(active_threads(t.steps[0]), (std::vector<int32_t>{0, 1, 2}));
}

TEST(CountersSkip, ReplayIgnoresSkips) {
  const Trace t = trace_of({skip(0, kN), read(1, kN, 1)});
  const auto snapshots = replay_snapshots(t);
  ASSERT_EQ(snapshots.size(), 1u);
  EXPECT_EQ(snapshots[0][kN], t.buffers[kN].initial);
}

}  // namespace
}  // namespace ws::test
