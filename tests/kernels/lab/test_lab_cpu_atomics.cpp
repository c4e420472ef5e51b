// Atomics and global memory on the CPU backend: a privatized histogram (ws::atomic_add on shared
// and global arrays) is race-free and exact; two threads storing to one global element in a phase
// are a race; shared arrays are named and sized from their declarations.
#include <gtest/gtest.h>

#include "lab_shared.h"
#include "lab_test_support.h"

namespace ws::lab {
namespace {

using test::array_arg;
using test::scalar_arg;

TEST(LabCpuAtomics, PrivatizedHistogramIsExactAndRaceFree) {
  const char* source =
      "const int BINS = 4;\n"                                            // 1
      "__global__ void histogram(ws::Global<const unsigned char> in,\n"  // 2
      "                          ws::Global<unsigned> bins, int n) {\n"  // 3
      "  WS_SHARED(unsigned int, local, BINS);\n"                        // 4
      "  int t = threadIdx.x;\n"                                         // 5
      "  if (t < BINS) local[t] = 0;\n"                                  // 6
      "  __syncthreads();\n"                                             // 7
      "  int i = blockIdx.x * blockDim.x + t;\n"                         // 8
      "  if (i < n) ws::atomic_add(local, in[i] % BINS, 1);\n"           // 9
      "  __syncthreads();\n"                                             // 10
      "  if (t < BINS) ws::atomic_add(bins, t, local[t]);\n"             // 11
      "}\n";
  std::vector<double> in;
  std::vector<double> expected(4, 0);
  for (int i = 0; i < 21; ++i) {
    in.push_back((i * 7) % 11);
    expected[static_cast<size_t>((i * 7) % 11 % 4)] += 1;
  }
  const Job job = test::cpu_job(
      source, "histogram",
      {array_arg("in", in, false, ElemType::U8),
       array_arg("bins", std::vector<double>(4, 0), true, ElemType::U32), scalar_arg("n", 21)},
      Launch{3, 1, 8, 1});
  const Result r = run(job);
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  EXPECT_TRUE(r.diagnostics.empty()) << test::all_messages(r);
  EXPECT_EQ(r.outputs[1], expected);
  ASSERT_EQ(r.trace.buffers.size(), 3u);
  EXPECT_EQ(r.trace.buffers[0].elem_bytes, 1);
  EXPECT_EQ(r.trace.buffers[2].name, "local");
  EXPECT_EQ(r.trace.buffers[2].size, 4);  // BINS, from `const int BINS = 4;`
  EXPECT_EQ(r.trace.type, ValueType::Int32);
  // Phase 1: one atomic per input element on the shared bins, with the operand 1.
  int atomics = 0;
  for (const TraceEvent& e : r.trace.steps[1].events)
    if (e.kind == EventKind::Atomic) {
      ++atomics;
      EXPECT_EQ(e.buffer, 2);
      EXPECT_EQ(e.value, 1);
    }
  EXPECT_EQ(atomics, 21);
  const auto snapshots = replay_snapshots(r.trace);
  EXPECT_EQ(snapshots.back()[1], expected);
}

TEST(LabCpuAtomics, TwoStoresToOneGlobalElementInAPhaseAreARace) {
  const char* source =
      "__global__ void last(ws::Global<int> out, int n) {\n"
      "  out[0] = threadIdx.x;\n"
      "}\n";
  const Result r = run(test::cpu_job(
      source, "last", {array_arg("out", {0}, true, ElemType::I32), scalar_arg("n", 1)},
      Launch{1, 1, 4, 1}));
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  const auto race = test::diagnostics_of(r, DiagKind::Race);
  ASSERT_EQ(race.size(), 1u) << test::all_messages(r);  // one per pair of lines
  EXPECT_EQ(race[0].thread, 0);
  EXPECT_EQ(race[0].other_thread, 1);
  EXPECT_EQ(race[0].line, 2);
  EXPECT_EQ(race[0].other_line, 2);
  EXPECT_NE(race[0].message.find("a race on global memory"), std::string::npos);
}

TEST(LabCpuAtomics, SharedDeclarationsNameTypeAndSize) {
  const std::string source =
      "#define TILE 16\n"
      "constexpr int HALO = 2;\n"
      "__global__ void k() {\n"
      "  WS_SHARED(float, tile, (TILE + 2 * HALO) * (TILE + 2 * HALO));\n"
      "  WS_SHARED(unsigned char, bytes, blockDim.x);\n"
      "}\n";
  const SharedArray tile = parse_shared_declaration(source, 4);
  EXPECT_EQ(tile.name, "tile");
  EXPECT_EQ(tile.type, ElemType::F32);
  EXPECT_EQ(tile.size, 400);
  EXPECT_EQ(tile.line, 4);
  const SharedArray bytes = parse_shared_declaration(source, 5);
  EXPECT_EQ(bytes.name, "bytes");
  EXPECT_EQ(bytes.type, ElemType::U8);
  EXPECT_EQ(bytes.size, 0);  // not a constant: the run's largest index decides
  EXPECT_EQ(parse_shared_declaration(source, 3).name, "shared@3");
}

}  // namespace
}  // namespace ws::lab
