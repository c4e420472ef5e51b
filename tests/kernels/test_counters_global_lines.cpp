// Counters::global_lines, the 128-byte lines per warp-level global access (the lecture chapter's
// and PMPP's "requests"), beside global_requests (32-byte sectors). Hand-made traces of one
// 32-lane warp; every count below is worked out in the comments.
#include <gtest/gtest.h>

#include <vector>

#include "common/counters.h"
#include "common/trace.h"

namespace ws::test {
namespace {

TraceEvent access_event(int thread, int buffer, EventKind kind, int address) {
  TraceEvent e{};
  e.step = 0;
  e.thread = thread;
  e.buffer = int16_t(buffer);
  e.kind = kind;
  e.address = address;
  e.value = 0.0;
  return e;
}

// One block of one warp of 32 lanes; buffer 0 global (4096 int32), buffer 1 shared.
Trace one_step(const std::vector<TraceEvent>& events, int elem_bytes = 4) {
  Trace t;
  t.elem_bytes = elem_bytes;
  t.buffers.push_back({"g", MemSpace::Global, 4096, 1, std::vector<double>(4096, 0.0)});
  t.buffers.push_back({"s", MemSpace::Shared, 4096, 1, std::vector<double>(4096, 0.0)});
  TraceStep s;
  s.block_dim = 32;
  t.steps.push_back(s);
  distribute_events(events, t);
  return t;
}

// Lane l reads address f(l) of `buffer`.
template <class F>
std::vector<TraceEvent> warp_reads(int buffer, F address) {
  std::vector<TraceEvent> e;
  for (int l = 0; l < 32; ++l) e.push_back(access_event(l, buffer, EventKind::Read, address(l)));
  return e;
}

TEST(CountersGlobalLines, ACoalescedWarpReadIsOneLineOfFourSectors) {
  const Counters c = compute_counters(one_step(warp_reads(0, [](int l) { return l; })));
  EXPECT_EQ(c.global_lines, 1);     // 32 x 4 bytes = 128 bytes, aligned
  EXPECT_EQ(c.global_requests, 4);  // 128 / 32
}

TEST(CountersGlobalLines, AMisalignedWarpReadSpansTwoLines) {
  const Counters c = compute_counters(one_step(warp_reads(0, [](int l) { return l + 1; })));
  EXPECT_EQ(c.global_lines, 2);     // bytes 4..131: lines 0 and 1
  EXPECT_EQ(c.global_requests, 5);  // sectors 0..4
}

TEST(CountersGlobalLines, StrideTwoTouchesTwoLinesAndEightSectors) {
  const Counters c = compute_counters(one_step(warp_reads(0, [](int l) { return 2 * l; })));
  EXPECT_EQ(c.global_lines, 2);
  EXPECT_EQ(c.global_requests, 8);
}

TEST(CountersGlobalLines, ScatteredLanesCostALineEach) {
  const Counters c = compute_counters(one_step(warp_reads(0, [](int l) { return 32 * l; })));
  EXPECT_EQ(c.global_lines, 32);
  EXPECT_EQ(c.global_requests, 32);
}

// A thread's second read is the warp's second instruction; the write is a third, even though all
// three touch the same line.
TEST(CountersGlobalLines, ReadsAndWritesAreSeparateAccesses) {
  std::vector<TraceEvent> e;
  for (int l = 0; l < 32; ++l) {
    e.push_back(access_event(l, 0, EventKind::Read, l));
    e.push_back(access_event(l, 0, EventKind::Read, l));
    e.push_back(access_event(l, 0, EventKind::Write, l));
  }
  EXPECT_EQ(compute_counters(one_step(e)).global_lines, 3);
}

TEST(CountersGlobalLines, SharedMemoryAndRegistersAreNotCounted) {
  const Counters c = compute_counters(one_step(warp_reads(1, [](int l) { return 32 * l; })));
  EXPECT_EQ(c.global_lines, 0);
  EXPECT_EQ(c.global_requests, 0);
}

TEST(CountersGlobalLines, EightByteElementsFillTwoLines) {
  const Counters c = compute_counters(one_step(warp_reads(0, [](int l) { return l; }), 8));
  EXPECT_EQ(c.global_lines, 2);  // 32 x 8 bytes = 256
  EXPECT_EQ(c.global_requests, 8);
}

// A warp with one active lane still issues the access: one line.
TEST(CountersGlobalLines, OneActiveLaneIsOneLine) {
  const Counters c = compute_counters(one_step({access_event(5, 0, EventKind::Read, 1000)}));
  EXPECT_EQ(c.global_lines, 1);
  EXPECT_EQ(c.global_requests, 1);
}

}  // namespace
}  // namespace ws::test
