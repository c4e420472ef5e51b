// Every SpMV variant on the book's 4 x 4 example (PMPP 4th ed. 14.1): y exactly (small integers
// are exact in float32 and float64 and in any summation order), and the counts the chapter
// reads off its figures, worked out here by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "common/counters.h"
#include "spmv_variant_test_support.h"

namespace ws::spmv {
namespace {

using ktest::book_matrix;
using ktest::teach_params;

// y = A x by hand: rows (1 7 0 0), (5 0 3 9), (0 2 8 0), (0 0 0 6).
const std::vector<double> kOnes = {1, 1, 1, 1};
const std::vector<double> kYOnes = {8, 17, 10, 6};
const std::vector<double> kCounting = {1, 2, 3, 4};
const std::vector<double> kYCounting = {1 + 14, 5 + 9 + 36, 4 + 24, 24};

TEST(SpmvVariantsBook, EveryVariantGivesTheHandWorkedProductExactly) {
  const CsrMatrix m = book_matrix();
  ASSERT_EQ(dense_reference(m, kOnes), kYOnes);
  for (SpmvVariant v : ktest::teach_variants())
    for (ValueType type : {ValueType::Float32, ValueType::Float64})
      for (int block : {32, 64}) {
        const SpmvTeachParams p = teach_params(v, type, block);
        EXPECT_EQ(teach_spmv(p, m, kOnes, Backend::Cpu).y, kYOnes) << ktest::variant_name(v);
        EXPECT_EQ(teach_spmv(p, m, kCounting, Backend::Cpu).y, kYCounting)
            << ktest::variant_name(v);
      }
}

TEST(SpmvVariantsBook, FullSizeCpuRunsGiveTheSameProduct) {
  const CsrMatrix m = book_matrix();
  for (SpmvVariant v : ktest::teach_variants()) {
    EXPECT_EQ(spmv_cpu<double>(v, m, kCounting), kYCounting) << ktest::variant_name(v);
    const std::vector<float> y = spmv_cpu<float>(v, m, {1, 2, 3, 4});
    EXPECT_EQ(std::vector<double>(y.begin(), y.end()), kYCounting) << ktest::variant_name(v);
  }
}

// CSR: thread r does row r's length in iterations: 2, 3, 2, 1. The warp runs 3 iterations; in
// the third only thread 1 is busy, in the second threads 0, 1, 2: divergence.
TEST(SpmvVariantsBook, CsrThreadsIterateTheirRowLengthsAndDiverge) {
  const SpmvTeachRun run = teach_spmv(teach_params(SpmvVariant::Csr, ValueType::Float32, 4),
                                      book_matrix(), kOnes, Backend::Cpu);
  std::vector<int> iterations;
  for (const SpmvThreadWork& w : run.threads) iterations.push_back(w.iterations);
  EXPECT_EQ(iterations, (std::vector<int>{2, 3, 2, 1}));
  // row bounds, nonzero 0, 1, 2, write y
  ASSERT_EQ(run.trace.steps.size(), 5u);
  EXPECT_EQ(run.steps[1].rows, (std::vector<int32_t>{0, 1, 2, 3}));
  EXPECT_EQ(run.steps[2].rows, (std::vector<int32_t>{0, 1, 2}));
  EXPECT_EQ(run.steps[3].rows, (std::vector<int32_t>{1}));
  const Counters c = compute_counters(run.trace);
  EXPECT_EQ(c.per_step[1].divergent_warps, 0);
  EXPECT_EQ(c.per_step[2].divergent_warps, 1);
  EXPECT_EQ(c.per_step[3].divergent_warps, 1);
  EXPECT_EQ(c.ops, 8);
}

// ELL: width 3, every thread 3 iterations; the padded slots are 2 (row 0), 1 (row 1's none),
// 2 (row 2), 2 (row 3)... by hand: lengths 2 3 2 1 padded to 3 leave 1 + 0 + 1 + 2 = 4 slots,
// and the 3rd edition's loop reads each of them once.
TEST(SpmvVariantsBook, EllThreadsAllIterateThreeTimesAndReadFourPaddingSlots) {
  const SpmvTeachRun run = teach_spmv(teach_params(SpmvVariant::Ell, ValueType::Float32, 4),
                                      book_matrix(), kOnes, Backend::Cpu);
  for (const SpmvThreadWork& w : run.threads) EXPECT_EQ(w.iterations, 3) << w.thread;
  // Slot k of row r at k * 4 + r: padding at (k=1, r=3), (k=2, r=0), (k=2, r=2), (k=2, r=3).
  const std::vector<int32_t> padding = {7, 8, 10, 11};
  int padding_reads = 0;
  for (const SpmvThreadWork& w : run.threads)
    for (int32_t slot : w.slots)
      padding_reads += std::count(padding.begin(), padding.end(), slot) ? 1 : 0;
  EXPECT_EQ(padding_reads, 4);
  const Counters c = compute_counters(run.trace);
  EXPECT_EQ(c.divergent_warps, 0);
  EXPECT_EQ(c.ops, 12);  // 4 rows x 3 slots, padding included
}

// COO: one atomic per nonzero; row 1's three products (nonzeros 2, 3, 4) land in thread order.
TEST(SpmvVariantsBook, CooAddsOneAtomicPerNonzeroInThreadOrder) {
  const SpmvTeachRun run = teach_spmv(teach_params(SpmvVariant::Coo, ValueType::Float32),
                                      book_matrix(), kCounting, Backend::Cpu);
  const Counters c = compute_counters(run.trace);
  EXPECT_EQ(c.atomics, 8);
  EXPECT_EQ(c.max_atomics_per_address, 3);  // row 1
  ASSERT_EQ(run.atomic_order.size(), 4u);
  EXPECT_EQ(run.atomic_order[1], (std::vector<int32_t>{2, 3, 4}));
  EXPECT_EQ(run.atomic_order[3], (std::vector<int32_t>{7}));
}

// Hybrid: float32 width 2 (format.h's worked bytes: 76 against 80 at width 1), so only row 1
// (length 3) reaches the COO part; float64 width 1, rows 0, 1 and 2 (lengths 2, 3, 2).
TEST(SpmvVariantsBook, HybridSendsTheRowsLongerThanTheWidthToCoo) {
  for (auto [type, width, rows] :
       {std::tuple{ValueType::Float32, 2, std::vector<int32_t>{1}},
        std::tuple{ValueType::Float64, 1, std::vector<int32_t>{0, 1, 2}}}) {
    const SpmvTeachRun run =
        teach_spmv(teach_params(SpmvVariant::Hybrid, type), book_matrix(), kOnes, Backend::Cpu);
    EXPECT_EQ(run.params.hybrid_width, width);
    std::vector<int32_t> coo_rows;
    for (const SpmvThreadWork& w : run.threads)
      if (w.launch == SpmvLaunch::HybridCoo && w.row >= 0) coo_rows.push_back(w.row);
    coo_rows.erase(std::unique(coo_rows.begin(), coo_rows.end()), coo_rows.end());
    EXPECT_EQ(coo_rows, rows);
  }
}

// JDS: sorted rows 1 0 2 3 (lengths 3 2 2 1); diagonal k has the sorted rows longer than k:
// 4, 3, 1 multiply-adds.
TEST(SpmvVariantsBook, JdsWalksThreeJaggedDiagonals) {
  const SpmvTeachRun run = teach_spmv(teach_params(SpmvVariant::Jds, ValueType::Float64),
                                      book_matrix(), kOnes, Backend::Cpu);
  ASSERT_EQ(run.trace.steps.size(), 4u);  // diagonal 0, 1, 2, write y
  EXPECT_EQ(run.steps[0].rows, (std::vector<int32_t>{0, 1, 2, 3}));
  EXPECT_EQ(run.steps[1].rows, (std::vector<int32_t>{0, 1, 2}));
  EXPECT_EQ(run.steps[2].rows, (std::vector<int32_t>{1}));
  std::vector<int32_t> rows;  // thread i's row is perm[i]; threads 4..31 of the block idle
  for (const SpmvThreadWork& w : run.threads) rows.push_back(w.row);
  rows.resize(5);
  EXPECT_EQ(rows, (std::vector<int32_t>{1, 0, 2, 3, -1}));
}

// CSR vector: a warp per row, so 4 warps; every row fits one stride (length <= 32), then the
// five shuffle levels.
TEST(SpmvVariantsBook, CsrVectorUsesOneStrideAndFiveShuffleLevels) {
  const SpmvTeachRun run = teach_spmv(teach_params(SpmvVariant::CsrVector, ValueType::Float32),
                                      book_matrix(), kOnes, Backend::Cpu);
  // row bounds, stride 0, shuffle 16 8 4 2 1, write y
  ASSERT_EQ(run.trace.steps.size(), 8u);
  EXPECT_EQ(run.trace.steps[1].label, "stride 0");
  EXPECT_EQ(run.trace.steps[2].label, "shuffle offset 16");
  EXPECT_EQ(run.trace.steps[6].label, "shuffle offset 1");
  EXPECT_EQ(compute_counters(run.trace).per_step[1].active_threads, 8);  // the 8 nonzeros' lanes
  EXPECT_EQ(run.threads.size(), 4u * 32u);
}

}  // namespace
}  // namespace ws::spmv
