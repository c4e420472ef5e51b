// CPU twin of variant 7, fast (bfs.h; the kernels are in bfs_fast.cu): direction-optimizing with
// variant 3's directions, the data structures of the fast kernels, and the adjacency entries the
// kernels read:
//   top-down levels   the frontier as a queue, one thread per frontier vertex reading its whole
//                     CSR row (the kernels split long rows across a warp or a block; the count
//                     is the same m_f). Work O(m_f), steps 1 a level.
//   bottom-up levels  the frontier as a bitmap (1 bit per vertex, 64 vertices a word): one thread
//                     per vertex of the level's list, an unvisited vertex tests its
//                     in-neighbours' bits up to the first set one. The first bottom-up level's
//                     list is every vertex; it keeps the vertices it leaves unvisited with
//                     in-edges, and each later bottom-up level takes only those (and keeps its
//                     own leftovers). Work O(list + edges up to the first parent). It counts what
//                     the kernel reads: 4 in-edges at a time, so up to the end of the chunk with
//                     the parent (bottom_up_reads).
//   switches          queue -> bitmap when going bottom-up, bitmap -> queue (in vertex order)
//                     when going back: O(n_f) and O(n / 64 + n_f).
// Work O(n + m) over the top-down levels, steps D; the levels are kept on the host here, on the
// device in the kernels (no copy-back per level).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "bfs_cpu_twins.h"
#include "bfs_level_stats.h"

namespace ws::bfs {

namespace {

class Bitmap {
 public:
  explicit Bitmap(int32_t n) : words_((size_t(n) + 63) / 64, 0) {}
  void clear() { std::fill(words_.begin(), words_.end(), 0); }
  void set(int32_t v) { words_[size_t(v) >> 6] |= uint64_t{1} << (v & 63); }
  bool get(int32_t v) const { return (words_[size_t(v) >> 6] >> (v & 63)) & 1u; }
  void swap(Bitmap& o) { words_.swap(o.words_); }
  // The set bits in ascending order.
  void to_queue(std::vector<int32_t>& queue) const {
    queue.clear();
    for (size_t w = 0; w < words_.size(); ++w)
      for (uint64_t bits = words_[w]; bits; bits &= bits - 1)
        queue.push_back(int32_t(w * 64 + size_t(__builtin_ctzll(bits))));
  }

 private:
  std::vector<uint64_t> words_;
};

}  // namespace

Result fast_cpu(const CpuGraph& g, const Params& p) {
  const Graph& csr = *g.csr;
  const Graph& csc = *g.csc;
  TwinSearch s(csr, p.source);
  const std::vector<int32_t>& level = s.level();
  std::vector<int32_t> queue{p.source}, next;
  std::vector<int32_t> left, left_next;  // the unvisited vertices with in-edges, after bottom-up
  bool listed = false;                   // a bottom-up level has run (left holds its leftovers)
  Bitmap front(csr.vertices), front_next(csr.vertices);
  Direction dir = Direction::TopDown;
  do {
    const Direction before = dir;
    dir = next_direction(dir, s.frontier(), s.previous_frontier(), s.frontier_edges(),
                         s.unvisited_edges(), csr.vertices, p.alpha, p.beta);
    int64_t examined = 0, threads = 0;
    if (dir == Direction::TopDown) {
      if (before == Direction::BottomUp) front.to_queue(queue);
      next.clear();
      for (int32_t u : queue) {
        const int64_t begin = csr.row_offsets[size_t(u)], end = csr.row_offsets[size_t(u) + 1];
        examined += end - begin;
        for (int64_t e = begin; e < end; ++e) {
          const int32_t v = csr.columns[size_t(e)];
          if (level[size_t(v)] < 0) {
            s.discover(v, u);
            next.push_back(v);
          }
        }
      }
      threads = int64_t(queue.size());
      queue.swap(next);
    } else {
      if (before == Direction::TopDown) {
        front.clear();
        for (int32_t u : queue) front.set(u);
      }
      front_next.clear();
      left_next.clear();
      const int64_t items = listed ? int64_t(left.size()) : int64_t(csc.vertices);
      for (int64_t i = 0; i < items; ++i) {
        const int32_t v = listed ? left[size_t(i)] : int32_t(i);
        if (level[size_t(v)] >= 0) continue;
        const int64_t begin = csc.row_offsets[size_t(v)], end = csc.row_offsets[size_t(v) + 1];
        int64_t hit = -1;
        for (int64_t e = begin; e < end; ++e) {
          const int32_t u = csc.columns[size_t(e)];
          if (front.get(u)) {
            s.discover(v, u);
            front_next.set(v);
            hit = e - begin;
            break;
          }
        }
        examined += bottom_up_reads(hit, end - begin, true);  // the kernel's chunks
        if (hit < 0 && end > begin) left_next.push_back(v);
      }
      threads = items;
      left.swap(left_next);
      listed = true;
      front.swap(front_next);
    }
    if (!s.end_level(examined, threads, dir)) break;
  } while (true);
  return s.finish();
}

}  // namespace ws::bfs
