// Teach mode's limits and bad requests: messages that name the limit and what was given.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "bfs/bfs.h"
#include "bfs_teach_test_support.h"
#include "common/cuda_device.h"
#include "common/error.h"

namespace ws::bfs {
namespace {

using test::params;

std::string message_of(const TeachParams& p, const Graph& g, Backend b = Backend::Cpu) {
  try {
    teach(p, g, b);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

void expect_message(const TeachParams& p, const Graph& g,
                    std::initializer_list<const char*> parts) {
  const std::string m = message_of(p, g);
  ASSERT_FALSE(m.empty()) << "no error for " << test::describe(p, g);
  for (const char* part : parts) EXPECT_NE(m.find(part), std::string::npos) << m << " / " << part;
}

TEST(BfsCpuTeachLimits, GraphsPastTheLimitsAreNamed) {
  Graph big = graph::generate("path:65");
  big.name = "path:65";
  expect_message(params(Variant::Push, 0), big, {"64 vertices", "path:65", "65"});
  Graph at_limit = graph::generate("path:64");
  EXPECT_EQ(teach(params(Variant::Push, 0), at_limit, Backend::Cpu).result.levels.size(), 64u);
  // 48 vertices, every pair joined both ways: 2256 directed edges.
  std::vector<std::pair<int32_t, int32_t>> pairs;
  for (int32_t u = 0; u < 48; ++u)
    for (int32_t v = u + 1; v < 48; ++v) pairs.push_back({u, v});
  const Graph dense = test::from_edges(48, pairs, true, "complete:48");
  expect_message(params(Variant::GlobalQueue, 0), dense, {"1024 directed edges", "2256"});
}

TEST(BfsCpuTeachLimits, BadParamsAreNamed) {
  const Graph g = graph::generate("pmpp");
  expect_message(params(Variant::Push, 9), g, {"source", "9", "0..8"});
  expect_message(params(Variant::Push, -1), g, {"source", "-1"});
  expect_message(params(Variant::Push, 0, 48), g, {"32, 64, 96 or 128", "48"});
  expect_message(params(Variant::Push, 0, 256), g, {"256"});
  expect_message(params(Variant::DirectionOptimizing, 0, 32, 0), g, {"alpha"});
  expect_message(params(Variant::DirectionOptimizing, 0, 32, 15, -1), g, {"beta"});
  expect_message(params(Variant::DirectionOptimizing, 0, 32, std::nan(""), 18), g, {"alpha"});
  expect_message(
      params(Variant::DirectionOptimizing, 0, 32, 15, std::numeric_limits<double>::infinity()), g,
      {"beta"});
  expect_message(params(Variant(0), 0), g, {"1..7"});
  expect_message(params(Variant(8), 0), g, {"1..7"});
  Graph empty;
  empty.row_offsets = {0};
  empty.name = "nothing";
  expect_message(params(Variant::Push, 0), empty, {"nothing"});
}

TEST(BfsCpuTeachLimits, CudaWithoutADeviceThrows) {
  if (cuda_device_available()) GTEST_SKIP() << "a device is there: tests/gpu runs teach on it";
  const std::string m =
      message_of(params(Variant::Push, 0), graph::generate("pmpp"), Backend::Cuda);
  EXPECT_FALSE(m.empty());
}

TEST(BfsCpuTeachLimits, TeachBufferFindsTheNamedBuffers) {
  const Graph g = graph::generate("pmpp");
  const char* common[] = {"row_offsets", "columns", "level", "parent"};
  for (Variant v : test::kAllVariants) {
    const TeachRun run = teach(params(v, 0), g, Backend::Cpu);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(teach_buffer(run.trace, common[i]), i);
    const bool queues = v == Variant::GlobalQueue || v == Variant::BlockQueue ||
                        v == Variant::DirectionOptimizing || v == Variant::Fast;
    EXPECT_EQ(teach_buffer(run.trace, "tail") >= 0, queues) << info(v).id;
    EXPECT_EQ(teach_buffer(run.trace, "frontier") >= 0, queues) << info(v).id;
    EXPECT_EQ(teach_buffer(run.trace, "next") >= 0, queues) << info(v).id;
    EXPECT_EQ(teach_buffer(run.trace, "block queue") >= 0, v == Variant::BlockQueue);
    EXPECT_EQ(teach_buffer(run.trace, "block tail") >= 0, v == Variant::BlockQueue);
    EXPECT_EQ(teach_buffer(run.trace, "src") >= 0, v == Variant::EdgeCentric);
    EXPECT_EQ(teach_buffer(run.trace, "dst") >= 0, v == Variant::EdgeCentric);
    const bool csc = v == Variant::Pull || v == Variant::DirectionOptimizing || v == Variant::Fast;
    EXPECT_EQ(teach_buffer(run.trace, "col_offsets") >= 0, csc) << info(v).id;
    EXPECT_EQ(teach_buffer(run.trace, "rows") >= 0, csc) << info(v).id;
    EXPECT_EQ(teach_buffer(run.trace, "no such buffer"), -1);
    if (v == Variant::BlockQueue) {
      const TraceBuffer& q = run.trace.buffers[teach_buffer(run.trace, "block queue")];
      EXPECT_EQ(q.space, MemSpace::Shared);
    }
  }
}

}  // namespace
}  // namespace ws::bfs
