// Variant 7's plan choice (spmv_fast_choice.h) and its row-lanes path's host twin: the rule on
// hand-picked statistics and on generated matrices, the row-lanes order worked out by hand on a
// row where float's order shows, exact integer results for every G, and a matrix that switches
// path when one row grows long, with spmv_fast_cpu following the choice.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "common/split_mix.h"
#include "matrix_test_support.h"
#include "spmv/spmv_fast.h"

namespace ws::spmv {
namespace {

TEST(SpmvFastChoice, TheRuleOnHandPickedStatistics) {
  // rows, nonzeros, longest -> G in float32, in float64 (0: merge path; -3: float64's merge
  // path at 128 x 3, for regular rows of 8 < mean <= 16)
  struct Case {
    int64_t rows, nnz, longest;
    int lanes32, lanes64;
  };
  const Case cases[] = {{100, 500, 5, 1, 1},        // 2D Poisson: mean 5, one thread a row
                        {100, 390, 5, 1, 1},        // mean 3.9
                        {100, 800, 16, 1, 1},       // mean 8 (the last G = 1), longest 2 x mean
                        {100, 801, 9, 4, -3},       // mean 8.01: f32 G = 4, f64 merge 128x3
                        {100, 1600, 16, 4, -3},     // 16 a row: f32 G = 4, f64 merge 128x3
                        {100, 1600, 32, 4, -3},     // longest = 2 x mean: still regular
                        {100, 1600, 33, 0, 0},      // longest > 2 x mean: merge
                        {100, 500, 11, 0, 0},       // mean 5, longest 11 > 10: merge
                        {100, 1700, 17, 0, 0},      // mean 17 > 16: merge
                        {100, 3030, 102350, 0, 0},  // power law
                        {100, 0, 0, 0, 0},          // no nonzeros: merge (writes the zeros)
                        {0, 0, 0, 0, 0}};           // no rows
  for (const Case& c : cases) {
    const FastSpmvChoice f32 = choose_fast_spmv(c.rows, c.nnz, c.longest, 4);
    const FastSpmvChoice f64 = choose_fast_spmv(c.rows, c.nnz, c.longest, 8);
    const std::string what = std::to_string(c.rows) + " rows " + std::to_string(c.nnz) +
                             " nonzeros longest " + std::to_string(c.longest);
    EXPECT_EQ(f32.config.lanes, c.lanes32) << what;
    EXPECT_EQ(f64.config.lanes, std::max(c.lanes64, 0)) << what;
    EXPECT_FALSE(f32.why.empty());
    EXPECT_FALSE(f64.why.empty());
    if (c.lanes32 == 0) {
      EXPECT_EQ(f32.config.tile(), int64_t(kFastSpmvThreads) * kFastSpmvItems) << what;
      EXPECT_TRUE(test::contains(f32.why, "merge path")) << f32.why;
    } else {
      EXPECT_TRUE(test::contains(f32.why, "row lanes G = " + std::to_string(c.lanes32))) << f32.why;
    }
    if (c.lanes64 == -3) {
      EXPECT_EQ(f64.config.threads, 128) << what;
      EXPECT_EQ(f64.config.items, 3) << what;
      EXPECT_TRUE(test::contains(f64.why, "merge path 128x3")) << f64.why;
      EXPECT_TRUE(test::contains(f64.why, "float64 regular rows")) << f64.why;
    } else if (c.lanes64 == 0) {
      EXPECT_EQ(f64.config.tile(), int64_t(kFastSpmvThreads64) * kFastSpmvItems64) << what;
      EXPECT_TRUE(test::contains(f64.why, "merge path")) << f64.why;
    } else {
      EXPECT_TRUE(test::contains(f64.why, "row lanes G = " + std::to_string(c.lanes64))) << f64.why;
    }
  }
}

// The merge configurations the H200 runs picked (float32 128 x 7, float64 128 x 5 and, for
// regular rows of 8..16, 128 x 3).
TEST(SpmvFastChoice, MergeConfigurationPerType) {
  EXPECT_EQ(fast_merge_config(4).threads, 128);
  EXPECT_EQ(fast_merge_config(4).items, 7);
  EXPECT_EQ(fast_merge_config(8).threads, 128);
  EXPECT_EQ(fast_merge_config(8).items, 5);
  EXPECT_FALSE(fast_merge_config(8).row_lanes());
  EXPECT_EQ(fast_merge_config_regular64().threads, 128);
  EXPECT_EQ(fast_merge_config_regular64().items, 3);
}

TEST(SpmvFastChoice, GeneratedMatrices) {
  EXPECT_EQ(fast_spmv_choice(generate_matrix("poisson:64"), 4).config.lanes, 1);
  EXPECT_EQ(fast_spmv_choice(generate_matrix("poisson:64"), 8).config.lanes, 1);
  EXPECT_EQ(fast_spmv_choice(generate_matrix("random:2000:16"), 4).config.lanes, 4);
  EXPECT_EQ(fast_spmv_choice(generate_matrix("random:2000:16"), 8).config.lanes, 0);
  EXPECT_EQ(fast_spmv_choice(generate_matrix("random:2000:16"), 8).config.items, 3);
  EXPECT_EQ(fast_spmv_choice(generate_matrix("powerlaw:12:8", 3), 8).config.items, 5);
  EXPECT_EQ(fast_spmv_choice(generate_matrix("powerlaw:12:8", 3), 4).config.lanes, 0);
  EXPECT_EQ(fast_spmv_choice(generate_matrix("pmpp"), 4).config.lanes, 1);  // mean 2, longest 3
}

// One float row 2^24, 1, 1, -2^24 (x all ones; exact sum 2). One lane: ((2^24 + 1) + 1) - 2^24
// = 0 (2^24 + 1 rounds to 2^24, twice). G = 2: lane 0 2^24 + 1 -> 2^24, lane 1 1 - 2^24 =
// -16777215 exactly, tree 2^24 - 16777215 = 1. G = 4 and 8: lanes 2^24, 1, 1, -2^24 (0...),
// tree (2^24 + 1 -> 2^24) + (1 - 2^24) = 1.
TEST(SpmvFastChoice, RowLanesAddInTheKernelsOrder) {
  const double big = 16777216.0;
  const CsrMatrix a = from_triplets(1, 4, {0, 0, 0, 0}, {0, 1, 2, 3}, {big, 1, 1, -big}, "order");
  const std::vector<float> ones(4, 1.0f);
  EXPECT_EQ(spmv_fast_cpu<float>(a, ones, FastSpmvConfig{0, 0, 1}), std::vector<float>{0.0f});
  for (int lanes : {2, 4, 8})
    EXPECT_EQ(spmv_fast_cpu<float>(a, ones, FastSpmvConfig{0, 0, lanes}), std::vector<float>{1.0f})
        << "G = " << lanes;
  EXPECT_EQ(spmv_fast_cpu<double>(a, std::vector<double>(4, 1.0), FastSpmvConfig{0, 0, 2}),
            std::vector<double>{2.0});
}

TEST(SpmvFastChoice, RowLanesExactOnIntegerMatrices) {
  for (int32_t rows = 0; rows <= 64; rows += 5) {
    SplitMix64 rng{uint64_t(rows) + 9};
    std::vector<int32_t> ri, ci;
    std::vector<double> vi;
    for (int32_t r = 0; r < rows; ++r)
      for (int32_t k = 0; k < int32_t(rng.next() % 20); ++k)  // empty rows and repeats (summed)
        ri.push_back(r), ci.push_back(int32_t(rng.next() % 40)),
            vi.push_back(double(int(rng.next() % 7) - 3));
    const CsrMatrix a = from_triplets(rows, 40, ri, ci, vi, "integers");
    std::vector<double> x(40);
    for (double& v : x) v = double(int(rng.next() % 9) - 4);
    const std::vector<double> ref = dense_reference(a, x);
    for (int lanes : {1, 2, 4, 8}) {
      const std::vector<float> y32 =
          spmv_fast_cpu<float>(a, std::vector<float>(x.begin(), x.end()), {0, 0, lanes});
      const std::vector<double> y64 = spmv_fast_cpu<double>(a, x, {0, 0, lanes});
      EXPECT_EQ(std::vector<double>(y32.begin(), y32.end()), ref) << rows << " rows G " << lanes;
      EXPECT_EQ(y64, ref) << rows << " rows G " << lanes;
    }
  }
}

// poisson:32 is regular (row lanes, G = 1); one row of 600 nonzeros makes it uneven (merge path).
// spmv_fast_cpu without a config follows the choice: bit-identical to the chosen path's run.
TEST(SpmvFastChoice, AMatrixThatSwitchesPath) {
  const CsrMatrix regular = generate_matrix("poisson:32");
  std::vector<int32_t> ri, ci;
  std::vector<double> vi;
  for (int32_t r = 0; r < regular.rows; ++r)
    for (int32_t k = regular.row_ptr[size_t(r)]; k < regular.row_ptr[size_t(r) + 1]; ++k)
      if (r != 77)
        ri.push_back(r), ci.push_back(regular.col[size_t(k)]), vi.push_back(regular.val[size_t(k)]);
  for (int32_t c = 0; c < 600; ++c) ri.push_back(77), ci.push_back(c), vi.push_back(0.5 + c % 3);
  const CsrMatrix uneven = from_triplets(regular.rows, regular.cols, ri, ci, vi, "uneven");
  const std::vector<double> xd = make_x(XKind::Random, regular.cols, 5);
  const std::vector<float> x(xd.begin(), xd.end());

  EXPECT_EQ(fast_spmv_choice(regular, 4).config.lanes, 1);
  EXPECT_EQ(spmv_fast_cpu<float>(regular, x), spmv_fast_cpu<float>(regular, x, {0, 0, 1}));
  const FastSpmvChoice choice = fast_spmv_choice(uneven, 4);
  EXPECT_FALSE(choice.config.row_lanes()) << choice.why;
  EXPECT_TRUE(test::contains(choice.why, "longest 600")) << choice.why;
  EXPECT_EQ(spmv_fast_cpu<float>(uneven, x), spmv_fast_cpu<float>(uneven, x, fast_merge_config(4)));
  // Both paths within the bound of the reference on the uneven matrix (integer-free values).
  const std::vector<double> ref = dense_reference(uneven, xd);
  for (const FastSpmvConfig& config : {fast_merge_config(4), FastSpmvConfig{0, 0, 2}}) {
    const std::vector<float> y = spmv_fast_cpu<float>(uneven, x, config);
    for (int32_t r = 0; r < uneven.rows; ++r) {
      double magnitude = 0;
      for (int32_t k = uneven.row_ptr[size_t(r)]; k < uneven.row_ptr[size_t(r) + 1]; ++k)
        magnitude += std::fabs(uneven.val[size_t(k)] * xd[size_t(uneven.col[size_t(k)])]);
      const double bound = double(3 + 2 * uneven.row_length(r) + 4) * 0x1.0p-24 * magnitude;
      ASSERT_LE(std::fabs(double(y[size_t(r)]) - ref[size_t(r)]), bound) << "row " << r;
    }
  }
}

TEST(SpmvFastChoice, BadLanesAreRefused) {
  const CsrMatrix a = generate_matrix("pmpp");
  const std::string why = test::spmv_error_of([&] {
    spmv_fast_cpu<float>(a, std::vector<float>(4, 1.0f), FastSpmvConfig{0, 0, 3});
  });
  EXPECT_TRUE(test::contains(why, "1, 2, 4 or 8")) << why;
  const std::string partition = test::spmv_error_of([&] {
    fast_spmv_partition(a, FastSpmvConfig{0, 0, 2});
  });
  EXPECT_TRUE(test::contains(partition, "row-lanes")) << partition;
}

}  // namespace
}  // namespace ws::spmv
