// The SpMV benchmark behind `warpscope bench --scene spmv` and the scene's fast panel
// (kernels/spmv: spmv_fast.h's timings), CUDA only (the CPU backend is refused with a message):
// every variant (1-7) and cuSPARSE's cusparseSpMV (CSR, ALG_DEFAULT and CSR_ALG2; "x lib" is
// against the faster of the two) on
//   the shipped matrices   bcspwr10, 4elt, Minnesota roads, facebook_combined (as the scene
//                          reads them), float32;
//   generated ones         poisson, powerlaw, random and banded at about 1M, 10M and 100M
//                          nonzeros (powerlaw: 0.9M, 9.4M and ~60M, powerlaw:21:16: its
//                          generator takes ~1 s per 2M nonzeros on one core), float32, and
//                          float64 at 10M;
// ms, GB/s (row_ptr + col + val + x + y once), % of the device copy, GFLOP/s (2 nnz / t, the
// table's G/s column), x cuSPARSE; each row names its matrix and type, and every result is checked
// against the long-double reference within the summation-order bound (spmv_fast.h).
// Rows: "7 fast (poisson:1414 f32)", "cuSPARSE (...)" (ALG_DEFAULT), "cuSPARSE alg2 (...)".
// Variant 7 is the plan's own choice per matrix and type (spmv_fast_choice.h: row lanes on
// regular short rows, else the merge path; spmv_tune's "auto" row): its note names the path and
// the row statistics that chose it.
// Caps (--set cap=no lifts them; each skipped row says why): ELL where its padding would exceed
// 3x the nonzeros and 16M slots; COO and hybrid (atomics) where a row is longer than 65536 (the
// atomics into one y serialize: power-law hubs); at 100M only csr, csr-vector, fast and cuSPARSE
// (the other layouts take seconds each to build on the host; --set full=yes times them all).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench_job.h"
#include "common/binary_op.h"
#include "spmv/matrix.h"

namespace ws::bench {

// A matrix the benchmark may time: as the scene names it, and its row label.
struct SpmvBenchMatrix {
  std::string spec;   // "gen:poisson:448" or a shipped file name ("bcspwr10.mtx")
  std::string label;  // "poisson:448", "bcspwr10"
};

// What the scene hands the benchmark (all optional).
struct SpmvBenchChoice {
  // Reads a spec as the scene does; empty: "gen:SPEC" through spmv::generate_matrix and a file
  // name through spmv::load_matrix from ., ./assets/graphs or $WARPSCOPE_DATA_DIR/assets/graphs
  // (.txt edge lists symmetrized).
  std::function<spmv::CsrMatrix(const std::string& spec)> load;
  std::vector<SpmvBenchMatrix> shipped;  // empty: the four above
  // request.from_scene: the scene's matrix alone (its name as the label) in `type`.
  std::shared_ptr<const spmv::CsrMatrix> matrix;
  ValueType type = ValueType::Float32;
};

// request.sizes: 1, 10, 100 (millions of nonzeros; "10M" too; default all three).
// request.type: float32 or float64: that type only, at every size.
// request.variants: ids or numbers 1..7 (default all; cuSPARSE is always timed).
// request.params: families=poisson,powerlaw,random,banded (default all), shipped=yes|no,
// cap=yes|no, full=yes|no. Anything else is refused, naming what is accepted.
BenchJob spmv_bench_job(const BenchRequest& request, const SpmvBenchChoice& choice = {});

}  // namespace ws::bench
