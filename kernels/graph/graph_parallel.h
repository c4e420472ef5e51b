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

// body(part) for every part in [0, parts), each on its own thread (the first on the caller's).
// Returns when all are done. `body` must not throw.
template <class Body>
void parallel_parts(int64_t parts, const Body& body) {
  std::vector<std::thread> threads;
  threads.reserve(parts > 1 ? size_t(parts) - 1 : 0);
  for (int64_t part = 1; part < parts; ++part) threads.emplace_back([&body, part] { body(part); });
  if (parts > 0) body(int64_t{0});
  for (auto& thread : threads) thread.join();
}

// How many parts parallel_ranges cuts `count` indices into: worker_threads(), fewer when a part
// would hold under `grain` indices, at least 1.
inline int64_t range_parts(int64_t count, int64_t grain) {
  int64_t parts = worker_threads();
  if (grain > 0 && count / grain < parts) parts = count / grain;
  return parts > 1 ? parts : 1;
}

// body(begin, end) over [0, count) cut into range_parts(count, grain) contiguous ranges, part p
// being [count * p / parts, count * (p + 1) / parts), each on its own thread.
template <class Body>
void parallel_ranges(int64_t count, int64_t grain, const Body& body) {
  if (count <= 0) return;
  const int64_t parts = range_parts(count, grain);
  parallel_parts(parts, [&](int64_t p) { body(count * p / parts, count * (p + 1) / parts); });
}

}  // namespace ws::graph
