#include "timeline.h"

#include <imgui.h>

#include <string>

#include "i18n/i18n.h"

namespace ws::app {

void Timeline::ui(Scene& scene, float dt) {
  if (scene.step_count() <= 1) {
    // A live simulation has no trace steps: its clock and controls are in the scene's panel.
    ImGui::TextDisabled("%s", scene.live()
                                  ? tr("live simulation: run, pause and single-step in the "
                                       "Controls panel; teach mode has steps")
                                  : tr("this run has a single step"));
    playing_ = false;
    return;
  }
  advance(scene, dt);
  if (ImGui::Button("|<")) scene.seek(0);
  ImGui::SameLine();
  if (ImGui::Button(tr("< step"))) scene.step_back();
  ImGui::SameLine();
  const std::string play = std::string(playing_ ? tr("pause") : tr("play")) + "###play";
  if (ImGui::Button(play.c_str(), ImVec2(ImGui::GetFontSize() * 4, 0))) {
    toggle_play(scene);
  }
  ImGui::SameLine();
  if (ImGui::Button(tr("step >"))) scene.step_forward();
  ImGui::SameLine();
  if (ImGui::Button(">|")) scene.seek(scene.step_count() - 1);
  ImGui::SameLine();
  int step = scene.current_step() + 1;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() * 12);
  if (ImGui::SliderInt("##step", &step, 1, scene.step_count(), tr("step %d"))) scene.seek(step - 1);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  ImGui::SliderFloat(tr("speed"), &steps_per_second_, 0.25f, 10.0f, tr("%.2f /s"),
                     ImGuiSliderFlags_Logarithmic);
}

void Timeline::toggle_play(Scene& scene) {
  if (!playing_ && scene.current_step() + 1 >= scene.step_count()) scene.seek(0);
  playing_ = !playing_;
  accumulator_ = 0;
}

void Timeline::advance(Scene& scene, float dt) {
  if (!playing_) return;
  if (scene.step_count() <= 1) {
    playing_ = false;
    return;
  }
  accumulator_ += dt * steps_per_second_;
  while (accumulator_ >= 1) {
    accumulator_ -= 1;
    if (scene.current_step() + 1 >= scene.step_count()) {
      playing_ = false;
      break;
    }
    scene.step_forward();
  }
}

void Timeline::handle_keys(Scene& scene) {
  if (ImGui::GetIO().WantTextInput) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) scene.step_forward();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) scene.step_back();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home))) scene.seek(0);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_End))) scene.seek(scene.step_count() - 1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) toggle_play(scene);
}

}  // namespace ws::app
