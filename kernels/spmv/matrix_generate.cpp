// generate_matrix (matrix.h): parses a spec, checks its size against the limits before anything
// is allocated, and calls the family (matrix_generate_families.cpp). The book's 4 x 4 example.
#include <string>
#include <vector>

#include "../common/error.h"
#include "matrix.h"
#include "matrix_generate_families.h"

namespace ws::spmv {

namespace {

constexpr const char* kMatrixSpecs =
    "accepted specs: banded:N:W (N rows, W diagonals each side, W < N), poisson:NX[:NY] (2D "
    "5-point Laplacian on an NX x NY grid), random:N:D (N rows of D distinct random columns, "
    "D <= N), powerlaw:SCALE:EF (Kronecker adjacency, SCALE 1..30, EF 1..1024), pmpp (the "
    "book's 4 x 4 example)";

[[noreturn]] void spec_fail(const std::string& spec, const std::string& what) {
  throw Error("matrix spec '" + spec + "': " + what + " (" + kMatrixSpecs + ")");
}

std::vector<std::string> spec_parts(const std::string& text) {
  std::vector<std::string> parts(1);
  for (char c : text) {
    if (c == ':')
      parts.emplace_back();
    else
      parts.back() += c;
  }
  return parts;
}

// A decimal integer in lo..hi (digits only).
int64_t spec_integer(const std::string& spec, const std::string& text, const char* name, int64_t lo,
                     int64_t hi) {
  const std::string range = std::string(name) + " must be a whole number " + std::to_string(lo) +
                            ".." + std::to_string(hi) + ", got '" + text + "'";
  if (text.empty() || text.size() > 18) spec_fail(spec, range);
  int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') spec_fail(spec, range);
    value = value * 10 + (c - '0');
  }
  if (value < lo || value > hi) spec_fail(spec, range);
  return value;
}

void spec_expect_parts(const std::string& spec, const std::vector<std::string>& parts, size_t lo,
                       size_t hi, const char* shape) {
  if (parts.size() < lo || parts.size() > hi) spec_fail(spec, std::string("expected ") + shape);
}

CsrMatrix pmpp_book_matrix() {
  // PMPP 4th ed. 14.1: rows "1 7 0 0; 5 0 3 9; 0 2 8 0; 0 0 0 6".
  CsrMatrix m;
  m.rows = m.cols = 4;
  m.row_ptr = {0, 2, 5, 7, 8};
  m.col = {0, 1, 0, 2, 3, 1, 2, 3};
  m.val = {1, 7, 5, 3, 9, 2, 8, 6};
  return m;
}

}  // namespace

const char* generator_specs() {
  return kMatrixSpecs;
}

CsrMatrix generate_matrix(const std::string& spec, uint64_t seed) {
  const std::vector<std::string> parts = spec_parts(spec);
  const std::string& family = parts[0];
  CsrMatrix m;
  if (family == "pmpp") {
    spec_expect_parts(spec, parts, 1, 1, "pmpp");
    m = pmpp_book_matrix();
  } else if (family == "banded") {
    spec_expect_parts(spec, parts, 3, 3, "banded:N:W");
    const int64_t n = spec_integer(spec, parts[1], "N", 1, kMaxNonzeros);
    const int64_t w = spec_integer(spec, parts[2], "W", 0, n - 1);
    require_fits("matrix spec '" + spec + "'", n, n * (2 * w + 1) - w * (w + 1));
    m = generate_banded(int32_t(n), int32_t(w), seed);
  } else if (family == "poisson") {
    spec_expect_parts(spec, parts, 2, 3, "poisson:NX or poisson:NX:NY");
    const int64_t nx = spec_integer(spec, parts[1], "NX", 1, kMaxNonzeros);
    const int64_t ny = parts.size() == 3 ? spec_integer(spec, parts[2], "NY", 1, kMaxNonzeros) : nx;
    if (nx * ny > kMaxNonzeros)
      spec_fail(spec, "NX * NY = " + std::to_string(nx * ny) + " rows; expected at most " +
                          std::to_string(kMaxNonzeros));
    require_fits("matrix spec '" + spec + "'", nx * ny, 5 * nx * ny - 2 * nx - 2 * ny);
    m = generate_poisson(int32_t(nx), int32_t(ny));
  } else if (family == "random") {
    spec_expect_parts(spec, parts, 3, 3, "random:N:D");
    const int64_t n = spec_integer(spec, parts[1], "N", 1, kMaxNonzeros);
    const int64_t d = spec_integer(spec, parts[2], "D", 1, n);
    if (n * d > kMaxNonzeros * 4) spec_fail(spec, "N * D is far past the limit");
    require_fits("matrix spec '" + spec + "'", n, n * d);
    m = generate_random_rows(int32_t(n), int32_t(d), seed);
  } else if (family == "powerlaw") {
    spec_expect_parts(spec, parts, 3, 3, "powerlaw:SCALE:EF");
    const int64_t scale = spec_integer(spec, parts[1], "SCALE", 1, 30);
    const int64_t ef = spec_integer(spec, parts[2], "EF", 1, 1024);
    // At most 2 * EF * 2^SCALE entries (symmetrized; repeats and self-loops are dropped).
    require_fits("matrix spec '" + spec + "'", int64_t{1} << scale, 2 * ef << scale);
    m = generate_powerlaw(int32_t(scale), int32_t(ef), seed);
  } else {
    spec_fail(spec, "unknown family '" + family + "'");
  }
  m.name = spec;
  return m;
}

}  // namespace ws::spmv
