// The SpMV benchmark's plan and its run (spmv_bench.h): spmv_bench.cpp reads the request into a
// SpmvBenchPlan; spmv_bench_parts.cpp loads each matrix once and times its rows.
#pragma once

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "bench_job.h"
#include "spmv_bench.h"

namespace ws::bench {

struct SpmvBenchCase {
  SpmvBenchMatrix matrix;
  std::vector<ValueType> types;  // float32, and float64 where asked
  bool large = false;            // the 100M class: csr, csr-vector, fast only unless full
};

struct SpmvBenchPlan {
  std::vector<SpmvBenchCase> cases;
  std::vector<int> variants = {1, 2, 3, 4, 5, 6, 7};
  bool cap = true, full = false;
  int repeats = 20;
  std::function<spmv::CsrMatrix(const std::string&)> load;
  std::shared_ptr<const spmv::CsrMatrix> scene_matrix;  // from_scene
};

// The generated matrix of a family at about `millions` million nonzeros ("poisson:1414").
std::string spmv_bench_spec(const std::string& family, int millions);
// The default reader (spmv_bench.h: SpmvBenchChoice::load).
spmv::CsrMatrix spmv_bench_default_load(const std::string& spec);

BenchReport spmv_bench_run(const SpmvBenchPlan& plan, std::ostream& progress);

}  // namespace ws::bench
