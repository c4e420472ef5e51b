// The full-size f32 kernels against the references: variants 1-4 and the fast direct path bit
// for bit the float order, the fast separable path within float rounding of the double
// reference; NPP's interior pixels (no ghost cell under the filter) equal ours within rounding.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "convolution/conv_cpu.h"
#include "convolution/conv_launch.h"
#include "gpu_test_support.h"

namespace ws::conv {
namespace {

Plane random_plane(int w, int h, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> cell(0.0f, 1.0f);
  Plane p{w, h, {}};
  for (int64_t k = 0; k < p.size(); ++k) p.values.push_back(cell(rng));
  return p;
}

Filter random_filter(int rx, int ry, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> weight(-1.0f, 1.0f);
  Filter f{2 * rx + 1, 2 * ry + 1, {}};
  for (int64_t k = 0; k < f.taps(); ++k) f.weights.push_back(weight(rng));
  return f;
}

const Variant kVariants[] = {Variant::Basic, Variant::ConstantMemory, Variant::TiledInput,
                             Variant::TiledOutput, Variant::Fast};
const Boundary kBoundaries[] = {Boundary::Zero, Boundary::Clamp, Boundary::Mirror};

TEST(ConvGpuPlanes, DirectKernelsEqualTheirTwins) {
  WS_SKIP_WITHOUT_GPU();
  for (auto [w, h] :
       std::vector<std::pair<int, int>>{{1, 1}, {33, 7}, {7, 33}, {131, 70}, {256, 129}})
    for (Boundary b : kBoundaries)
      for (int r = 0; r <= kMaxTiledRadius; ++r) {
        const Plane in = random_plane(w, h, uint32_t(w + h + r));
        const Filter f = random_filter(r, r == 0 ? 0 : r - 1, uint32_t(r));  // not separable
        const std::vector<float> want = convolve_float(in, f, b);
        for (Variant v : kVariants) {
          const std::vector<float> got = filter_plane_cuda(v, in, f, b);
          if (v == Variant::Fast) {  // fused multiply-adds: its twin's rounding
            ASSERT_EQ(got, convolve_fast_cpu(in, f, b)) << boundary_name(b) << " r " << r;
            continue;
          }
          ASSERT_EQ(got, want) << info(v).id << " " << boundary_name(b) << " " << w << "x" << h
                               << " r " << r;
        }
      }
}

TEST(ConvGpuPlanes, SeparablePathIsWithinRoundingOfTheReference) {
  WS_SKIP_WITHOUT_GPU();
  const Plane in = random_plane(300, 200, 4);
  for (const char* name : {"gaussian", "box", "sobel-x"})
    for (Boundary b : kBoundaries)
      for (int r = 0; r <= kMaxTiledRadius; ++r) {
        const Filter f = named_filter(name, r, 0, 2).filter;
        const std::vector<float> got = filter_plane_cuda(Variant::Fast, in, f, b);
        const std::vector<double> want = convolve_reference(in, f, b);
        double scale = 0;
        for (float wgt : f.weights) scale += std::fabs(wgt);
        for (size_t k = 0; k < want.size(); ++k)
          ASSERT_NEAR(got[k], want[k], 2e-5 * scale + 1e-6) << name << " r " << r << " at " << k;
      }
}

TEST(ConvGpuPlanes, NppEqualsOursOnInteriorPixels) {
  WS_SKIP_WITHOUT_GPU();
  const Plane in = random_plane(97, 61, 8);
  for (int r : {1, 2, 3}) {
    const Filter f = random_filter(r, r, uint32_t(10 + r));  // asymmetric: the orientation shows
    std::string note;
    const auto npp = npp_filter_plane(in, f, note);
    if (!npp) {  // not a skip: device-check reads SKIPPED as "no device"
      std::printf("NPP absent, nothing to compare: %s\n", note.c_str());
      return;
    }
    const std::vector<double> want = convolve_reference(in, f, Boundary::Clamp);
    double scale = 0;
    for (float wgt : f.weights) scale += std::fabs(wgt);
    for (int y = r; y < in.height - r; ++y)
      for (int x = r; x < in.width - r; ++x)
        ASSERT_NEAR((*npp)[size_t(y) * in.width + x], want[size_t(y) * in.width + x], 1e-4 * scale)
            << "r " << r << " at " << x << "," << y << " (" << note << ")";
  }
}

}  // namespace
}  // namespace ws::conv
