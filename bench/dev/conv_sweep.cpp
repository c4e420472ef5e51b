// A quick sweep of the convolution variants on the GPU (a development tool, built by hand):
// every variant and NPP at 8192^2 for radius 1..7, f32 one plane and u8 RGB, ms, Gpixels/s and %
// of copy bandwidth. Build: see docs/performance.md ("Convolution").
#include <cstdio>

#include "common/device_services.h"
#include "convolution/convolution.h"

using namespace ws;

int main(int argc, char** argv) {
  const int side = argc > 1 ? std::atoi(argv[1]) : 8192;
  for (conv::Elem elem : {conv::Elem::F32, conv::Elem::U8}) {
    const int channels = elem == conv::Elem::U8 ? 3 : 1;
    const int bytes = elem == conv::Elem::U8 ? 1 : 4;
    const double moved = 2.0 * side * side * channels * bytes;
    const double copy = copy_bandwidth_gbps_at(Backend::Cuda, int64_t(moved));
    std::printf("%s %dx%d x%d  copy %.0f GB/s (%.3f ms for in+out)\n",
                elem == conv::Elem::U8 ? "u8" : "f32", side, side, channels, copy,
                moved / copy / 1e6);
    for (int r = 1; r <= 7; ++r) {
      const conv::Filter f = conv::named_filter("gaussian", r, 0, 2).filter;
      const conv::Timing npp = conv::time_npp_filter(elem, side, side, channels, f, 20);
      std::printf("  r=%d npp %s %.3f ms %s\n", r, npp.available ? "" : "(absent)", npp.ms,
                  npp.note.c_str());
      for (const conv::VariantInfo& v : conv::variant_infos()) {
        const conv::Timing t =
            conv::time_variant(v.variant, elem, side, side, channels, f, conv::Boundary::Clamp, 20);
        const double pct = moved / (t.ms * 1e6) / copy * 100;
        std::printf("    %-13s %.3f ms  %6.2f Gpx/s  %5.1f%% copy  %.2fx npp %s\n", v.id, t.ms,
                    double(side) * side / (t.ms * 1e6), pct, npp.available ? npp.ms / t.ms : 0.0,
                    t.available ? "" : t.note.c_str());
      }
      const conv::Filter lap = conv::named_filter("laplacian", r, 0, 2).filter;
      const conv::Timing t =
          conv::time_variant(conv::Variant::Fast, elem, side, side, channels, lap,
                             conv::Boundary::Clamp, 20);
      const conv::Timing nl = conv::time_npp_filter(elem, side, side, channels, lap, 20);
      std::printf("    fast laplacian (not separable) %.3f ms  %5.1f%% copy  %.2fx npp\n", t.ms,
                  moved / (t.ms * 1e6) / copy * 100, nl.available ? nl.ms / t.ms : 0.0);
    }
  }
  return 0;
}
