// worker_threads (graph_parallel.h).
#include "graph_parallel.h"
#include "common/hardware_threads.h"

#include <atomic>

namespace ws::graph {

namespace {
std::atomic<int> worker_thread_override{0};
}  // namespace

int worker_threads() {
  const int set = worker_thread_override.load(std::memory_order_relaxed);
  if (set > 0) return set;
  const unsigned hardware = ws::hardware_threads();
  return hardware > 0 ? int(hardware) : 1;
}

void set_worker_threads(int count) {
  worker_thread_override.store(count > 0 ? count : 0, std::memory_order_relaxed);
}

}  // namespace ws::graph
