// live_bench in a CPU-only build: the live loop is the CUDA interop path.
#include "interop/live_bench.h"

namespace ws::interop {

int live_bench(std::ostream& out, int, int, int, stencil::Variant) {
  return live_bench(out, LiveBenchOptions{});
}

int live_bench(std::ostream& out, const LiveBenchOptions&, LiveBenchResult*) {
  out << "live benchmark: this build has no CUDA backend (configure with -DWARPSCOPE_CUDA=ON)\n";
  return 1;
}

}  // namespace ws::interop
