// A scene recorded as an animation, one frame at a time, so the command line can loop over it and
// the window can spread it over its frames: every step of a range of the scene's timeline, or
// frames of its running simulation (a live scene, Scene::advance_frame between frames). Every
// frame is drawn by gfx::render_figure with the options a PNG export uses, so frame k of the
// animation is the PNG of that step (up to the GIF's colour table, gif_palette.h).
#pragma once

#include <memory>
#include <string>

#include "io/animation_writer.h"
#include "render/figure.h"
#include "scene_kit/scene.h"

namespace ws::app {

struct AnimationPlan {
  std::string out;  // .gif or .mp4
  gfx::FigureOptions figure;
  int fps = 2;
  // A scene with steps: steps first_step..last_step (0-based, inclusive), one frame each.
  int first_step = 0, last_step = 0;
  // > 0: a live scene: this many frames of its simulation; the first is the scene as it is now,
  // each next one after Scene::advance_frame().
  int live_frames = 0;
};

// Frames per second when none is asked for: a step is read, a simulation is watched.
inline constexpr int kDefaultStepFps = 2;
inline constexpr int kDefaultLiveFps = 15;
inline constexpr int kMaxLiveFrames = 10000;

class SceneAnimation {
 public:
  // Checks the plan against the scene (attached, with a current GL context and ImguiRuntime) and
  // opens the writer; throws ws::Error naming the problem, with nothing written.
  SceneAnimation(Scene& scene, const AnimationPlan& plan);
  // Unfinished: cancel().
  ~SceneAnimation();
  SceneAnimation(const SceneAnimation&) = delete;
  SceneAnimation& operator=(const SceneAnimation&) = delete;

  int total() const;                           // frames in the animation
  int done() const { return done_; }           // frames written so far
  bool finished() const { return finished_; }  // the file is in place
  bool closed() const { return closed_; }      // finished or cancelled
  const AnimationPlan& plan() const { return plan_; }

  // Draws and writes the next frame; after the last one, completes the file and puts the scene
  // back on the step it showed before. A failure throws ws::Error after cancel().
  void next_frame();
  // Stops: removes the partial file and puts the scene back on its step (a simulation stays where
  // it ran to).
  void cancel();

 private:
  void close();
  Scene& scene_;
  AnimationPlan plan_;
  std::unique_ptr<AnimationWriter> writer_;
  int restore_step_ = 0;
  int done_ = 0;
  bool finished_ = false, closed_ = false;
};

}  // namespace ws::app
