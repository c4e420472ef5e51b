// A sweep of the transposes on the GPU (a development tool, built by hand): the copy the "% of
// copy" is measured against (the float4 copy kernel and cudaMemcpy device to device), every
// variant, and every fast configuration (fast_configs(): tile, block rows, float or float4), at
// the given sizes (default 4096 and 8192, square), ms, GB/s (read + write once) and % of the
// copy kernel. Pick the fastest configuration at 8192^2 and move it to fast_configs()[0].
// Build (after `ninja -C build-cuda ws_memory`), from the repository root:
//   c++ -O2 -std=c++17 -Ikernels bench/dev/transpose_sweep.cpp
//       build-cuda/kernels/memory/libws_memory.a build-cuda/kernels/libws_common.a
//       -L/usr/local/cuda/lib64 -lcudart_static -ldl -lpthread -lrt -o /tmp/transpose_sweep
//   /tmp/transpose_sweep 4096 8192
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "memory/transpose.h"

using namespace ws::mem;

namespace {

void print_row(const TransposeTiming& t, double copy_gbps) {
  if (!t.available) {
    std::printf("  %-48s unavailable: %s\n", t.name.c_str(), t.note.c_str());
    return;
  }
  std::printf("  %-48s %8.3f ms %8.0f GB/s %6.1f%% copy\n", t.name.c_str(), t.ms, t.gbps,
              copy_gbps > 0 ? 100.0 * t.gbps / copy_gbps : 0.0);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sides;
  for (int i = 1; i < argc; ++i) sides.push_back(std::atoi(argv[i]));
  if (sides.empty()) sides = {4096, 8192};
  const int repeats = 50;
  for (int side : sides) {
    const CopyTimings copy = time_copy(side, side, repeats);
    std::printf("%d x %d f32 (%.0f MiB each way)\n", side, side,
                double(side) * side * 4 / (1 << 20));
    print_row(copy.kernel, copy.kernel.gbps);
    print_row(copy.memcpy, copy.kernel.gbps);
    for (const TransposeInfo& v : transpose_infos())
      print_row(time_transpose(v.variant, side, side, repeats), copy.kernel.gbps);
    for (int i = 0; i < int(fast_configs().size()); ++i) {
      TransposeTiming t = time_fast_config(i, side, side, repeats);
      t.name = "fast [" + std::to_string(i) + "] " + t.name;
      print_row(t, copy.kernel.gbps);
    }
  }
  return 0;
}
