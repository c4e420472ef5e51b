// The timeline every scene shares: first, step back, play/pause, step, last, a scrubber and speed.
#pragma once

#include "scene_kit/scene.h"

namespace ws::app {

class Timeline {
 public:
  // Draws the controls and advances playback by `dt` seconds of wall time.
  void ui(Scene& scene, float dt);
  bool playing() const { return playing_; }
  void set_playing(bool on) { playing_ = on; }
  // Play or pause; playing from the last step starts again at the first.
  void toggle_play(Scene& scene);
  // Playback: steps forward at the chosen speed for `dt` seconds of wall time, stopping at the
  // last step (ui() calls it; lecture mode, which draws no timeline, calls it alone).
  void advance(Scene& scene, float dt);
  // Keyboard: Left/Right step, Space play/pause, Home/End (when no text field has focus).
  void handle_keys(Scene& scene);

 private:
  bool playing_ = false;
  float steps_per_second_ = 1.5f;
  float accumulator_ = 0;
};

}  // namespace ws::app
