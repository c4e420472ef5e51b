// The global-memory benchmark's parts (memory_bench.h), each a report of its own that
// memory_bench_job merges.
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

#include "bench_job.h"
#include "memory/access.h"
#include "memory/matmul.h"
#include "memory/transpose.h"

namespace ws::bench {

struct MemoryBenchPlan {
  bool transposes_on = true, matmuls_on = true, access_on = true;
  std::vector<int> transpose_sides = {4096, 8192};
  std::vector<int> matmul_sides = {1024, 4096};
  std::vector<mem::TransposeVariant> transposes;  // all when the request names none
  std::vector<mem::MatmulVariant> matmuls;
  std::vector<mem::Pattern> patterns;
  std::vector<int> tiles = {16};  // matmul variants 1-3
  int max_stride = 64;
  int max_offset = 32;
  int64_t elements = int64_t{1} << 26;
  int repeats = 20;
};

BenchReport memory_bench_transposes(const MemoryBenchPlan& plan, std::ostream& progress);
BenchReport memory_bench_matmuls(const MemoryBenchPlan& plan, std::ostream& progress);
BenchReport memory_bench_access(const MemoryBenchPlan& plan, std::ostream& progress);

}  // namespace ws::bench
