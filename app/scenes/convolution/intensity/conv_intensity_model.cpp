// The intensity mode's numbers: the chapter's table for every variant, the bound, the book's
// figures recomputed, and the roofline of the device (or of the device assumed on the CPU).
#include <algorithm>
#include <cmath>

#include "common/cuda_device.h"
#include "common/device_services.h"
#include "conv_intensity_run.h"

namespace ws::app {

bool BookFigure::matches() const {
  // The book prints two decimals, rounding halves up (3.125 is "3.13").
  return std::abs(computed - book) <= 0.005 + 1e-9;
}

int intensity_out_tile(conv::Variant v, int tile, int radius) {
  const bool block_is_input_tile = v == conv::Variant::TiledInput || v == conv::Variant::Fast;
  return block_is_input_tile ? tile - 2 * radius : tile;
}

namespace {

IntensityPoint point(conv::Variant v, int tile, int radius) {
  IntensityPoint p;
  p.tile = tile;
  const int out = intensity_out_tile(v, tile, radius);
  if (out >= 1) p.op_per_byte = conv::arithmetic_intensity(v, out, radius, 2).op_per_byte;
  return p;
}

}  // namespace

IntensityRun compute_intensity(int radius, int tile, const Roofline& roof) {
  IntensityRun run;
  run.radius = radius;
  run.tile = tile;
  run.roof = roof;
  for (const conv::VariantInfo& info : conv::variant_infos()) {
    IntensityVariant v;
    v.variant = info.variant;
    v.takes_radius = !conv::is_tiled(info.variant) || radius <= conv::kMaxTiledRadius;
    if (v.takes_radius) {
      for (int t = 8; t <= 32; ++t) v.curve.push_back(point(info.variant, t, radius));
      for (int t : kIntensityTableTiles) v.table.push_back(point(info.variant, t, radius));
      v.chosen = point(info.variant, tile, radius);
      v.bound = conv::arithmetic_intensity(info.variant, 1 << 20, radius, 2).bound;
      if (v.chosen.op_per_byte)
        v.attainable_gflops =
            std::min(roof.peak_gflops, *v.chosen.op_per_byte * roof.bandwidth_gbps);
    }
    run.variants.push_back(v);
  }
  // The book's figures (PMPP 7.4), block = input tile.
  auto tiled = [](int r, int in_tile) {
    return conv::arithmetic_intensity(conv::Variant::TiledInput, in_tile - 2 * r, r, 2);
  };
  run.book = {{"5x5 filter, 32x32 input tile", 9.57, tiled(2, 32).op_per_byte},
              {"5x5 filter, bound (infinite tile)", 12.5, tiled(2, 32).bound},
              {"9x9 filter, 32x32 input tile", 22.78, tiled(4, 32).op_per_byte},
              {"9x9 filter, bound (infinite tile)", 40.5, tiled(4, 32).bound},
              {"5x5 filter, 8x8 input tile", 3.13, tiled(2, 8).op_per_byte}};
  return run;
}

Roofline device_roofline(Backend backend) {
  Roofline roof;
  const CudaPeak peak = backend == Backend::Cuda ? cuda_fp32_peak() : CudaPeak{};
  if (peak.available) {
    roof.device = peak.name;
    roof.peak_gflops = peak.fp32_gflops;
    roof.bandwidth_gbps = copy_bandwidth_gbps(Backend::Cuda);
    return roof;
  }
  // No device measured: an H100 SXM as its data sheet gives it (132 SMs x 128 FP32 lanes x 2 x
  // 1.98 GHz; 3.35 TB/s HBM3).
  roof.assumed = true;
  roof.device = "H100 SXM (assumed)";
  roof.peak_gflops = 132 * 128 * 2 * 1.98;
  roof.bandwidth_gbps = 3350;
  return roof;
}

}  // namespace ws::app
