// Merge sort's CPU twin (sort.h has the trace layout; sort_merge.cu the kernel it mirrors): every
// pass, every thread in turn: the co-rank of each piece's start and end (step 2p), then the
// piece's sequential merge (step 2p + 1), the book's co_rank (corank.h) reading through the
// trace model so every comparison's keys are recorded.
#include <algorithm>
#include <string>
#include <vector>

#include "../common/trace_model.h"
#include "corank.h"
#include "sort_merge_plan.h"
#include "sort_teach_cpu.h"

namespace ws::merge {

namespace {

// What one thread did in one piece; the caller stores it in the pass.
MergeSortThreadRange merge_sort_piece_cpu(TraceModel& m, const SortPassPiece& piece, int32_t t,
                                          int in, int out, std::vector<uint32_t>& in_values,
                                          std::vector<uint32_t>& out_values, int corank_step) {
  const int a0 = int(piece.base), b0 = int(piece.base) + piece.a_len;
  auto a_at = [&](int i) { return m.read(t, in, a0 + i); };
  auto b_at = [&](int j) { return m.read(t, in, b0 + j); };
  m.at(corank_step);
  const int i_begin = co_rank_at(piece.k_begin, a_at, piece.a_len, b_at, piece.b_len);
  const int i_end = co_rank_at(piece.k_end, a_at, piece.a_len, b_at, piece.b_len);
  const int j_begin = piece.k_begin - i_begin, j_end = piece.k_end - i_end;
  m.at(corank_step + 1);
  int i = i_begin, j = j_begin, k = a0 + piece.k_begin;
  auto take = [&](int from) {
    m.write(t, out, k, m.read(t, in, from));
    out_values[size_t(k++)] = in_values[size_t(from)];
  };
  while (i < i_end && j < j_end) {
    const double a = m.read(t, in, a0 + i), b = m.read(t, in, b0 + j);
    m.write(t, out, k, a <= b ? a : b);
    out_values[size_t(k++)] = in_values[size_t(a <= b ? a0 + i++ : b0 + j++)];
  }
  while (j < j_end) take(b0 + j++);
  while (i < i_end) take(a0 + i++);
  return {t, 0, piece.k_begin, piece.k_end, i_begin, j_begin, i_end, j_end};
}

}  // namespace

void teach_merge_sort_cpu(SortTeachRun& run) {
  const int32_t n = int32_t(run.input.size());
  const SortShape shape = sort_shape(run.params, n);
  TraceModel m(run.trace);
  m.add_buffer("keys", MemSpace::Global, n, 1, run.input);
  m.add_buffer("tmp", MemSpace::Global, n);
  for (int p = 0; p < shape.passes; ++p) {
    const std::string pass = "pass " + std::to_string(p) + ": width " + std::to_string(1 << p);
    m.add_step(pass + ", co-rank", "corank", "@merge-sort-corank", shape.grid_dim, shape.block_dim,
               0);
    m.add_step(pass + ", merge", "merge", "@merge-sort-merge", shape.grid_dim, shape.block_dim, 0);
  }
  std::vector<uint32_t> values[2] = {run.input_values, std::vector<uint32_t>(size_t(n))};
  const int32_t threads = shape.grid_dim * shape.block_dim, c = shape.per_thread;
  for (int p = 0; p < shape.passes; ++p) {
    const int64_t width = int64_t{1} << p;
    const int in = p % 2 == 0 ? kSortKeys : kSortTmp, out = kSortKeys + kSortTmp - in;
    MergePass pass;
    pass.width = int32_t(width);
    pass.input_buffer = in;
    for (int64_t base = 0; base < n; base += 2 * width) {
      const SortPassPiece whole = sort_pass_piece(base, width, n, base, n);
      const int32_t a_end = int32_t(base) + whole.a_len, b_end = a_end + whole.b_len;
      pass.merges.push_back(
          {int32_t(base), a_end, a_end, b_end, int32_t(base) / c, (b_end - 1) / c});
    }
    for (int32_t t = 0; t < threads; ++t) {
      const int64_t k_lo = int64_t(t) * c;
      if (k_lo >= n) break;
      const int64_t k_hi = std::min<int64_t>(k_lo + c, n);
      for (int64_t base = sort_pass_first_base(k_lo, width); base < k_hi; base += 2 * width) {
        MergeSortThreadRange r =
            merge_sort_piece_cpu(m, sort_pass_piece(base, width, n, k_lo, k_hi), t, in, out,
                                 values[in], values[out], 2 * p);
        r.merge = int32_t(base / (2 * width));
        pass.ranges.push_back(r);
      }
    }
    run.passes.push_back(std::move(pass));
  }
  m.finish();
  run.result_buffer = shape.passes % 2 == 0 ? kSortKeys : kSortTmp;
  run.output = m.state(run.result_buffer);
  run.output_values = values[run.result_buffer];
}

}  // namespace ws::merge
