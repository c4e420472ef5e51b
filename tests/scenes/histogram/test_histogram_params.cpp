// The histogram scene's one parse and its table of teach limits: a key nobody reads is refused by
// name; n and bins beyond teach mode's limits, given without a mode, move to the contention mode
// (and say so), and with --mode teach are refused; block, grid and coarsening are refused without
// a move; a switch back to teach mode shrinks what was not given; an image given in teach mode
// moves; the teaching input and the variant the other modes replaced come back, and a refused
// edit rolls them back with everything else; `bench --mode skew` is the scene's alias.
#include <gtest/gtest.h>

#include <sstream>

#include "common/error.h"
#include "scenes/histogram/histogram_scene.h"
#include "scenes/histogram/teach/histogram_teach_mode.h"

namespace ws::app {
namespace {

// The scene with its notice in reach (the line under the mode bar).
class TestScene : public HistogramScene {
 public:
  using HistogramScene::notice;
};

std::string error_of(TestScene& scene, const nlohmann::json& params) {
  try {
    scene.params_from_json(params);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(HistogramParams, AnUnknownKeyIsNamedWithTheOptionsAndChangesNothing) {
  TestScene scene;
  const nlohmann::json before = scene.params_to_json();
  const std::string e = error_of(scene, {{"bins", "5"}, {"bogus", "1"}});
  EXPECT_NE(e.find("unknown option --bogus for scene histogram"), std::string::npos) << e;
  EXPECT_NE(e.find("--bins, --block, --channel"), std::string::npos) << e;
  EXPECT_NE(e.find("--mode"), std::string::npos) << e;
  EXPECT_EQ(scene.params_to_json(), before);
}

TEST(HistogramParams, NAndBinsBeyondTeachModeMoveToContentionAndSaySo) {
  TestScene scene;
  scene.params_from_json({{"n", "5000"}});
  EXPECT_EQ(scene.mode(), "contention");
  EXPECT_EQ(scene.settings().n, 5000);
  EXPECT_EQ(scene.settings().source, HistogramSource::Synthetic);
  EXPECT_EQ(scene.notice(),
            "switched to contention mode: --n 5000: teach mode traces up to 1024 samples (--mode "
            "contention takes up to 2^28)");
  // Any other edit clears the notice.
  scene.params_from_json({{"seed", "3"}});
  EXPECT_EQ(scene.notice(), "");

  TestScene bins;
  bins.params_from_json({{"bins", "300"}});
  EXPECT_EQ(bins.mode(), "contention");
  EXPECT_EQ(bins.settings().bins, 300);
  EXPECT_NE(bins.notice().find("--bins 300: teach mode draws up to 256 bins"), std::string::npos);
  // Within the limits nothing moves.
  TestScene small;
  small.params_from_json({{"n", "1024"}});
  EXPECT_EQ(small.mode(), "teach");
  EXPECT_EQ(small.notice(), "");
}

TEST(HistogramParams, TeachLimitsRefuseWithTheirMessageAndNothingChanges) {
  TestScene scene;
  const nlohmann::json before = scene.params_to_json();
  const std::vector<std::pair<nlohmann::json, std::string>> cases = {
      {{{"mode", "teach"}, {"n", "5000"}},
       "--n 5000: teach mode traces up to 1024 samples (--mode contention takes up to 2^28)"},
      {{{"mode", "teach"}, {"bins", "300"}},
       "--bins 300: teach mode draws up to 256 bins (the contention mode takes up to 65536)"},
      {{{"block", "512"}},
       "--block 512: teach mode draws blocks of 32..256 threads (the contention mode takes up to "
       "1024)"},
      {{{"grid", "65"}}, "--grid 65: teach mode draws 1..64 blocks (0: enough for the samples)"},
      {{{"coarsening", "33"}}, "--coarsening 33: teach mode takes 1..32 samples per thread"},
  };
  for (const auto& [bad, message] : cases) {
    SCOPED_TRACE(bad.dump());
    EXPECT_EQ(error_of(scene, bad), message);
    EXPECT_EQ(scene.params_to_json(), before);
    EXPECT_EQ(scene.mode(), "teach");
  }
}

TEST(HistogramParams, TheSwitchBackToTeachFitsWhatWasNotGiven) {
  TestScene scene;
  scene.params_from_json({{"mode", "contention"},
                          {"dist", "uniform"},
                          {"n", "100000"},
                          {"bins", "1024"},
                          {"block", "1024"},
                          {"grid", "100"},
                          {"coarsening", "64"}});
  EXPECT_EQ(scene.params_to_json()["block"], 1024);
  scene.params_from_json({{"mode", "teach"}});
  const HistogramSettings& s = scene.settings();
  EXPECT_EQ(scene.mode(), "teach");
  EXPECT_EQ(s.n, 256);
  EXPECT_EQ(s.bins, 256);
  EXPECT_EQ(s.teach.block_dim, 32);
  EXPECT_EQ(s.teach.grid_dim, 2);
  EXPECT_EQ(s.teach.coarsening, 4);
  EXPECT_EQ(s.dist, histogram::Dist::Uniform);  // the input stays the user's
  // What the edit gives is not fitted: it is checked.
  scene.params_from_json({{"mode", "contention"}, {"n", "5000"}});
  EXPECT_NE(error_of(scene, {{"mode", "teach"}, {"n", "2000"}}).find("--n 2000"),
            std::string::npos);
  EXPECT_EQ(scene.mode(), "contention");
  scene.params_from_json({{"mode", "teach"}, {"n", "512"}});
  EXPECT_EQ(scene.settings().n, 512);
}

TEST(HistogramParams, AnImageGivenInTeachModeMovesToContention) {
  TestScene scene;
  scene.params_from_json({{"image", "camera.png"}});
  EXPECT_EQ(scene.mode(), "contention");
  EXPECT_EQ(scene.settings().source, HistogramSource::Image);
  TestScene teach;
  teach.params_from_json({{"mode", "teach"}, {"image", "camera.png"}});
  EXPECT_EQ(teach.mode(), "teach");  // cut to its first samples there
}

TEST(HistogramParams, TheStashComesBackAndARefusedEditRollsItBackToo) {
  TestScene scene;
  scene.params_from_json({{"mode", "contention"}});
  ASSERT_TRUE(scene.settings().stash.has_value());
  EXPECT_EQ(scene.settings().source, HistogramSource::Synthetic);
  EXPECT_EQ(scene.settings().n, int64_t{1} << 20);
  // A refused switch (a bad value) changes nothing, the stash included.
  EXPECT_NE(error_of(scene, {{"mode", "teach"}, {"bins", "0"}}), "");
  EXPECT_NE(error_of(scene, {{"mode", "image"}, {"variant", "9"}}), "");
  EXPECT_EQ(scene.mode(), "contention");
  ASSERT_TRUE(scene.settings().stash.has_value());
  // The way back gives the textbook's phrase and its bins back.
  scene.params_from_json({{"mode", "teach"}});
  EXPECT_EQ(scene.settings().source, HistogramSource::Text);
  EXPECT_EQ(scene.settings().text, kTextbookPhrase);
  EXPECT_EQ(scene.settings().bins, 7);
  EXPECT_FALSE(scene.settings().stash.has_value());
  // An input chosen in the contention mode stays on the way back.
  scene.params_from_json({{"mode", "contention"}});
  scene.params_from_json({{"dist", "sorted"}});
  scene.params_from_json({{"mode", "teach"}});
  EXPECT_EQ(scene.settings().source, HistogramSource::Synthetic);
  EXPECT_EQ(scene.settings().dist, histogram::Dist::Sorted);
  EXPECT_EQ(scene.settings().n, 256);  // fitted
}

TEST(HistogramParams, TheImageModesVariantComesBackUnlessARefusedEditOrTheUserChangedIt) {
  TestScene scene;
  scene.params_from_json({{"mode", "image"}});
  EXPECT_EQ(scene.settings().variant, histogram::Variant::WarpAggregated);
  EXPECT_NE(error_of(scene, {{"mode", "teach"}, {"grid", "65"}}), "");
  EXPECT_EQ(scene.settings().variant_before_image, histogram::Variant::GlobalAtomic);
  scene.params_from_json({{"mode", "teach"}});
  EXPECT_EQ(scene.settings().variant, histogram::Variant::GlobalAtomic);
  scene.params_from_json({{"mode", "image"}});
  scene.params_from_json({{"mode", "teach"}, {"variant", "6"}});
  EXPECT_EQ(scene.settings().variant, histogram::Variant::CoarseInterleaved);
}

TEST(HistogramParams, TeachInputLimitsAreTheTablesRows) {
  const HistogramLimits l = histogram_teach_input_limits();
  EXPECT_EQ(l.max_samples, histogram::kTeachMaxSamples);
  EXPECT_EQ(l.max_bins, histogram::kTeachMaxBins);
  EXPECT_TRUE(l.truncate);
}

TEST(HistogramParams, SkewIsTheScenesBenchmarkAliasNotAMode) {
  TestScene scene;
  BenchRequest r;
  r.mode = "skew";
  r.sizes = {"10"};
  r.repeats = 1;
  r.params = {{"skews", "0,2"}};
  std::ostringstream progress;
  const BenchReport report = scene.bench_job(r)(progress);
  EXPECT_EQ(report.json["mode"], "skew");
  EXPECT_EQ(report.rows.size(), size_t(3 * 8));  // 2 skews and all-equal, 8 variants
  EXPECT_NE(report.title.find("throughput against skew"), std::string::npos);
  EXPECT_THROW(scene.params_from_json({{"mode", "skew"}}), Error);
  r.mode = "nosuch";
  try {
    (void)scene.bench_job(r);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown mode 'nosuch' (teach, contention, image, skew)"),
              std::string::npos)
        << e.what();
  }
}

// Fast mode (request.from_scene) times the scene's own input, passed as its typed choice: the
// image mode's photo tiled to the panel's side (a size choice, not a log2), else the synthetic
// distribution over the scene's bins.
TEST(HistogramParams, FastModeTimesTheScenesOwnInput) {
  TestScene scene;
  SceneContext context;
  scene.params_from_json({{"mode", "image"}, {"image", "camera.png"}});
  scene.attach(context);
  BenchRequest r;
  r.from_scene = true;
  r.sizes = {"256"};
  r.repeats = 1;
  std::ostringstream progress;
  BenchReport report = scene.bench_job(r)(progress);
  ASSERT_FALSE(report.rows.empty());
  EXPECT_EQ(report.rows[0].size, "256x256");
  EXPECT_NE(report.rows[0].name.find("u8 256b camera"), std::string::npos) << report.rows[0].name;
  EXPECT_TRUE(report.failures.empty());
  scene.params_from_json(
      {{"mode", "contention"}, {"dist", "uniform"}, {"n", "5000"}, {"bins", "64"}});
  r.sizes = {"12"};
  report = scene.bench_job(r)(progress);
  ASSERT_FALSE(report.rows.empty());
  EXPECT_EQ(report.rows[0].size, "2^12");
  EXPECT_NE(report.rows[0].name.find("f32 64b uniform"), std::string::npos) << report.rows[0].name;
  scene.detach();
}

}  // namespace
}  // namespace ws::app
