// Work off the UI thread after a file is opened (scene_kit/background_work.h): the runner itself
// (in place, on a worker, cancelled, failed, replaced), and the histogram scene's image mode in
// the window's setting (background_work): reset() returns with the previous photo still shown,
// the figure says what is being computed, tick() takes the result, which equals the command
// line's; a photo that does not read, or a cancel, leaves the previous photo and its settings.
// The summed-area-table scene's filter mode the same way, and a radius slider dragged through
// many values while the worker is busy ends with the last value computed.
#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <thread>

#include "common/error.h"
#include "render/recording_canvas.h"
#include "scene_kit/background_work.h"
#include "scenes/histogram/histogram_scene.h"
#include "scenes/histogram/image/histogram_image_mode.h"
#include "scenes/sat/sat_scene.h"

namespace ws::app {
namespace {

// Calls `poll` until `done()` (a bounded while: a stuck worker fails the test, not the suite).
template <class Done, class Poll>
bool wait_for(Done done, Poll poll) {
  for (int i = 0; i < 6000 && !done(); ++i) {
    poll();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  poll();
  return done();
}

TEST(BackgroundWork, InPlaceTheResultIsThereWhenStartReturnsAndErrorsComeOutOfStart) {
  BackgroundWork<int> work;
  work.start([](const WorkControl&) { return 42; }, false);
  EXPECT_FALSE(work.busy());
  std::optional<int> r = work.take();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, 42);
  EXPECT_FALSE(work.take().has_value());  // once
  EXPECT_THROW(work.start([](const WorkControl&) -> int { throw Error("bad file"); }, false),
               Error);
  // The failed job left nothing running: a scene that asks busy() does not wait forever.
  EXPECT_FALSE(work.busy());
  EXPECT_FALSE(work.take().has_value());
}

TEST(BackgroundWork, OnAWorkerTheResultComesThroughTakeWithItsProgress) {
  BackgroundWork<int> work;
  std::atomic<bool> go{false};
  work.start(
      [&go](const WorkControl& c) {
        c.report(0.5);
        while (!go) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return 7;
      },
      true);
  EXPECT_TRUE(work.busy());
  EXPECT_FALSE(work.take().has_value());  // still running
  go = true;
  std::optional<int> r;
  ASSERT_TRUE(wait_for([&] { return r.has_value(); },
                       [&] {
                         if (!r) r = work.take();
                       }));
  EXPECT_EQ(*r, 7);
  EXPECT_DOUBLE_EQ(work.progress(), 0.0);  // nothing running now
  EXPECT_FALSE(work.busy());
}

TEST(BackgroundWork, CancelStopsAtTheNextCheckAndNothingIsTaken) {
  BackgroundWork<int> work;
  work.start(
      [](const WorkControl& c) {
        for (;;) {
          c.check();
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        return 1;
      },
      true);
  work.cancel();
  EXPECT_TRUE(work.cancel_requested());
  ASSERT_TRUE(wait_for([&] { return !work.busy(); }, [] {}));
  EXPECT_FALSE(work.take().has_value());
  EXPECT_TRUE(work.cancelled_job());
}

TEST(BackgroundWork, AFailedJobsErrorComesOutOfTakeOnce) {
  BackgroundWork<int> work;
  work.start([](const WorkControl&) -> int { throw Error("photo.png: not an image"); }, true);
  ASSERT_TRUE(wait_for([&] { return !work.busy(); }, [] {}));
  try {
    work.take();
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "photo.png: not an image");
  }
  EXPECT_FALSE(work.take().has_value());
  EXPECT_FALSE(work.cancelled_job());
}

TEST(BackgroundWork, StartingAgainDropsTheRunningJobsResult) {
  BackgroundWork<int> work;
  std::atomic<bool> go{false};
  work.start(
      [&go](const WorkControl&) {
        while (!go) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return 1;
      },
      true);
  work.start([](const WorkControl&) { return 2; }, true);
  go = true;
  std::optional<int> r;
  ASSERT_TRUE(wait_for([&] { return r.has_value(); },
                       [&] {
                         if (!r) r = work.take();
                       }));
  EXPECT_EQ(*r, 2);
}

// The image mode as the window runs it: CPU backend, work on a worker.
struct WindowImageMode {
  SceneContext context;
  HistogramScene scene;
  explicit WindowImageMode(const std::string& file) {
    scene.params_from_json({{"mode", "image"}, {"image", file}, {"variant", "warp-aggregated"}});
    context.background_work = true;
    scene.attach(context);
    finish();
  }
  ~WindowImageMode() { scene.detach(); }
  const HistogramImageMode& mode() const { return *scene.find_mode<HistogramImageMode>("image"); }
  int width() const { return mode().shown().photo->width; }
  const std::vector<ChannelHistogram>& original() const { return mode().shown().result.original; }
  bool finish() {
    return wait_for([&] { return !scene.busy(); }, [&] { scene.tick(0.016f); });
  }
  std::string figure_text() const {
    gfx::RecordingCanvas canvas({1280, 800});
    scene.draw(canvas, gfx::Theme::Light);
    std::string all;
    for (const auto& t : canvas.texts()) all += t.text + "\n";
    return all;
  }
};

TEST(ImageModeInTheWindow, ResetReturnsWithThePreviousPhotoAndTickTakesTheNewOne) {
  WindowImageMode w("coffee.png");
  ASSERT_EQ(w.width(), 600);
  ASSERT_FALSE(w.original().empty());
  const std::vector<ChannelHistogram> coffee = w.original();

  // A 3600x1800 photo: decoding and counting it take far longer than returning from reset().
  w.scene.params_from_json({{"image", "bluemarble_day.jpg"}});
  w.scene.reset();
  EXPECT_TRUE(w.scene.busy());
  EXPECT_EQ(w.width(), 600);  // the figure still shows coffee.png
  EXPECT_EQ(w.original()[0].counts, coffee[0].counts);
  const std::string shown = w.figure_text();
  EXPECT_NE(shown.find("computing variant"), std::string::npos) << shown;
  EXPECT_NE(shown.find("bluemarble_day.jpg"), std::string::npos) << shown;
  EXPECT_NE(shown.find("coffee.png"), std::string::npos) << shown;  // the photo shown

  ASSERT_TRUE(w.finish());
  EXPECT_EQ(w.width(), 3600);
  EXPECT_EQ(w.mode().shown().photo->height, 1800);

  // The same numbers as the command line's, which computes in place.
  HistogramScene cli;
  cli.params_from_json(w.scene.params_to_json());
  SceneContext context;
  cli.attach(context);
  const HistogramImageShown& c = cli.find_mode<HistogramImageMode>("image")->shown();
  ASSERT_EQ(c.result.original.size(), w.original().size());
  for (size_t k = 0; k < c.result.original.size(); ++k)
    EXPECT_EQ(c.result.original[k].counts, w.original()[k].counts) << k;
  EXPECT_EQ(c.result.equalized, w.mode().shown().result.equalized);
  EXPECT_EQ(cli.results_json()["matches_reference"], true);
  EXPECT_EQ(w.scene.results_json()["matches_reference"], true);
  cli.detach();
}

TEST(ImageModeInTheWindow, APhotoThatDoesNotReadKeepsThePreviousOneAndItsSettings) {
  WindowImageMode w("coffee.png");
  w.scene.params_from_json({{"image", "no_such_photo.png"}});
  w.scene.reset();
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(w.width(), 600);
  EXPECT_EQ(w.scene.settings().file, "coffee.png");
  EXPECT_EQ(w.scene.results_json()["input"]["file"], "coffee.png");
}

TEST(ImageModeInTheWindow, CancelKeepsThePreviousPhotoAndItsSettings) {
  WindowImageMode w("coffee.png");
  w.scene.params_from_json({{"image", "bluemarble_day.jpg"}, {"variant", "sequential"}});
  w.scene.reset();
  ASSERT_TRUE(w.scene.busy());
  // Cancel through the same call the panel's button makes.
  w.scene.find_mode<HistogramImageMode>("image")->cancel_background_work();
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(w.width(), 600);
  EXPECT_EQ(w.scene.settings().file, "coffee.png");
  EXPECT_EQ(w.scene.settings().variant, histogram::Variant::WarpAggregated) << "the variant shown";
}

// The SAT scene (filter mode) as the window runs it.
struct WindowSatFilter {
  SceneContext context;
  SatScene scene;
  explicit WindowSatFilter(const nlohmann::json& params) {
    context.background_work = true;
    scene.params_from_json(params);
    scene.attach(context);
    finish();
  }
  ~WindowSatFilter() { scene.detach(); }
  bool finish() {
    return wait_for([&] { return !scene.busy(); }, [&] { scene.tick(0.016f); });
  }
  void edit(const nlohmann::json& params) {
    scene.params_from_json(params);
    scene.reset();
  }
};

nlohmann::json sat_cli(const nlohmann::json& params) {
  SceneContext context;
  SatScene scene;
  scene.params_from_json(params);
  scene.attach(context);
  nlohmann::json j = scene.results_json();
  scene.detach();
  return j;
}

TEST(SatFilterInTheWindow, ANewPhotoComesFromTheWorkerAndEqualsTheCommandLines) {
  WindowSatFilter w({{"mode", "filter"}, {"image", "coffee.png"}, {"radius", 3}});
  ASSERT_EQ(w.scene.results_json()["input"]["width"], 600);
  w.edit({{"image", "bluemarble_day.jpg"}, {"radius", 6}});
  EXPECT_TRUE(w.scene.busy());
  EXPECT_EQ(w.scene.results_json()["input"]["width"], 600);  // still coffee.png
  ASSERT_TRUE(w.finish());
  const nlohmann::json j = w.scene.results_json();
  EXPECT_EQ(j["input"]["width"], 3600);
  const nlohmann::json cli =
      sat_cli({{"mode", "filter"}, {"image", "bluemarble_day.jpg"}, {"radius", 6}});
  EXPECT_EQ(j["result"]["filtered"], cli["result"]["filtered"]);
  EXPECT_EQ(j["matches_reference"], true);
}

TEST(SatFilterInTheWindow, ARadiusDraggedWhileBusyEndsWithTheLastValue) {
  WindowSatFilter w({{"mode", "filter"}, {"image", "astronaut.png"}, {"radius", 1}});
  for (int r = 2; r <= 40; r += 2) w.edit({{"radius", r}});
  ASSERT_TRUE(w.finish());
  const nlohmann::json j = w.scene.results_json();
  EXPECT_EQ(j["result"]["filtered"]["radius"], 40);
  EXPECT_EQ(j["result"]["filtered"], sat_cli({{"mode", "filter"},
                                              {"image", "astronaut.png"},
                                              {"radius", 40}})["result"]["filtered"]);
}

TEST(SatFilterInTheWindow, AnImageThatDoesNotReadKeepsThePreviousOneAndItsSettings) {
  WindowSatFilter w({{"mode", "filter"}, {"image", "coffee.png"}, {"radius", 3}});
  w.edit({{"image", "no_such_photo.png"}});
  ASSERT_TRUE(w.finish());
  const nlohmann::json j = w.scene.results_json();
  EXPECT_EQ(j["input"]["width"], 600);
  EXPECT_EQ(w.scene.params_to_json()["image"], "coffee.png");
}

}  // namespace
}  // namespace ws::app
