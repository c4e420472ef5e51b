// The threads mode's facts (app/scenes/spmv/threads/threads_facts.h) on the book's example (PMPP
// 14.1: rows "1 7 0 0; 5 0 3 9; 0 2 8 0; 0 0 0 6", row lengths 2 3 2 1), worked by hand:
//   CSR, one thread per row, a block of 4 threads (one warp of 4 lanes): steps "row bounds",
//   "nonzero 0", "nonzero 1", "nonzero 2", "write y" (3 iterations: the longest row has 3).
//     nonzero 0: rows 0-3 all have one: 4 busy, none finished, no divergent warp.
//     nonzero 1: rows 0, 1, 2 have a second: 3 busy, thread 3 (row 3, one nonzero) finished:
//                1 divergent warp.
//     nonzero 2: only row 1 has a third: 1 busy, threads 0, 2, 3 finished: 1 divergent warp.
//   With a block of 32 the same warp has 28 lanes past the last row, so every step's warp is
//   divergent by the counters' rule (fewer lanes active than the warp has).
//   ELL: width 3 (the longest row), 12 slots, 8 nonzeros: 4 padding slots, all read by the 3rd
//   edition's loop (slot 1: row 3; slot 2: rows 0, 2, 3).
//   COO: 8 nonzeros, 8 atomics; y[0] 2, y[1] 3, y[2] 2, y[3] 1 of them; one warp issues them, so
//   the longest chain is y[1]'s 3.
//   The 32 bytes of col (8 int32) and of val (8 float32) are one sector each, and so is x.
#include <gtest/gtest.h>

#include "common/counters.h"
#include "scenes/spmv/threads/threads_facts.h"
#include "spmv/matrix.h"

namespace ws::app {
namespace {

spmv::SpmvTeachRun book_run(spmv::SpmvVariant v, int block_dim) {
  spmv::SpmvTeachParams p;
  p.variant = v;
  p.block_dim = block_dim;
  const spmv::CsrMatrix m = spmv::parse_matrix_text("1 7 0 0; 5 0 3 9; 0 2 8 0; 0 0 0 6");
  return spmv::teach_spmv_cpu(p, m, {1, 1, 1, 1});
}

TEST(SpmvThreadsFacts, CsrOneThreadPerRowWaitsForItsLongestRow) {
  const spmv::SpmvTeachRun run = book_run(spmv::SpmvVariant::Csr, 4);
  const ThreadsAnalysis a = analyse_threads(run, compute_counters(run.trace));
  ASSERT_EQ(a.steps.size(), 5u);  // bounds, 3 iterations, write
  const int64_t busy[] = {4, 4, 3, 1, 4}, finished[] = {0, 0, 1, 3, 0},
                divergent[] = {0, 0, 1, 1, 0};
  for (size_t s = 0; s < 5; ++s) {
    EXPECT_EQ(a.steps[s].busy_lanes, busy[s]) << s;
    EXPECT_EQ(a.steps[s].finished_lanes, finished[s]) << s;
    EXPECT_EQ(a.steps[s].divergent_warps, divergent[s]) << s;
  }
  for (size_t s = 1; s <= 3; ++s) {
    EXPECT_EQ(a.steps[s].sectors_col, 1) << s;
    EXPECT_EQ(a.steps[s].sectors_val, 1) << s;
    EXPECT_EQ(a.steps[s].sectors_x, 1) << s;
  }
  EXPECT_EQ(a.summary.padding_reads, 0);
  EXPECT_EQ(a.summary.atomics, 0);
  // Every nonzero is read once, by its row's thread: A[1][3] = 9 by thread 1 in iteration 2.
  ASSERT_EQ(a.reads.size(), 8u);
  bool found = false;
  for (const CellRead& r : a.reads)
    if (r.row == 1 && r.col == 3) {
      found = true;
      EXPECT_EQ(r.thread, 1);
      EXPECT_EQ(r.step, 3);
    }
  EXPECT_TRUE(found);
}

TEST(SpmvThreadsFacts, AWarpOf32WithFourRowsIsDivergentInEveryStep) {
  const spmv::SpmvTeachRun run = book_run(spmv::SpmvVariant::Csr, 32);
  const ThreadsAnalysis a = analyse_threads(run, compute_counters(run.trace));
  ASSERT_EQ(a.steps.size(), 5u);
  for (const ThreadsStepFacts& f : a.steps) EXPECT_EQ(f.divergent_warps, 1);
  EXPECT_EQ(a.steps[3].finished_lanes, 3);  // the idle lanes past row 3 are not "finished"
}

TEST(SpmvThreadsFacts, EllReadsItsFourPaddingSlots) {
  const spmv::SpmvTeachRun run = book_run(spmv::SpmvVariant::Ell, 32);
  const ThreadsAnalysis a = analyse_threads(run, compute_counters(run.trace));
  ASSERT_EQ(a.steps.size(), 4u);  // slots 0, 1, 2, write
  EXPECT_EQ(a.steps[0].padding_reads, 0);
  EXPECT_EQ(a.steps[1].padding_reads, 1);
  EXPECT_EQ(a.steps[2].padding_reads, 3);
  EXPECT_EQ(a.summary.padding_reads, 4);
  EXPECT_EQ(a.steps[1].finished_lanes, 0);  // ELL's lanes never wait: they read the padding
  int padding = 0;
  for (const CellRead& r : a.reads) padding += r.row < 0;
  EXPECT_EQ(padding, 4);
}

TEST(SpmvThreadsFacts, CooTakesEightAtomicsThreeOnY1) {
  const spmv::SpmvTeachRun run = book_run(spmv::SpmvVariant::Coo, 32);
  const Counters c = compute_counters(run.trace);
  const ThreadsAnalysis a = analyse_threads(run, c);
  EXPECT_EQ(a.summary.atomics, 8);
  EXPECT_EQ(a.summary.longest_atomic_chain, 3);
  ASSERT_EQ(run.atomic_order.size(), 4u);
  const size_t hits[] = {2, 3, 2, 1};
  for (size_t r = 0; r < 4; ++r) EXPECT_EQ(run.atomic_order[r].size(), hits[r]) << r;
}

TEST(SpmvThreadsFacts, EveryVariantRunsTheBooksExampleBesideTheShownOne) {
  const spmv::SpmvTeachRun run = book_run(spmv::SpmvVariant::Csr, 32);
  const std::vector<ThreadsSummary> all = compare_threads_variants(run);
  ASSERT_EQ(all.size(), 6u);
  for (const ThreadsSummary& s : all) EXPECT_TRUE(s.error.empty()) << s.error;
  EXPECT_EQ(all[0].atomics, 8);        // coo
  EXPECT_EQ(all[2].padding_reads, 4);  // ell
  // hybrid, width 2 (the book's): the ELL part holds 2 2 2 1 nonzeros in 8 slots (1 padding,
  // row 3's second), COO the one left over (row 1's third): 1 atomic.
  EXPECT_EQ(all[3].padding_reads, 1);
  EXPECT_EQ(all[3].atomics, 1);
  // jds: 3 diagonals and a write; csr-vector: bounds, 1 stride, 5 shuffle levels, write.
  EXPECT_EQ(all[4].steps, 4);
  EXPECT_EQ(all[5].steps, 8);
}

}  // namespace
}  // namespace ws::app
