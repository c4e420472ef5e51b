// The CPU twins' bookkeeping: barrier semantics, own writes, commit, and the events it records.
#include <gtest/gtest.h>

#include "scan/scan_model.h"

namespace ws::scan {
namespace {

TEST(ScanModel, ReadsSeeTheStepStartUntilTheBarrier) {
  Trace trace;
  TraceModel<int32_t> m(trace, true);
  const int a = m.add_buffer("XY", MemSpace::Shared, 2, 1, {1, 2});
  m.begin_step("swap", "scan", "@s", 1, 2);
  // thread 0 writes a[1]; thread 1 still reads the old a[1] in the same step
  m.write(0, a, 1, 10);
  EXPECT_EQ(m.read(1, a, 1), 2);
  EXPECT_EQ(m.read(0, a, 1), 10);  // a thread sees its own write
  m.end_step();
  EXPECT_EQ(m.state(a)[1], 10);
}

TEST(ScanModel, CommitLandsWritesAtOnce) {
  Trace trace;
  TraceModel<int32_t> m(trace, false);
  const int a = m.add_buffer("XY", MemSpace::Shared, 2, 1, {1, 2});
  m.begin_step("no barrier", "scan", "@s", 1, 2);
  m.write(0, a, 1, 10);
  m.commit();
  EXPECT_EQ(m.read(1, a, 1), 10);
  m.finish();
  EXPECT_TRUE(trace.steps.empty());  // nothing recorded when recording is off
}

TEST(ScanModel, SharedBuffersAreLocalToTheThreadsBlock) {
  Trace trace;
  TraceModel<float> m(trace, true);
  const int s = m.add_buffer("XY", MemSpace::Shared, 4, 2);
  m.begin_step("load", "load", "@load", 2, 4);
  m.write(5, s, 1, 3.5f);  // thread 5 is block 1, lane 1
  m.finish();
  EXPECT_EQ(m.state(s)[4 + 1], 3.5f);
  ASSERT_EQ(trace.steps.size(), 1u);
  ASSERT_EQ(trace.steps[0].events.size(), 1u);
  EXPECT_EQ(trace.steps[0].events[0].address, 1);
  EXPECT_TRUE(std::isnan(trace.buffers[s].initial[5]));
  const auto snapshots = replay_snapshots(trace);
  EXPECT_EQ(snapshots[0][s][5], 3.5);
}

TEST(ScanModel, EventsKeepEachThreadsProgramOrder) {
  Trace trace;
  TraceModel<int32_t> m(trace, true);
  const int a = m.add_buffer("XY", MemSpace::Shared, 2, 1, {1, 2});
  m.begin_step("add", "scan", "@s", 1, 2);
  const int32_t x = m.read(1, a, 1);
  const int32_t y = m.read(1, a, 0);
  m.read(0, a, 0);
  m.write(1, a, 1, m.op(1, a, 1, x + y));
  m.finish();
  const auto& ev = trace.steps[0].events;
  ASSERT_EQ(ev.size(), 5u);
  EXPECT_EQ(ev[0].thread, 0);
  EXPECT_EQ(ev[1].kind, EventKind::Read);
  EXPECT_EQ(ev[3].kind, EventKind::Op);
  EXPECT_EQ(ev[4].kind, EventKind::Write);
  EXPECT_EQ(ev[4].value, 3);
}

}  // namespace
}  // namespace ws::scan
