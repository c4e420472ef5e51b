// Recording a scene frame by frame (scene_animation.h).
#include "scene_kit/scene_animation.h"

#include "common/error.h"

namespace ws::app {

SceneAnimation::SceneAnimation(Scene& scene, const AnimationPlan& plan)
    : scene_(scene), plan_(plan), restore_step_(scene.current_step()) {
  const SceneCapabilities caps = scene_.capabilities();
  if (plan_.live_frames > 0) {
    WS_REQUIRE(caps.live, std::string("this scene has no running simulation to record: record its "
                                      "steps instead"));
    WS_REQUIRE(plan_.live_frames <= kMaxLiveFrames,
               "an animation of a simulation has at most " + std::to_string(kMaxLiveFrames) +
                   " frames, got " + std::to_string(plan_.live_frames));
  } else {
    const int count = scene_.step_count();
    WS_REQUIRE(
        plan_.first_step >= 0 && plan_.first_step <= plan_.last_step && plan_.last_step < count,
        "steps " + std::to_string(plan_.first_step + 1) + " to " +
            std::to_string(plan_.last_step + 1) + " are not a range of this run's steps 1.." +
            std::to_string(count));
  }
  AnimationSettings settings;
  settings.path = plan_.out;
  settings.width = gfx::figure_pixel_width(plan_.figure);
  settings.height = gfx::figure_pixel_height(plan_.figure);
  settings.fps = plan_.fps;
  settings.transparent = plan_.figure.transparent;
  writer_ = open_animation_writer(settings);
}

SceneAnimation::~SceneAnimation() {
  if (!closed_) cancel();
}

int SceneAnimation::total() const {
  return plan_.live_frames > 0 ? plan_.live_frames : plan_.last_step - plan_.first_step + 1;
}

void SceneAnimation::next_frame() {
  WS_REQUIRE(!closed_, "'" + plan_.out + "' is already " + (finished_ ? "written" : "cancelled"));
  try {
    if (plan_.live_frames > 0) {
      if (done_ > 0) scene_.advance_frame();
    } else {
      scene_.seek(plan_.first_step + done_);  // every frame: whatever else moved the timeline
    }
    const gfx::Theme theme = plan_.figure.theme;
    writer_->add_frame(
        gfx::render_figure([&](gfx::Canvas& canvas) { scene_.draw(canvas, theme); }, plan_.figure));
    ++done_;
    if (done_ == total()) {
      writer_->finish();
      finished_ = true;
      close();
    }
  } catch (...) {
    cancel();
    throw;
  }
}

void SceneAnimation::cancel() {
  if (closed_) return;
  writer_->cancel();
  close();
}

void SceneAnimation::close() {
  closed_ = true;
  if (plan_.live_frames == 0) scene_.seek(restore_step_);
}

}  // namespace ws::app
