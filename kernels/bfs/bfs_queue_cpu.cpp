// CPU twins of the frontier-queue variants (bfs.h); thread i of a level expands the i-th vertex
// of the frontier queue and reads its whole CSR row (n_f threads, m_f edges a level):
//   5 global-queue  a discovered vertex takes the next slot of the next-level queue (the atomic
//                   on the global tail), threads in order: positions in thread order.
//                   Work O(n + m), steps D, one global atomic per discovered vertex.
//   6 block-queue   the threads of a block (block_dim of them) append to the block's private
//                   queue (shared memory in the kernel); at the end of the block its queue is
//                   copied to the global queue behind the blocks before it (one atomic per block
//                   and level). Work O(n + m), steps D.
#include <algorithm>
#include <vector>

#include "bfs_cpu_twins.h"

namespace ws::bfs {

Result global_queue_cpu(const CpuGraph& g, const Params& p) {
  const Graph& csr = *g.csr;
  TwinSearch s(csr, p.source);
  const std::vector<int32_t>& level = s.level();
  std::vector<int32_t> queue{p.source}, next;
  do {
    next.clear();
    int64_t examined = 0;
    for (int32_t u : queue) {  // thread i expands queue[i]
      const int64_t begin = csr.row_offsets[size_t(u)], end = csr.row_offsets[size_t(u) + 1];
      examined += end - begin;
      for (int64_t e = begin; e < end; ++e) {
        const int32_t v = csr.columns[size_t(e)];
        if (level[size_t(v)] < 0) {
          s.discover(v, u);
          next.push_back(v);  // atomicAdd on the global tail
        }
      }
    }
    const int64_t threads = int64_t(queue.size());
    queue.swap(next);
    if (!s.end_level(examined, threads, Direction::TopDown)) break;
  } while (true);
  return s.finish();
}

Result block_queue_cpu(const CpuGraph& g, const Params& p) {
  const Graph& csr = *g.csr;
  TwinSearch s(csr, p.source);
  const std::vector<int32_t>& level = s.level();
  const size_t block_dim = size_t(p.block_dim);
  std::vector<int32_t> queue{p.source}, next, block_queue;
  do {
    next.clear();
    int64_t examined = 0;
    for (size_t first = 0; first < queue.size(); first += block_dim) {  // block first / block_dim
      block_queue.clear();
      const size_t last = std::min(queue.size(), first + block_dim);
      for (size_t i = first; i < last; ++i) {
        const int32_t u = queue[i];
        const int64_t begin = csr.row_offsets[size_t(u)], end = csr.row_offsets[size_t(u) + 1];
        examined += end - begin;
        for (int64_t e = begin; e < end; ++e) {
          const int32_t v = csr.columns[size_t(e)];
          if (level[size_t(v)] < 0) {
            s.discover(v, u);
            block_queue.push_back(v);  // atomicAdd on the block's shared tail
          }
        }
      }
      next.insert(next.end(), block_queue.begin(), block_queue.end());  // one global atomic
    }
    const int64_t threads = int64_t(queue.size());
    queue.swap(next);
    if (!s.end_level(examined, threads, Direction::TopDown)) break;
  } while (true);
  return s.finish();
}

}  // namespace ws::bfs
