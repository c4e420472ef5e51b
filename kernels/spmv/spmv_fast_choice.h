// Variant 7's two paths and the plan's choice between them (spmv_fast.h), header-only and free
// of CUDA and of the project's other headers so bench/dev/spmv_tune.cu runs the same rule.
//
// The rule (from the row statistics, computed once when the plan is made: rows, nonzeros, the
// longest row; mean = nnz / rows):
//   regular short rows: longest <= 2 x mean and mean <= 16 (float32) or mean <= 8 (float64)
//     ->  row lanes, no plan scratch: G = 1 (one thread a row) for mean <= 8, G = 4 for
//     8 < mean <= 16.
//     (H200, run 2: poisson (mean 5) G = 1 1.26-1.31x cuSPARSE f32, 1.38-1.48x f64, 85% of a
//     copy, where G = 2 gave 1.02-1.29x; random 16 a row f32 G = 4 0.98x, ahead of every merge
//     configuration.)
//   float64 regular rows of 8 < mean <= 16  ->  the merge path at 128 x 3 streaming (random 16
//     a row: 0.93x cuSPARSE, against G = 4's 0.84x and the power-law pick 128 x 5's 0.80x).
//   anything else (long or uneven rows, power-law tails)  ->  merge path, one configuration per
//     value type (below): one long row or many empty rows cannot unbalance it.
// An empty matrix (no rows or no nonzeros) takes the merge path (it writes the zeros).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace ws::spmv {

// ---- The merge path's configuration per value type (THREADS x ITEMS, LOADS of col and val:
// 0 plain, 1 streaming __ldcs, 2 __ldg). Set from bench/dev/spmv_tune.cu's summary (run 2 on an
// H200: float32 128x7 streaming the best on power-law rows at both sizes; float64 128x5
// streaming, 0.76x / 0.74x cuSPARSE against 256x11's 0.70x / 0.68x).
inline constexpr int kFastSpmvThreads = 128;  // float32
inline constexpr int kFastSpmvItems = 7;
inline constexpr int kFastSpmvLoads = 1;
inline constexpr int kFastSpmvThreads64 = 128;  // float64
inline constexpr int kFastSpmvItems64 = 5;
inline constexpr int kFastSpmvLoads64 = 1;
inline constexpr int kFastSpmvItems64Regular = 3;  // float64, regular rows of mean 8..16: 128 x 3

// The rule's constants (above).
inline constexpr int kRowLanesMeanLimit = 16;   // mean nonzeros a row, at most (float32)
inline constexpr int kRowLanesMeanLimit64 = 8;  // the same for float64
inline constexpr int kRowLanesSpread = 2;       // longest row <= this x mean
inline constexpr int kRowLanesOneLimit = 8;     // mean <= this: G = 1, one thread a row
inline constexpr int kRowLanesWide = 4;         // above it (float32, mean <= 16): G = 4

struct FastSpmvConfig {
  int threads = kFastSpmvThreads;  // merge path: per block (a multiple of 32, 32..1024)
  int items = kFastSpmvItems;  // merge path: merge items (nonzeros + row ends) per thread, 1..32
  int lanes = 0;               // > 0: the row-lanes path with G = lanes (1, 2, 4, 8) instead
  constexpr int64_t tile() const { return int64_t(threads) * items; }
  constexpr bool row_lanes() const { return lanes > 0; }
};

// The merge path's configuration for values of `value_bytes` (4: float, 8: double).
constexpr FastSpmvConfig fast_merge_config(size_t value_bytes) {
  return value_bytes == 8 ? FastSpmvConfig{kFastSpmvThreads64, kFastSpmvItems64, 0}
                          : FastSpmvConfig{kFastSpmvThreads, kFastSpmvItems, 0};
}

// float64's second merge configuration, for regular rows of 8 < mean <= 16.
constexpr FastSpmvConfig fast_merge_config_regular64() {
  return FastSpmvConfig{kFastSpmvThreads64, kFastSpmvItems64Regular, 0};
}

// G for regular rows of `mean` nonzeros: 1 up to kRowLanesOneLimit, then kRowLanesWide.
constexpr int row_lanes_for_mean(double mean) {
  return mean <= kRowLanesOneLimit ? 1 : kRowLanesWide;
}

// The largest mean the row-lanes path takes for values of `value_bytes`.
constexpr int row_lanes_mean_limit(size_t value_bytes) {
  return value_bytes == 8 ? kRowLanesMeanLimit64 : kRowLanesMeanLimit;
}

struct FastSpmvChoice {
  FastSpmvConfig config;
  std::string why;  // one line: the path, its parameters, and the statistics that chose it
};

inline FastSpmvChoice choose_fast_spmv(int64_t rows, int64_t nnz, int64_t longest_row,
                                       size_t value_bytes) {
  FastSpmvChoice choice;
  const double mean = rows > 0 ? double(nnz) / double(rows) : 0.0;
  char stats[160];
  std::snprintf(stats, sizeof(stats), "mean %.2f nonzeros a row, longest %lld", mean,
                static_cast<long long>(longest_row));
  const int mean_limit = row_lanes_mean_limit(value_bytes);
  const bool even = rows > 0 && nnz > 0 && double(longest_row) <= kRowLanesSpread * mean;
  const bool regular = even && mean <= mean_limit;
  const bool regular64 =
      even && value_bytes == 8 && mean > mean_limit && mean <= kRowLanesMeanLimit;
  if (regular) {
    choice.config = FastSpmvConfig{0, 0, row_lanes_for_mean(mean)};
    choice.why = "row lanes G = " + std::to_string(choice.config.lanes) + " (" + stats +
                 ": regular short rows, longest <= " + std::to_string(kRowLanesSpread) +
                 " x mean, mean <= " + std::to_string(mean_limit) + ")";
  } else if (regular64) {
    choice.config = fast_merge_config_regular64();
    choice.why = "merge path " + std::to_string(choice.config.threads) + "x" +
                 std::to_string(choice.config.items) + " (" + stats +
                 ": float64 regular rows, longest <= " + std::to_string(kRowLanesSpread) +
                 " x mean, " + std::to_string(mean_limit) +
                 " < mean <= " + std::to_string(kRowLanesMeanLimit) + ")";
  } else {
    choice.config = fast_merge_config(value_bytes);
    choice.why =
        "merge path " + std::to_string(choice.config.threads) + "x" +
        std::to_string(choice.config.items) + " (" + stats +
        (nnz == 0 ? ": no nonzeros)"
                  : ": not regular short rows (longest > " + std::to_string(kRowLanesSpread) +
                        " x mean or mean > " + std::to_string(kRowLanesMeanLimit) + "))");
  }
  return choice;
}

}  // namespace ws::spmv
