// The CPU engine: every variant's bytes against the references through the post rule, the
// separable path against the 2D form, the checks that keep the image.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "common/error.h"
#include "conv_test_support.h"
#include "convolution/conv_cpu.h"
#include "convolution/conv_pixel.h"

namespace ws::conv {
namespace {

using test::all_boundaries;
using test::all_variants;
using test::random_plane;

std::vector<uint8_t> bytes_of(const Plane& p) {
  return {p.values.begin(), p.values.end()};
}

// The post rule applied to a reference plane (b: the Magnitude's second, or empty).
template <class T>
std::vector<uint8_t> post(const std::vector<T>& a, const std::vector<T>& b, const FilterSpec& s) {
  std::vector<uint8_t> out;
  for (size_t k = 0; k < a.size(); ++k)
    out.push_back(to_pixel(float(a[k]), b.empty() ? 0.0f : float(b[k]), int(s.post), s.bias));
  return out;
}

TEST(ConvEngine, EveryVariantOnOddShapesMatchesTheReferences) {
  auto engine = Engine::create(Backend::Cpu);
  const std::vector<std::pair<int, int>> shapes = {{1, 1}, {1, 17}, {17, 1}, {33, 7}, {40, 33}};
  for (auto [w, h] : shapes) {
    const Plane in = random_plane(w, h, uint32_t(w * h));
    const std::vector<uint8_t> image = bytes_of(in);
    engine->set_image(w, h, 1, image.data());
    for (const std::string& name : filter_names())
      for (Boundary b : all_boundaries())
        for (Variant v : all_variants()) {
          const FilterSpec s = named_filter(name, 3, 0, 2);
          engine->filter(v, s, b);
          const std::vector<uint8_t> got = engine->filtered();
          const std::vector<float> none;
          const std::vector<float> a = convolve_float(in, s.filter, b);
          const std::vector<float> second =
              s.second ? convolve_float(in, *s.second, b) : std::vector<float>{};
          const std::string what = name + " " + info(v).id + " " + boundary_name(b) + " " +
                                   std::to_string(w) + "x" + std::to_string(h);
          if (v != Variant::Fast) {
            ASSERT_EQ(got, post(a, second, s)) << what;  // bit for bit the float order
          } else {
            const std::vector<double> ea = convolve_reference(in, s.filter, b);
            const std::vector<double> eb =
                s.second ? convolve_reference(in, *s.second, b) : std::vector<double>{};
            const std::vector<uint8_t> want = post(ea, eb, s);
            for (size_t k = 0; k < want.size(); ++k)
              ASSERT_LE(std::abs(int(got[k]) - int(want[k])), 1) << what << " at " << k;
          }
        }
  }
}

TEST(ConvEngine, SeparablePassesEqualTheir2DForm) {
  const Plane in = random_plane(37, 29, 3);
  for (const char* name : {"box", "gaussian", "sobel-x"})
    for (int r = 0; r <= kMaxTiledRadius; ++r)
      for (Boundary b : all_boundaries()) {
        const Filter f = named_filter(name, r, 0, 2).filter;
        ASSERT_TRUE(separate(f).has_value());
        const std::vector<float> fast = convolve_fast_cpu(in, f, b);
        const std::vector<double> exact = convolve_reference(in, f, b);
        const double tol = 2e-5 * test::magnitude(f, 255) + 1e-5;
        for (size_t k = 0; k < exact.size(); ++k)
          ASSERT_NEAR(fast[k], exact[k], tol) << name << " r " << r << " " << boundary_name(b);
      }
}

TEST(ConvEngine, ChannelsAreFilteredSeparately) {
  auto engine = Engine::create(Backend::Cpu);
  const Plane r = random_plane(9, 6, 1), g = random_plane(9, 6, 2);
  std::vector<uint8_t> planes = bytes_of(r);
  const std::vector<uint8_t> second = bytes_of(g);
  planes.insert(planes.end(), second.begin(), second.end());
  engine->set_image(9, 6, 2, planes.data());
  const FilterSpec s = named_filter("sharpen", 1, 0, 2);
  engine->filter(Variant::TiledOutput, s, Boundary::Mirror);
  const std::vector<uint8_t> got = engine->filtered();
  std::vector<uint8_t> want = post(convolve_float(r, s.filter, Boundary::Mirror), {}, s);
  const std::vector<uint8_t> want_g = post(convolve_float(g, s.filter, Boundary::Mirror), {}, s);
  want.insert(want.end(), want_g.begin(), want_g.end());
  EXPECT_EQ(got, want);
}

TEST(ConvEngine, BadRequestsAreRejectedAndTheImageIsKept) {
  auto engine = Engine::create(Backend::Cpu);
  EXPECT_THROW(engine->filter(Variant::Basic, named_filter("box", 1, 0, 2), Boundary::Zero), Error);
  const Plane in = random_plane(8, 8, 1);
  const std::vector<uint8_t> image = bytes_of(in);
  engine->set_image(8, 8, 1, image.data());
  EXPECT_THROW(engine->set_image(0, 8, 1, image.data()), Error);
  EXPECT_THROW(engine->set_image(8, 8, 5, image.data()), Error);
  EXPECT_THROW(engine->set_image(kMaxSide + 1, 1, 1, image.data()), Error);
  EXPECT_EQ(engine->width(), 8);
  try {
    engine->filter(Variant::TiledInput, named_filter("box", 9, 0, 2), Boundary::Zero);
    FAIL() << "radius 9 was accepted by tiled-input";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "radius 9 is too large for tiled-input; it takes 0..7 (up to 15 x 15)");
  }
  engine->filter(Variant::Basic, named_filter("box", 9, 0, 2), Boundary::Zero);  // basic takes it
  EXPECT_EQ(engine->filtered().size(), 64u);
}

TEST(ConvEngine, PixelRuleRoundsHalfUpAndClamps) {
  EXPECT_EQ(to_pixel(2.5f, 0, 0, 0), 3);
  EXPECT_EQ(to_pixel(2.49f, 0, 0, 0), 2);
  EXPECT_EQ(to_pixel(-3.0f, 0, 0, 0), 0);
  EXPECT_EQ(to_pixel(-3.0f, 0, 1, 0), 3);
  EXPECT_EQ(to_pixel(300.0f, 0, 0, 0), 255);
  EXPECT_EQ(to_pixel(3.0f, 4.0f, 2, 0), 5);
  EXPECT_EQ(to_pixel(-10.0f, 0, 0, 128.0f), 118);
}

}  // namespace
}  // namespace ws::conv
