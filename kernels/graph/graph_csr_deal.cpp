// deal_unweighted (graph_csr_deal.h): build_csr's two counting sorts (by column, then stably by
// row) done in parallel and without atomics, each in two levels:
//   1  the (row, column) pairs (mirrored ones included) partitioned by column block (<= 4096
//      blocks of 2^shift columns): each thread counts its contiguous range of edges per block and
//      deals them into its own slice of each block, so the order within a block is input order
//   2  each column block sorted by column with a counting sort (in parallel over blocks)
//   3  that order partitioned by row block the same way: within a row block, columns ascend
//   4  each row block deals its pairs into its rows (after one prefix sum over all rows)
// The random writes of 2 and 4 stay within one block. O(n + m) work; the prefix sums over the
// rows are the only parts on one thread. Rows come out sorted, the same for any thread count.
#include "graph_csr_deal.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>

#include "../common/error.h"
#include "graph_parallel.h"

namespace ws::graph {

namespace {

constexpr int64_t kDealGrain = 1 << 16;  // pairs a thread takes at the least
constexpr int64_t kDealBlocks = 4096;    // blocks of rows (columns), at most

using RowColumn = std::pair<int32_t, int32_t>;
// An array of pairs left uninitialized (no zero-filling on one thread: each thread's first write
// maps its pages).
struct Pair {
  int32_t first, second;
};
using Pairs = std::unique_ptr<Pair[]>;

// The index of the first edge with an endpoint outside 0..n-1, or -1 (checked in parallel).
int64_t first_bad_edge(int32_t n, const std::vector<RowColumn>& edges) {
  std::atomic<int64_t> first{-1};
  parallel_ranges(int64_t(edges.size()), kDealGrain, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      const int32_t u = edges[size_t(i)].first, v = edges[size_t(i)].second;
      if (u >= 0 && u < n && v >= 0 && v < n) continue;
      int64_t seen = first.load();
      while ((seen < 0 || i < seen) && !first.compare_exchange_weak(seen, i)) {
      }
      return;
    }
  });
  return first.load();
}

// The pairs visit(begin, end, deal) gives for the inputs [begin, end) of [0, count), grouped by
// block (key(pair) >> shift) into `out`, in visiting order within a block; block_start gets
// blocks + 1 entries. Throws before allocating when there are more than max_pairs.
template <class Visit, class Key>
void partition_by_block(int64_t count, int shift, int64_t blocks, const Visit& visit,
                        const Key& key, int64_t max_pairs, Pairs& out,
                        std::vector<int64_t>& block_start) {
  const int64_t parts = range_parts(count, kDealGrain);
  std::vector<int64_t> slot(size_t(parts * blocks), 0);  // [part][block]: counts, then slots
  parallel_parts(parts, [&](int64_t part) {
    int64_t* counts = slot.data() + part * blocks;
    visit(count * part / parts, count * (part + 1) / parts,
          [&](int32_t u, int32_t v) { ++counts[key(u, v) >> shift]; });
  });
  block_start.assign(size_t(blocks) + 1, 0);
  int64_t total = 0;
  for (int64_t b = 0; b < blocks; ++b) {
    block_start[size_t(b)] = total;
    for (int64_t part = 0; part < parts; ++part) {
      const int64_t c = slot[size_t(part * blocks + b)];
      slot[size_t(part * blocks + b)] = total;
      total += c;
    }
  }
  block_start[size_t(blocks)] = total;
  if (total > max_pairs)
    throw Error("build_csr: " + std::to_string(total) + " edges to store, more than the " +
                std::to_string(max_pairs) + " a graph may hold");
  out.reset(new Pair[size_t(total)]);
  parallel_parts(parts, [&](int64_t part) {
    int64_t* next = slot.data() + part * blocks;
    visit(count * part / parts, count * (part + 1) / parts, [&](int32_t u, int32_t v) {
      out[size_t(next[key(u, v) >> shift]++)] = {u, v};
    });
  });
}

}  // namespace

void deal_unweighted(int32_t n, std::vector<std::pair<int32_t, int32_t>>& edges, bool symmetrize,
                     bool remove_self_loops, int64_t max_stored, Graph& g) {
  const int64_t bad = first_bad_edge(n, edges);
  if (bad >= 0) {
    const int32_t u = edges[size_t(bad)].first, v = edges[size_t(bad)].second;
    throw Error("build_csr: edge " + std::to_string(bad) + " (" + std::to_string(u) + " -> " +
                std::to_string(v) + ") has an endpoint outside 0.." + std::to_string(n - 1));
  }
  int shift = 0;
  while ((int64_t(n) >> shift) > kDealBlocks) ++shift;
  const int64_t blocks = (int64_t(n) + (int64_t{1} << shift) - 1) >> shift;
  auto row_key = [](int32_t u, int32_t) { return u; };
  auto column_key = [](int32_t, int32_t v) { return v; };

  // 1: by column block, the mirrored pairs too.
  Pairs by_column, by_row;
  std::vector<int64_t> block_start;
  auto each_edge = [&](int64_t begin, int64_t end, const auto& deal) {
    for (int64_t i = begin; i < end; ++i) {
      const int32_t u = edges[size_t(i)].first, v = edges[size_t(i)].second;
      if (u == v && remove_self_loops) continue;
      deal(u, v);
      if (symmetrize && u != v) deal(v, u);
    }
  };
  partition_by_block(int64_t(edges.size()), shift, blocks, each_edge, column_key, max_stored,
                     by_column, block_start);
  std::vector<RowColumn>().swap(edges);
  const int64_t total = block_start[size_t(blocks)];

  // 2: each column block sorted by column (into by_row's storage, then swapped).
  by_row.reset(new Pair[size_t(total)]);
  parallel_ranges(blocks, 1, [&](int64_t first_block, int64_t end_block) {
    std::vector<int64_t> next(size_t(1) << shift);
    for (int64_t b = first_block; b < end_block; ++b) {
      const int64_t begin = block_start[size_t(b)], end = block_start[size_t(b) + 1];
      const int32_t first_column = int32_t(b << shift);
      std::fill(next.begin(), next.end(), 0);
      for (int64_t k = begin; k < end; ++k)
        ++next[size_t(by_column[size_t(k)].second - first_column)];
      int64_t at = begin;
      for (auto& slot : next) {
        const int64_t c = slot;
        slot = at;
        at += c;
      }
      for (int64_t k = begin; k < end; ++k) {
        const Pair e = by_column[size_t(k)];
        by_row[size_t(next[size_t(e.second - first_column)]++)] = e;
      }
    }
  });
  by_column.swap(by_row);

  // 3: by row block, keeping that order.
  auto each_pair = [&](int64_t begin, int64_t end, const auto& deal) {
    for (int64_t k = begin; k < end; ++k)
      deal(by_column[size_t(k)].first, by_column[size_t(k)].second);
  };
  partition_by_block(total, shift, blocks, each_pair, row_key, max_stored, by_row, block_start);
  by_column.reset();

  // 4: row lengths (into row_offsets[row + 1]), their prefix sum, the columns dealt in order.
  g.row_offsets.assign(size_t(n) + 1, 0);
  parallel_ranges(blocks, 1, [&](int64_t first_block, int64_t end_block) {
    for (int64_t k = block_start[size_t(first_block)]; k < block_start[size_t(end_block)]; ++k)
      ++g.row_offsets[size_t(by_row[size_t(k)].first) + 1];
  });
  for (int32_t u = 0; u < n; ++u) g.row_offsets[size_t(u) + 1] += g.row_offsets[size_t(u)];
  g.columns.resize(size_t(total));
  parallel_ranges(blocks, 1, [&](int64_t first_block, int64_t end_block) {
    const int64_t first_row = first_block << shift;
    const int64_t end_row = std::min<int64_t>(n, end_block << shift);
    std::vector<int64_t> next(g.row_offsets.begin() + first_row, g.row_offsets.begin() + end_row);
    for (int64_t k = block_start[size_t(first_block)]; k < block_start[size_t(end_block)]; ++k) {
      const Pair e = by_row[size_t(k)];
      g.columns[size_t(next[size_t(e.first - first_row)]++)] = e.second;
    }
  });
}

}  // namespace ws::graph
