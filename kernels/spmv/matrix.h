// The sparse matrix of the SpMV scene (PMPP chapter 14): one host form (CSR with double values),
// built from the graph loaders (a Matrix Market file is a graph with weights: no second parser),
// from seeded generators, or from typed text; the x vectors; the dense reference every variant is
// checked against; row-length statistics and the binned sparsity image the matrix view draws.
// CUDA-free; CPU code only (matrix_*.cpp).
//
// Limits: indices and row pointers are int32, so a matrix has at most 2^31 - 1 rows, columns and
// nonzeros (kMaxNonzeros); max_nonzeros() lowers that to what this machine's memory holds.
// Loaded matrices are square (the graph loader's rule: "found a R x C matrix; expected a square
// one (the adjacency matrix of a graph)"); typed matrices may be R x C.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "../graph/graph.h"

namespace ws::spmv {

// ---- The matrix.
// Compressed sparse rows: the nonzeros of row r are (col[k], val[k]) for k in
// [row_ptr[r], row_ptr[r + 1]). Columns are sorted ascending within each row and distinct:
// duplicate entries of a file are SUMMED (the Matrix Market convention), and explicit zeros (a
// stored 0, or duplicates summing to 0) are KEPT as nonzeros (they cost storage and work as any
// other entry; PMPP counts stored entries).
struct CsrMatrix {
  int32_t rows = 0, cols = 0;
  std::vector<int32_t> row_ptr{0};  // rows + 1 entries, row_ptr[0] == 0
  std::vector<int32_t> col;         // nnz entries
  std::vector<double> val;          // nnz entries
  std::string name;                 // file name, generator spec, or "typed"

  int64_t nnz() const { return int64_t(col.size()); }
  int32_t row_length(int32_t r) const { return row_ptr[size_t(r) + 1] - row_ptr[size_t(r)]; }
};

inline constexpr int64_t kMaxNonzeros = (int64_t{1} << 31) - 1;

// Throws ws::Error naming the first broken invariant (sizes, row_ptr not monotone, a column out
// of range, columns not strictly ascending in a row).
void validate(const CsrMatrix& m);

// The CSR of R x C entries given as triplets in any order: sorted by (row, column), duplicates
// summed (in input order), explicit zeros kept. Throws ws::Error for an index out of range or
// arrays of different lengths. (Tests build their random matrices with it.)
CsrMatrix from_triplets(int32_t rows, int32_t cols, const std::vector<int32_t>& row,
                        const std::vector<int32_t>& col, const std::vector<double>& val,
                        std::string name = "triplets");

// Bytes the host CSR of `rows` rows and `nnz` nonzeros takes (int32 row_ptr and col, double val).
int64_t csr_bytes(int64_t rows, int64_t nnz);
// The most nonzeros a matrix may have on this machine: a quarter of its physical memory over
// the ~24 bytes a nonzero takes while it is built and laid out in another format, capped at
// kMaxNonzeros. Generators and loaders refuse a larger matrix before allocating it, with a
// message giving its size in MB.
int64_t max_nonzeros();
// Throws ws::Error "<what>: R rows and N nonzeros, about M MB as CSR; ..." naming the limit when
// nnz > max_nonzeros() or rows > kMaxNonzeros: the check before a matrix is allocated.
void require_fits(const std::string& what, int64_t rows, int64_t nnz);

// ---- From graphs and files.
// The adjacency matrix of `g`: entry (u, v) for every edge u -> v, its value the edge's weight
// (weights64 when present, else weights, else 1.0 for an unweighted graph / pattern file).
// Repeated edges are summed. Throws ws::Error when g has more than kMaxNonzeros edges.
CsrMatrix from_graph(const graph::Graph& g);

struct LoadMatrixOptions {
  graph::Format format = graph::Format::Auto;
  // An edge list that stores each undirected edge once (the Minnesota roads): add v -> u for
  // every u -> v. Symmetric Matrix Market files are expanded by the loader without it.
  bool symmetrize = false;
  // Edge lists only: the file's ids become 0..n-1 in order of first appearance (the loader's
  // default); formats with a declared size (Matrix Market, METIS, DIMACS) keep their ids.
  bool renumber = true;
  // As graph::LoadOptions: progress (bytes read, file size) and cancel, for a worker thread.
  std::function<void(int64_t, int64_t)> progress;
  const std::atomic<bool>* cancel = nullptr;
};

// Reads a matrix through graph::load_graph with self-loops kept (the diagonal), duplicates kept
// (then summed), symmetric files expanded, and values parsed in double precision
// (LoadOptions::double_weights). Pattern files, METIS and unweighted edge lists give 1.0.
// Throws the loader's ws::Error (file, line, what was expected) for bad files, a non-square
// Matrix Market file included, and ws::Error naming the size in MB for a matrix past
// max_nonzeros().
CsrMatrix load_matrix(const std::string& path, const LoadMatrixOptions& options = {});
// The graph loader's options load_matrix uses (for a caller that loads through a cache of graphs
// and then calls from_graph: its cache key must tell double_weights apart).
graph::LoadOptions graph_load_options(const LoadMatrixOptions& options);

// ---- Generators: seeded, identical on every platform (SplitMix64), O(nnz).
//   "banded:N:W"        N x N, the 2W + 1 diagonals |i - j| <= W (W < N); symmetric
//   "poisson:NX[:NY]"   the 2D 5-point Laplacian on an NX x NY grid (NY = NX when omitted): row
//                       y*NX + x has 4 on the diagonal and -1 for each grid neighbour, so 5
//                       nonzeros inside, 4 on an edge, 3 in a corner; symmetric. poisson:4472 is
//                       20M rows / 100M nonzeros.
//   "random:N:D"        N x N, each row exactly D distinct columns drawn uniformly (1 <= D <= N):
//                       even rows, not symmetric
//   "powerlaw:SCALE:EF" the adjacency of graph::generate("kron:SCALE:EF", seed) (Graph500 R-MAT,
//                       symmetrized, no self-loops, no repeats): power-law row lengths; symmetric
//   "pmpp"              the book's 4 x 4 example (PMPP 4th ed. 14.1), rows "1 7 0 0; 5 0 3 9;
//                       0 2 8 0; 0 0 0 6"
// Values (but poisson's and pmpp's) are seeded random in [-1, 1) with 24 significant bits, so a
// float32 run multiplies exactly the values a float64 run does; symmetric generators give (i, j)
// and (j, i) the same value. Throws ws::Error naming the accepted specs and their limits for
// anything else, and for a matrix past max_nonzeros() (its size in MB) before allocating it.
CsrMatrix generate_matrix(const std::string& spec, uint64_t seed = 1);
// The accepted specs, for messages and the scene's picker.
const char* generator_specs();

// ---- Typed matrices.
// Rows separated by ';' or newlines, numbers by spaces and/or commas:
// "1 7 0 0; 5 0 3 9; 0 2 8 0; 0 0 0 6" (PMPP's example). Zeros are not stored; every row must
// have as many numbers as the first. R x C (not necessarily square). Throws ws::Error naming
// `option` and the row / column for ragged rows, a non-number, a non-finite value, or empty text.
CsrMatrix parse_matrix_text(const std::string& text, std::string_view option = "--values");

// ---- The vector x.
enum class XKind : uint8_t { Ones = 0, Random = 1, Typed = 2 };
const char* x_kind_id(XKind kind);  // "ones", "random", "typed"
// Accepts ones / random / typed; throws ws::Error naming `option` and the ids.
XKind parse_x_kind(const std::string& text, std::string_view option = "--x");
// `cols` entries: all 1; seeded random in [-1, 1) with 24 significant bits (exact in float); or
// `typed` (its length must be cols: ws::Error giving both).
std::vector<double> make_x(XKind kind, int32_t cols, uint64_t seed,
                           const std::vector<double>& typed = {});
// Numbers separated by spaces, commas or ';'. Throws ws::Error naming `option` and the position
// for a non-number or non-finite value, and giving both lengths when it is not `cols` long.
std::vector<double> parse_vector_text(const std::string& text, int32_t cols,
                                      std::string_view option = "--x-values");

// ---- The reference.
// y = A x summed in long double per row, then rounded once to double: the reference the tests
// and the scene check every variant against. Throws ws::Error when x.size() != cols.
std::vector<double> dense_reference(const CsrMatrix& m, const std::vector<double>& x);

// ---- Row lengths and the sparsity pattern (the matrix view).
std::vector<int32_t> row_lengths(const CsrMatrix& m);

struct RowLengthBin {
  int32_t lo, hi;  // row lengths lo..hi (inclusive)
  int64_t rows;    // rows with a length in [lo, hi]
};
struct RowStats {
  int32_t min = 0, max = 0;        // shortest and longest row (0, 0 for no rows)
  double mean = 0, stddev = 0;     // over all rows, empty ones included (population stddev)
  int64_t empty_rows = 0;          // rows with no nonzero
  bool log_bins = false;           // false: one bin per length 0..max
  std::vector<RowLengthBin> bins;  // ascending, covering 0..max without gaps
};
// One bin per length when max + 1 <= max_bins, else log-spaced: [0,0], [1,1], [2,3], [4,7], ...,
// [2^k, 2^(k+1) - 1] (the last ends at max). O(rows).
RowStats row_stats(const CsrMatrix& m, int32_t max_bins = 32);

// Nonzeros per cell of a height x width grid over the matrix: matrix row r falls in cell row
// r * height / rows (column c likewise), so each cell covers rows/height rows (rounded down or
// up). height = min(rows, max_height) and width = min(cols, max_width): a small matrix gets one
// cell per entry. O(nnz).
struct SparsityImage {
  int32_t width = 0, height = 0;
  std::vector<int64_t> counts;  // height * width, row-major: counts[cell_row * width + cell_col]
  int64_t max_count = 0;        // the largest count (for the colour scale)
};
SparsityImage sparsity_image(const CsrMatrix& m, int32_t max_width, int32_t max_height);

}  // namespace ws::spmv
