// Helpers for the sparse matrix and format tests (test_matrix_*.cpp, test_format_*.cpp): the
// message of a ws::Error, temporary files, and dense forms of a matrix rebuilt from each layout's
// arrays by the layout's own definition (not by the code under test).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "spmv/format.h"
#include "spmv/matrix.h"
#include "test_paths.h"

namespace ws::spmv::test {

using Dense = std::vector<std::vector<double>>;

// The message of the ws::Error `f` throws ("" and a test failure when none).
template <class F>
std::string spmv_error_of(F&& f) {
  try {
    f();
  } catch (const ws::Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ws::Error thrown";
  return "";
}

inline bool contains(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

// A fresh folder under the system temp folder, removed with the object.
struct MatrixTempDir {
  std::filesystem::path path;
  MatrixTempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path = std::filesystem::temp_directory_path() /
           ("ws_spmv_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
            std::to_string(std::rand()));
    std::filesystem::create_directories(path);
  }
  ~MatrixTempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::string write(const std::string& name, const std::string& text) const {
    const std::string file = (path / name).string();
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }
};

inline std::string shipped_graph(const std::string& name) {
  return std::string(WS_TEST_GRAPHS_DIR) + "/" + name;
}

inline Dense zeros(int32_t rows, int32_t cols) {
  return Dense(size_t(rows), std::vector<double>(size_t(cols), 0.0));
}

inline Dense dense_of(const CsrMatrix& m) {
  Dense d = zeros(m.rows, m.cols);
  for (int32_t r = 0; r < m.rows; ++r)
    for (int32_t k = m.row_ptr[size_t(r)]; k < m.row_ptr[size_t(r) + 1]; ++k)
      d[size_t(r)][size_t(m.col[size_t(k)])] += m.val[size_t(k)];
  return d;
}

inline void add_coo(const CooMatrix& c, Dense& d) {
  for (size_t k = 0; k < c.col.size(); ++k) d[size_t(c.row[k])][size_t(c.col[k])] += c.val[k];
}

// ELL slot k of row r is at k * rows + r; padding holds col 0, val 0 and is skipped here.
inline void add_ell(const EllMatrix& e, Dense& d) {
  for (int32_t r = 0; r < e.rows; ++r)
    for (int32_t k = 0; k < e.width; ++k) {
      const size_t slot = size_t(k) * size_t(e.rows) + size_t(r);
      if (!e.padded[slot]) d[size_t(r)][size_t(e.col[slot])] += e.val[slot];
    }
}

// Diagonal t holds element t of sorted rows 0, 1, ... (those that have one): sorted row i's
// element t is at iter_ptr[t] + i and belongs to original row perm[i].
inline Dense dense_of(const JdsMatrix& j) {
  Dense d = zeros(j.rows, j.cols);
  for (int32_t t = 0; t + 1 < int32_t(j.iter_ptr.size()); ++t)
    for (int32_t k = j.iter_ptr[size_t(t)]; k < j.iter_ptr[size_t(t) + 1]; ++k) {
      const int32_t i = k - j.iter_ptr[size_t(t)];
      d[size_t(j.perm[size_t(i)])][size_t(j.col[size_t(k)])] += j.val[size_t(k)];
    }
  return d;
}

}  // namespace ws::spmv::test
