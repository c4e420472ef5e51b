// A fake scene for lecture mode's tests: `steps` steps (default 5), a "variant" parameter with
// lecture variants a, b and broken (whose run fails, so the window must keep the previous one),
// and no caption of its own (the kit's "Step k of n" stands in). `live` makes it a one-step live
// simulation that counts its ticks instead.
#pragma once

#include <string>
#include <vector>

#include "common/error.h"
#include "render/palette.h"
#include "scene_kit/run_json.h"
#include "scene_kit/json_params.h"
#include "scene_kit/scene.h"

namespace ws::app::testing {

class SlidesScene : public Scene {
 public:
  explicit SlidesScene(bool live = false) : live_(live) {}
  const char* id() const override { return live_ ? "lecture-live" : "lecture-slides"; }
  const char* title() const override { return "Slides"; }
  SceneCapabilities capabilities() const override {
    SceneCapabilities caps;
    caps.steps = !live_;
    caps.live = live_;
    return caps;
  }
  void attach(SceneContext&) override { reset(); }
  void detach() override {}
  nlohmann::json params_to_json() const override {
    return {{"variant", variant_}, {"steps", steps_}};
  }
  void params_from_json(const nlohmann::json& j) override {
    reject_unknown_keys(j, {"variant", "steps"}, id());
    if (j.contains("variant")) variant_ = j["variant"].get<std::string>();
    if (j.contains("steps")) steps_ = static_cast<int>(json_int(j, "steps", 1, 100));
  }
  void reset() override {
    WS_REQUIRE(variant_ != "broken", std::string("the variant 'broken' cannot run (a test)"));
    step_ = 0;
  }
  int step_count() const override { return live_ ? 1 : steps_; }
  int current_step() const override { return step_; }
  void seek(int step) override { step_ = std::max(0, std::min(step, step_count() - 1)); }
  void tick(float) override { ++ticks_; }
  bool live() const override { return live_; }
  void ui() override {}
  void draw(gfx::Canvas& c, gfx::Theme theme) const override {
    c.text({8, 8}, "slide " + std::to_string(step_ + 1) + " of variant " + variant_, 16,
           gfx::palette(theme).text);
  }
  std::vector<std::string> lecture_variants() const override { return {"a", "b", "broken"}; }
  nlohmann::json results_json() const override {
    RunJson j;
    j.scene = id();
    j.params = params_to_json();
    return j.to_json();
  }
  int ticks() const { return ticks_; }

 private:
  bool live_;
  std::string variant_ = "a";
  int steps_ = 5;
  int step_ = 0;
  int ticks_ = 0;
};

}  // namespace ws::app::testing
