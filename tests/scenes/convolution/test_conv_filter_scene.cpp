// The convolution scene's filter mode, headless on the CPU: the filtered photo equals the
// convolution computed here in double precision for every variant and ghost-cell rule, the
// difference view counts what differs, a photo that does not read keeps the image and settings
// shown, filters and radii switch on one scene, and the figure shows the images side by side.
#include <algorithm>
#include <cstdio>

#include "common/error.h"
#include "render/figure.h"
#include "scene_kit/live_image.h"
#include "test_conv_filter_support.h"

namespace ws::app {
namespace {

using namespace conv_filter_test;

// The 3x3 binomial filter in sixteenths: every product and sum of bytes is exact in float, so
// every variant (the separable one too: [1/4 1/2 1/4] twice) must give the reference's bytes.
constexpr const char* kBinomial = "0.0625 0.125 0.0625; 0.125 0.25 0.125; 0.0625 0.125 0.0625";

conv::FilterSpec binomial_spec() {
  conv::FilterSpec spec;
  spec.name = "typed";
  spec.filter.width = spec.filter.height = 3;
  spec.filter.weights = {1 / 16., 2 / 16., 1 / 16., 2 / 16., 4 / 16.,
                         2 / 16., 1 / 16., 2 / 16., 1 / 16.};
  return spec;
}

TEST(ConvFilter, EveryVariantAndGhostRuleEqualsTheDoubleReferenceOnAPhoto) {
  SceneContext context;
  const ImagePlanes camera = photo("camera.png", false);
  for (const char* boundary : {"zero", "clamp", "mirror"}) {
    conv::Boundary b;
    ASSERT_TRUE(conv::parse_boundary(boundary, b));
    const std::vector<uint8_t> expected = reference_bytes(camera, binomial_spec(), b);
    for (const conv::VariantInfo& v : conv::variant_infos()) {
      auto scene = filter_scene({{"image", "camera.png"},
                                 {"filter", kBinomial},
                                 {"boundary", boundary},
                                 {"variant", v.id}},
                                context);
      ASSERT_TRUE(scene);
      const gfx::Image out = scene->output_image();
      ASSERT_EQ(out.width, camera.width) << v.id;
      ASSERT_EQ(out.height, camera.height) << v.id;
      EXPECT_TRUE(planes_of(out, 1) == expected) << v.id << ", " << boundary;
    }
  }
}

TEST(ConvFilter, NamedFiltersOnColourAgreeWithTheReferenceAndTheDifferenceViewCountsIt) {
  SceneContext context;
  const ImagePlanes coffee = photo("coffee.png", true);
  for (const std::string& name : conv::filter_names()) {
    for (const char* variant : {"basic", "fast"}) {
      auto scene = filter_scene({{"image", "coffee.png"},
                                 {"colour", "rgb"},
                                 {"filter", name},
                                 {"radius", "2"},
                                 {"boundary", "clamp"},
                                 {"variant", variant},
                                 {"compare-cpu", "true"}},
                                context);
      ASSERT_TRUE(scene);
      const conv::FilterSpec spec = conv::named_filter(name, 2, 0, 2);
      const std::vector<uint8_t> expected = reference_bytes(coffee, spec, conv::Boundary::Clamp);
      const std::vector<uint8_t> got = planes_of(scene->output_image(), 3);
      ASSERT_EQ(got.size(), expected.size()) << name;
      int64_t differing = 0;
      int largest = 0;
      for (size_t i = 0; i < got.size(); ++i) {
        const int d = std::abs(int(got[i]) - int(expected[i]));
        differing += d != 0;
        largest = std::max(largest, d);
      }
      // Float sums round a few samples that sit at a half the other way, never by more than 1.
      EXPECT_LE(largest, 1) << name << " " << variant;
      EXPECT_LE(differing, int64_t(got.size() / 1000)) << name << " " << variant;
      const nlohmann::json j = scene->results_json();
      EXPECT_EQ(j["compare"]["against"], "CPU reference (double)") << name;
      EXPECT_EQ(j["compare"]["differing_samples"], differing) << name << " " << variant;
      EXPECT_EQ(j["compare"]["largest_difference"], largest) << name << " " << variant;
      EXPECT_EQ(j["matches_reference"], differing == 0) << name;
      EXPECT_EQ(j["variant"], variant);
    }
  }
}

TEST(ConvFilter, TwoVariantsOfTheSameFilterDifferNowhere) {
  SceneContext context;
  auto scene = filter_scene({{"image", "camera.png"},
                             {"filter", "gaussian"},
                             {"radius", "3"},
                             {"variant", "tiled-output"},
                             {"compare", "basic"}},
                            context);
  ASSERT_TRUE(scene);
  const nlohmann::json j = scene->results_json();
  EXPECT_EQ(j["compare"]["against"], "basic");
  // Variants 1-4 add the taps in one order: bit-identical bytes.
  EXPECT_EQ(j["compare"]["differing_samples"], 0);
  EXPECT_EQ(j["compare"]["largest_difference"], 0);
}

// A fake engine: filter() writes what the test set, as a kernel would.
class FixedEngine : public ImageEngine {
 public:
  std::vector<uint8_t> next, out;
  Backend backend() const override { return Backend::Cpu; }
  void set_image(int, int, int, const uint8_t*) override {}
  int width() const override { return 2; }
  int height() const override { return 2; }
  int channels() const override { return 1; }
  std::vector<uint8_t> filtered() const override { return out; }
};

TEST(ConvFilter, TheDifferenceViewCountsDifferingSamplesAndAmplifiesThem) {
  FixedEngine engine;
  engine.next = {10, 20, 30, 40};
  const std::vector<uint8_t> other = {10, 25, 30, 0};
  const LiveImageRun r = run_live_image(
      engine, [&] { engine.out = engine.next; }, [&] { return other; }, LiveRunOptions{}, 8);
  EXPECT_EQ(r.filtered, engine.next);
  EXPECT_EQ(r.compared, other);
  EXPECT_EQ(r.compare_differing, 2);  // samples 1 and 3
  EXPECT_EQ(r.compare_largest, 40);   // |40 - 0|
  // |difference| x 8, clamped: 5 x 8 = 40, 40 x 8 = 320 -> 255.
  EXPECT_EQ(r.difference, (std::vector<uint8_t>{0, 40, 0, 255}));
  // Without a comparison: nothing to count, no difference image.
  LiveRunOptions to_host;
  to_host.to_host = true;
  const LiveImageRun alone = run_live_image(
      engine, [&] { engine.out = engine.next; }, nullptr, to_host);
  EXPECT_TRUE(alone.compared.empty());
  EXPECT_TRUE(alone.difference.empty());
  EXPECT_EQ(alone.compare_differing, 0);
  EXPECT_EQ(alone.filtered, engine.next);
}

TEST(ConvFilter, APhotoThatDoesNotReadKeepsTheImageAndTheSettingsShown) {
  SceneContext window;  // as in the window: the work runs on a worker, tick() adopts it
  window.background_work = true;
  auto scene = filter_scene({{"image", "camera.png"}, {"filter", "box"}, {"radius", "1"}}, window);
  ASSERT_TRUE(scene);
  wait_for(*scene);
  const gfx::Image before = scene->output_image();
  ASSERT_EQ(before.width, 512);
  // The worker may fail to read the file before reset() looks at it: then reset throws the job's
  // error; else tick() shows it on the error line and puts the shown settings back.
  std::string message;
  bool thrown = false;
  scene->params_from_json({{"image", "/no/such/photo.png"}, {"radius", "3"}});
  try {
    scene->reset();
    wait_for(*scene);
    message = error_line(*scene);
  } catch (const std::exception& e) {
    message = e.what();
    thrown = true;
    wait_for(*scene);
  }
  EXPECT_NE(message.find("photo.png"), std::string::npos) << message;
  if (!thrown) {  // (the settings after a throw: docs/scene-convolution.md, known problems)
    const nlohmann::json params = scene->params_to_json();
    EXPECT_EQ(params["image"], "camera.png");
    EXPECT_EQ(params["radius"], 1);
  }
  EXPECT_TRUE(scene->output_image().rgba == before.rgba);
  // On the command line the same file is refused with its name, and the image stays.
  SceneContext cli;
  auto in_place = filter_scene({{"image", "camera.png"}, {"filter", "box"}, {"radius", "1"}}, cli);
  ASSERT_TRUE(in_place);
  try {
    in_place->params_from_json({{"image", "/no/such/photo.png"}});
    in_place->reset();
    ADD_FAILURE() << "a missing photo was accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("photo.png"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(in_place->output_image().rgba == before.rgba);
}

TEST(ConvFilter, FiltersAndRadiiSwitchOnOneSceneAndATiledRadiusPastSevenIsRefused) {
  SceneContext context;
  auto scene = filter_scene({{"image", "camera.png"}, {"variant", "tiled-output"}}, context);
  ASSERT_TRUE(scene);
  for (const std::string& name : conv::filter_names())
    for (int radius : {1, 3, 7}) {
      scene->params_from_json({{"filter", name}, {"radius", std::to_string(radius)}});
      scene->reset();
      const nlohmann::json j = scene->results_json();
      const conv::FilterSpec spec = conv::named_filter(name, radius, 0, 2);
      EXPECT_EQ(j["filter"]["name"], name);
      EXPECT_EQ(j["filter"]["width"], spec.filter.width) << name << " r" << radius;
      EXPECT_EQ(j["input"]["width"], 512);
      EXPECT_GT(j["ms"].get<double>(), 0.0);
      EXPECT_EQ(scene->output_image().width, 512);
    }
  const nlohmann::json before = scene->params_to_json();
  try {
    scene->params_from_json({{"radius", "9"}});
    ADD_FAILURE() << "radius 9 on a tiled variant was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("radius 9"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("0..7"), std::string::npos) << e.what();
  }
  EXPECT_EQ(scene->params_to_json(), before);
  // The basic variant takes it.
  scene->params_from_json({{"variant", "basic"}, {"radius", "9"}});
  scene->reset();
  EXPECT_EQ(scene->results_json()["filter"]["width"],
            conv::named_filter(before["filter"], 9, 0, 2).filter.width);
}

TEST(ConvFilter, TheFilterModeStartsOnAPhotoAndTheFigureShowsBothImagesAndTheDifference) {
  SceneContext context;
  auto scene = filter_scene({{"mode", "teach"}}, context);
  ASSERT_TRUE(scene);
  scene->params_from_json({{"mode", "filter"}, {"compare", "basic"}, {"variant", "fast"}});
  scene->reset();
  // The book's 1D example gives way to a shipped photo, its weights (sum 13) to a Gaussian.
  const nlohmann::json j = scene->results_json();
  EXPECT_NE(j["input"]["label"].get<std::string>().find(".png"), std::string::npos);
  EXPECT_EQ(j["filter"]["name"], "gaussian");
  gfx::FigureOptions options;
  options.width = 1500;
  options.height = 700;
  const std::string svg =
      gfx::render_figure_svg([&](gfx::Canvas& c) { scene->draw(c, gfx::Theme::Light); }, options);
  EXPECT_NE(svg.find("original"), std::string::npos);
  EXPECT_NE(svg.find("filtered: variant fast"), std::string::npos);
  EXPECT_NE(svg.find("|difference| x8 against variant basic"), std::string::npos);
  // The hover reads the pixel under the pointer in each of the three panels.
  EXPECT_NE(scene->describe_at({250, 400}).find("original pixel ("), std::string::npos);
  EXPECT_NE(scene->describe_at({750, 400}).find("filtered pixel ("), std::string::npos);
  const std::string third = scene->describe_at({1250, 400});
  EXPECT_NE(third.find("variant basic pixel ("), std::string::npos) << third;
  EXPECT_NE(scene->caption().find("samples differ"), std::string::npos) << scene->caption();
}

}  // namespace
}  // namespace ws::app
