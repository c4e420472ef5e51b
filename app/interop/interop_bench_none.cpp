// interop_bench in a CPU-only build: there is no CUDA path to measure.
#include "interop/interop_bench.h"

namespace ws::interop {

int interop_bench(std::ostream& out, const InteropBenchOptions&) {
  out << "interop benchmark: this build has no CUDA backend (configure with -DWARPSCOPE_CUDA=ON)\n";
  return 1;
}

}  // namespace ws::interop
