// The teach trace of PMPP Fig 5.5-5.7 (4 x 4 matrices, TILE_WIDTH 2): which thread loads which
// element of M and N in phases 0 and 1, the barriers per phase, the reuse of each loaded element;
// and bad requests rejected with a message naming the option.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>

#include "matmul_test_support.h"

namespace ws::mem {
namespace {

using namespace matmul_test;

// (row, col) of element `address` of a 4-wide matrix.
std::pair<int, int> matmul_cell4(int address) {
  return {address / 4, address % 4};
}

// The (row, col) of M and of N that `thread` reads in the step labelled `label`.
struct MatmulLoaded {
  std::pair<int, int> m{-1, -1}, n{-1, -1};
};
std::map<int, MatmulLoaded> matmul_loads_in(const Trace& t, const std::string& label) {
  std::map<int, MatmulLoaded> out;
  for (const TraceStep& s : t.steps) {
    if (s.label != label) continue;
    for (const TraceEvent& e : s.events) {
      if (e.kind != EventKind::Read) continue;
      if (t.buffers[size_t(e.buffer)].name == "M") out[e.thread].m = matmul_cell4(e.address);
      if (t.buffers[size_t(e.buffer)].name == "N") out[e.thread].n = matmul_cell4(e.address);
    }
  }
  return out;
}

MatmulTeachRun matmul_fig_5_7_run() {
  MatmulTeachParams p;
  p.variant = MatmulVariant::Tiled;
  p.tile = 2;
  return teach_matmul(p, random_matrix(4, 4, 57u), random_matrix(4, 4, 58u), Backend::Cpu);
}

TEST(MatmulTeach, Fig57WhichThreadLoadsWhichElementOfBlock00) {
  const MatmulTeachRun run = matmul_fig_5_7_run();
  // PMPP Fig 5.7, block (0,0): thread (ty, tx) loads M[ty][ph*2 + tx] and N[ph*2 + ty][tx].
  // Threads 0..3 of block 0 are (0,0), (0,1), (1,0), (1,1).
  const std::map<int, MatmulLoaded> phase0 = matmul_loads_in(run.trace, "load phase 0");
  const std::map<int, MatmulLoaded> phase1 = matmul_loads_in(run.trace, "load phase 1");
  using P = std::pair<int, int>;
  const P m0[4] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}}, n0[4] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
  const P m1[4] = {{0, 2}, {0, 3}, {1, 2}, {1, 3}}, n1[4] = {{2, 0}, {2, 1}, {3, 0}, {3, 1}};
  for (int t = 0; t < 4; ++t) {
    EXPECT_EQ(phase0.at(t).m, m0[t]) << "thread " << t;
    EXPECT_EQ(phase0.at(t).n, n0[t]) << "thread " << t;
    EXPECT_EQ(phase1.at(t).m, m1[t]) << "thread " << t;
    EXPECT_EQ(phase1.at(t).n, n1[t]) << "thread " << t;
  }
  // Block 1 is (by 0, bx 1): P[0..1][2..3]; its thread (0,0) is thread 4 and loads M[0][0] and
  // N[0][2] in phase 0.
  EXPECT_EQ(phase0.at(4).m, P(0, 0));
  EXPECT_EQ(phase0.at(4).n, P(0, 2));
}

TEST(MatmulTeach, Fig57StepsBarriersAndReuse) {
  const MatmulTeachRun run = matmul_fig_5_7_run();
  const Trace& t = run.trace;
  // Two phases of load + compute, then the store.
  ASSERT_EQ(t.steps.size(), 5u);
  const char* labels[] = {"load phase 0", "compute phase 0", "load phase 1", "compute phase 1",
                          "store P"};
  const int barriers[] = {1, 1, 1, 1, 0};
  for (size_t s = 0; s < 5; ++s) {
    EXPECT_EQ(t.steps[s].label, labels[s]);
    EXPECT_EQ(t.steps[s].barriers, barriers[s]) << labels[s];
  }
  // Four blocks of four threads; each element of M is loaded by the 2 blocks of its row band
  // (K / TILE_WIDTH), each of N by 2: 32 + 32 global reads, against 2 x 64 for the naive kernel.
  int m_reads = 0, n_reads = 0, mds_reads = 0, ops = 0;
  for (const TraceStep& s : t.steps)
    for (const TraceEvent& e : s.events) {
      const std::string& b = t.buffers[size_t(e.buffer)].name;
      if (e.kind == EventKind::Read && b == "M") ++m_reads;
      if (e.kind == EventKind::Read && b == "N") ++n_reads;
      if (e.kind == EventKind::Read && b == "Mds") ++mds_reads;
      if (e.kind == EventKind::Op) ++ops;
    }
  EXPECT_EQ(m_reads, 32);
  EXPECT_EQ(n_reads, 32);
  // Every Mds element a thread loads is read by the TILE_WIDTH = 2 threads of its row: 2 x 32.
  EXPECT_EQ(mds_reads, 64);
  EXPECT_EQ(ops, 64);  // 4 x 4 outputs x 4 multiply-adds
  EXPECT_EQ(t.serial_ops, 64);
}

TEST(MatmulTeach, OutputAndReplayAgreeWithTheProduct) {
  for (MatmulVariant v : all_matmul_variants()) {
    const FloatMatrix M = random_matrix(6, 7, 1u), N = random_matrix(7, 5, 2u);
    const MatmulTeachRun run = teach_matmul(teach_params(v, 4), M, N, Backend::Cpu);
    const auto snapshots = replay_snapshots(run.trace);
    const std::vector<float> want = direct_product(M, N);
    const std::vector<double>& p_final = snapshots.back()[2];
    ASSERT_EQ(p_final.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(p_final[i], double(want[i])) << i;
  }
}

TEST(MatmulTeach, NaiveComputeStepsAreTileWidthChunksOfK) {
  MatmulTeachParams p;
  p.variant = MatmulVariant::Naive;
  p.tile = 4;
  const MatmulTeachRun run =
      teach_matmul(p, random_matrix(3, 10, 1u), random_matrix(10, 2, 2u), Backend::Cpu);
  // k 0..3, 4..7, 8..9, then the store; 2 global reads per multiply-add.
  ASSERT_EQ(run.trace.steps.size(), 4u);
  EXPECT_EQ(run.trace.steps[2].label, "k 8..9");
  int reads = 0;
  for (const TraceStep& s : run.trace.steps)
    for (const TraceEvent& e : s.events) reads += e.kind == EventKind::Read;
  EXPECT_EQ(reads, 2 * 3 * 10 * 2);
}

TEST(MatmulTeach, CoarsenedLoadsMdsOncePerPhase) {
  MatmulTeachParams p;
  p.variant = MatmulVariant::Coarsened;
  p.tile = 2;
  p.coarse_factor = 2;
  // 2 x 4 x 4: one block row, one block column of 2 x 4 outputs, 2 phases.
  const MatmulTeachRun run =
      teach_matmul(p, random_matrix(2, 4, 1u), random_matrix(4, 4, 2u), Backend::Cpu);
  int m_reads = 0, n_reads = 0;
  for (const TraceStep& s : run.trace.steps)
    for (const TraceEvent& e : s.events) {
      m_reads += e.kind == EventKind::Read && e.buffer == 0;
      n_reads += e.kind == EventKind::Read && e.buffer == 1;
    }
  EXPECT_EQ(m_reads, 8);   // M (2 x 4) read once: the block covers all 4 columns of P
  EXPECT_EQ(n_reads, 16);  // N (4 x 4) read once
  EXPECT_EQ(run.trace.steps[0].label, "load phase 0, output 0");
}

TEST(MatmulTeach, VectorizedLoadsAreFloat4sWhereRowsAreMultiplesOf4) {
  MatmulTeachParams p;
  p.variant = MatmulVariant::Vectorized;
  p.tile = 4;
  p.thread_tile = 2;
  const MatmulTeachRun run =
      teach_matmul(p, random_matrix(8, 8, 1u), random_matrix(8, 8, 2u), Backend::Cpu);
  int parts[4] = {0, 0, 0, 0};
  for (const TraceStep& s : run.trace.steps)
    for (const TraceEvent& e : s.events)
      if (e.kind == EventKind::Read && e.buffer <= 1) ++parts[e.vector_part];
  // 8 x 8 M and N, one block: every element read once, all in float4s.
  EXPECT_EQ(parts[0], 32);
  EXPECT_EQ(parts[3], 32);
  EXPECT_EQ(run.trace.buffers[3].size, 2 * 8 * 4);  // two transposed BK x BM copies of Mds
  // One barrier per phase (2 phases of BK 4) plus the first load's.
  int barriers = 0;
  for (const TraceStep& s : run.trace.steps) barriers += s.barriers;
  EXPECT_EQ(barriers, 3);
}

void expect_matmul_rejected(const MatmulTeachParams& p, const FloatMatrix& M, const FloatMatrix& N,
                            const std::string& words) {
  try {
    teach_matmul(p, M, N, Backend::Cpu);
    ADD_FAILURE() << "accepted; expected an error with '" << words << "'";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(MatmulTeach, BadRequestsAreRejectedWithAMessage) {
  const FloatMatrix M4 = random_matrix(4, 4, 1u), N4 = random_matrix(4, 4, 2u);
  MatmulTeachParams p;
  p.tile = 1;
  expect_matmul_rejected(p, M4, N4, "tile (TILE_WIDTH) must be 2..8");
  p.tile = 9;
  expect_matmul_rejected(p, M4, N4, "tile (TILE_WIDTH) must be 2..8");
  p.tile = 2;
  expect_matmul_rejected(p, random_matrix(17, 4, 1u), N4, "sides 1..16");
  expect_matmul_rejected(p, M4, random_matrix(3, 4, 1u), "4 columns but N has 3 rows");
  p.variant = MatmulVariant::Coarsened;
  p.coarse_factor = 5;
  expect_matmul_rejected(p, M4, N4, "coarse factor");
  p.variant = MatmulVariant::RegisterTiled;
  p.thread_tile = 5;
  expect_matmul_rejected(p, M4, N4, "thread tile");
  p.thread_tile = 4;
  p.tile = 8;
  expect_matmul_rejected(p, M4, N4, "block tile BM = BN");
  p.variant = MatmulVariant::Vectorized;
  p.tile = 2;
  p.thread_tile = 2;
  expect_matmul_rejected(p, M4, N4, "vectorized needs a tile of 4 or 8");
}

TEST(MatmulTeach, VariantIdsAndNumbersParse) {
  MatmulVariant v = MatmulVariant::Naive;
  EXPECT_TRUE(parse_matmul_variant("register-tiled", v));
  EXPECT_EQ(v, MatmulVariant::RegisterTiled);
  EXPECT_TRUE(parse_matmul_variant("6", v));
  EXPECT_EQ(v, MatmulVariant::Fast);
  EXPECT_FALSE(parse_matmul_variant("tiling", v));
  EXPECT_EQ(matmul_variant_infos().size(), 6u);
}

}  // namespace
}  // namespace ws::mem
