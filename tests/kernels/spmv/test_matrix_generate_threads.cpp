// The powerlaw matrix on worker threads (graph::worker_threads): the very matrix the one-thread
// generator gave before (a pinned hash), and the same matrix for 1 and N threads.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "graph/graph_parallel.h"
#include "spmv/matrix.h"

namespace ws::spmv {
namespace {

// FNV-1a over the little-endian bytes of row_ptr and col (4 each), then val's bits (8 each).
uint64_t matrix_hash(const CsrMatrix& m) {
  uint64_t h = 0xCBF29CE484222325ull;
  auto add = [&h](uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) h = (h ^ ((value >> (8 * i)) & 0xFF)) * 0x100000001B3ull;
  };
  for (const int32_t p : m.row_ptr) add(uint32_t(p), 4);
  for (const int32_t c : m.col) add(uint32_t(c), 4);
  for (const double v : m.val) {
    uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    add(bits, 8);
  }
  return h;
}

struct WorkerThreads {
  explicit WorkerThreads(int count) { graph::set_worker_threads(count); }
  ~WorkerThreads() { graph::set_worker_threads(0); }
};

TEST(MatrixGenerateThreads, PowerlawIsTheMatrixOfTheOneThreadGenerator) {
  // Hash of generate_matrix("powerlaw:14:16", 1) before the generators used threads (commit
  // bb11613): the same spec and seed must keep giving the same matrix.
  for (const int threads : {1, 4}) {
    WorkerThreads scope(threads);
    EXPECT_EQ(matrix_hash(generate_matrix("powerlaw:14:16", 1)), 0xa82391da1ce66001ull) << threads;
  }
}

TEST(MatrixGenerateThreads, OneThreadAndManyGiveTheSamePowerlaw) {
  CsrMatrix one;
  {
    WorkerThreads scope(1);
    one = generate_matrix("powerlaw:16:8", 3);
  }
  for (const int threads : {2, 7}) {
    WorkerThreads scope(threads);
    const CsrMatrix many = generate_matrix("powerlaw:16:8", 3);
    EXPECT_EQ(many.row_ptr, one.row_ptr) << threads;
    EXPECT_EQ(many.col, one.col) << threads;
    EXPECT_EQ(many.val, one.val) << threads;
    EXPECT_EQ(many.name, one.name);
  }
}

}  // namespace
}  // namespace ws::spmv
