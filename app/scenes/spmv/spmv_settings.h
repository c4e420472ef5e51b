// What the SpMV scene's modes share (issue 28; PMPP chapter 14): the matrix (typed, a shipped
// matrix or graph, a file, or a generator spec), the vector x, the value type, the variant and its
// launch, the hybrid's ELL width and the format shown. The scene owns one SpmvSettings, so
// switching modes keeps all of it; spmv_params.cpp is the one parse. The matrix the settings name
// is read once per edit that names another (spmv_matrix_source.h) and kept here with its key: a
// copy of the settings shares it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "common/binary_op.h"
#include "spmv/format.h"
#include "spmv/matrix.h"
#include "spmv/spmv.h"

namespace ws::app {

inline constexpr const char* kSpmvSceneId = "spmv";

// The book's example (PMPP 4th ed. 14.1, Fig. 14.1): 4 x 4 with 8 nonzeros, row lengths 2 3 2 1.
inline constexpr const char* kBookMatrix = "1 7 0 0; 5 0 3 9; 0 2 8 0; 0 0 0 6";

// Matrices up to this many rows and columns are drawn entry by entry (matrix mode's cells, x and
// y beside them); larger ones as a binned sparsity image.
inline constexpr int kSpmvCellsMaxSide = 64;

struct SpmvSettings {
  // ---- The matrix: typed rows (`values`, "1 7 0 0; 5 0 3 9; ...") or, when there are none,
  // `matrix`: a shipped matrix or graph by name ("bcspwr10", "karate.mtx"), a path, or
  // "gen:SPEC" with spmv::generate_matrix's specs and `seed`.
  std::optional<std::string> values = std::string(kBookMatrix);
  std::string matrix;
  uint64_t seed = 1;  // generators and x random
  // ---- The vector x: all ones, seeded random in [-1, 1), or typed (`x_values`).
  spmv::XKind x_kind = spmv::XKind::Ones;
  std::string x_values;
  // ---- The value type every run computes in: float32 or float64.
  ValueType precision = ValueType::Float32;
  // ---- The variant and its launch (threads per block), the hybrid's ELL width (-1: chosen
  // from the row lengths by spmv::choose_hybrid_width), the format formats mode shows.
  spmv::SpmvVariant variant = spmv::SpmvVariant::Csr;
  int threads = 32;
  int ell_width = -1;
  spmv::SparseFormat format = spmv::SparseFormat::Csr;

  // The matrix these name, as loaded (null until the first edit reads it), the key it was loaded
  // for (matrix_key), and x for it (cols values, as given: rounded to `precision` by the runs).
  std::shared_ptr<const spmv::CsrMatrix> loaded;
  std::string loaded_key;
  std::shared_ptr<const std::vector<double>> x;

  // threads mode and fast panel (S2): threads mode reads variant, threads, precision and
  // ell_width as they are (variants 1-6); threads_params.cpp reads the fast panel's key.
  // What every mode's fast panel times: "scene" (the scene's matrix) or "gen:SPEC", a generated
  // full-size one (e.g. "gen:poisson:2048"), made on the worker.
  std::string fast_matrix = "scene";
};

}  // namespace ws::app
