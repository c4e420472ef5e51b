// The merge benchmark's plan and its two parts (merge_bench.h): merge_bench.cpp reads the request
// into a MergeBenchPlan; merge_bench_parts.cpp times the merges and the sorts.
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

#include "bench_job.h"
#include "merge/merge_fast.h"
#include "merge/sort.h"

namespace ws::bench {

struct MergeBenchCase {
  int64_t n = 0;  // keys a side (merges) or keys (sorts)
  merge::KeyType key = merge::KeyType::Int32;
  bool pairs = false;
};

struct MergeBenchPlan {
  bool merges_on = true, sorts_on = true;
  std::vector<MergeBenchCase> merge_cases, sort_cases;
  std::vector<bool> skewed = {false, true};        // uniform, skewed
  std::vector<int> merge_variants = {2, 3, 4, 5};  // merge.h
  std::vector<int> sort_variants = {6, 7, 8, 9};   // sort.h
  int64_t network_max = int64_t(1) << 24;          // bitonic, odd-even: larger sizes skipped
  int repeats = 20;
};

BenchReport merge_bench_merges(const MergeBenchPlan& plan, std::ostream& progress);
BenchReport merge_bench_sorts(const MergeBenchPlan& plan, std::ostream& progress);

}  // namespace ws::bench
