// The worker threads of the large generators (kron, and spmv's powerlaw built on it) and of
// build_csr: plain std::thread over contiguous index ranges, each range's result independent of
// how the ranges are cut, so 1 thread and N threads give the very same graph.
#pragma once

#include <cstdint>
#include <thread>
#include <vector>

namespace ws::graph {

// std::thread::hardware_concurrency() (at least 1), or the count set_worker_threads gave.
int worker_threads();
// 0: back to the default. For tests (1 thread against N) and benchmarks; not thread-safe
// against a generator running at the same time.
void set_worker_threads(int count);

// body(begin, end) over [0, count) cut into at most worker_threads() contiguous ranges (fewer
// when a range would hold under `grain` indices), each on its own thread, the first on the
// caller's. Returns when all are done. `body` must not throw.
template <class Body>
void parallel_ranges(int64_t count, int64_t grain, const Body& body) {
  int64_t parts = worker_threads();
  if (grain > 0 && count / grain < parts) parts = count / grain;
  if (parts <= 1) {
    if (count > 0) body(int64_t{0}, count);
    return;
  }
  std::vector<std::thread> threads;
  threads.reserve(size_t(parts) - 1);
  for (int64_t t = 1; t < parts; ++t)
    threads.emplace_back(
        [&body, count, parts, t] { body(count * t / parts, count * (t + 1) / parts); });
  body(0, count / parts);
  for (auto& thread : threads) thread.join();
}

}  // namespace ws::graph
