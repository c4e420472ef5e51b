// File > Export animation... (animation_export_dialog.h).
#include "ui/animation_export_dialog.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <chrono>

#include "common/error.h"
#include "i18n/i18n.h"
#include "io/animation_writer.h"
#include "shell/page.h"

namespace ws::app {

namespace {

constexpr const char* kPopupId = "###Export animation";
// Frames recorded per UI frame stop after this long (at least one), so the window keeps drawing.
constexpr double kBudgetSeconds = 0.05;

// Text wrapped at a fixed width: TextWrapped would grow a window that sizes itself to its contents.
void wrapped_text(const char* text) {
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetFontSize() * 24);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
}

bool live_only(const Scene& scene) {
  const SceneCapabilities caps = scene.capabilities();
  return caps.live && !caps.steps;
}

}  // namespace

AnimationExportDialog::AnimationExportDialog() = default;
AnimationExportDialog::~AnimationExportDialog() = default;

void AnimationExportDialog::frame(Scene& scene, gfx::Theme theme, std::string& notice,
                                  std::string& error) {
  if (open_requested_ && !busy()) {
    ImGui::OpenPopup(kPopupId);
    problem_.clear();
    const int count = std::max(1, scene.step_count());
    first_step_ = std::clamp(first_step_, 1, count);
    last_step_ = count;
  }
  open_requested_ = false;
  if (busy() && recording_ != &scene) {  // the scene went away under the export
    animation_->cancel();
    animation_.reset();
    recording_ = nullptr;
    error = tr("The animation export stopped: the scene changed.");
  }
  const std::string title = std::string(tr("Export animation")) + kPopupId;
  if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  if (busy())
    progress_ui(notice, error);
  else
    settings_ui(scene, theme);
  ImGui::EndPopup();
}

void AnimationExportDialog::settings_ui(Scene& scene, gfx::Theme theme) {
  ImGui::InputText(tr("file (.gif or .mp4)"), &path_);
  const std::optional<AnimationFormat> format = animation_format(path_);
  if (format == AnimationFormat::Mp4 && gfx::page::in_browser()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.5f, 0.1f, 1));
    wrapped_text(
        tr("MP4 export is not available in the browser (it needs ffmpeg): export a GIF, "
           "or MP4 from the desktop app"));
    ImGui::PopStyleColor();
  } else if (format == AnimationFormat::Mp4 && find_on_path("ffmpeg").empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.5f, 0.1f, 1));
    wrapped_text(tr("MP4 export needs ffmpeg (apt install ffmpeg); GIF works without it"));
    ImGui::PopStyleColor();
  }
  ImGui::InputInt2(tr("size"), size_);
  ImGui::SliderFloat(tr("scale"), &scale_, 0.5f, 4.0f, "%.1fx");
  const bool live = live_only(scene);
  int& fps = live ? fps_live_ : fps_steps_;
  ImGui::InputInt(tr("frames per second"), &fps);
  if (live) {
    ImGui::InputInt(tr("frames to record"), &live_frames_);
    wrapped_text(
        tr("Each frame runs the simulation on as one frame of the window does (its "
           "steps per frame), from what is shown now."));
  } else {
    const int count = std::max(1, scene.step_count());
    if (ImGui::RadioButton(trf("all {0} steps", count).c_str(), all_steps_)) all_steps_ = true;
    ImGui::SameLine();
    if (ImGui::RadioButton(tr("a range of steps"), !all_steps_)) all_steps_ = false;
    if (!all_steps_) {
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
      ImGui::InputInt(tr("first step"), &first_step_);
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
      ImGui::InputInt(tr("last step"), &last_step_);
      first_step_ = std::clamp(first_step_, 1, count);
      last_step_ = std::clamp(last_step_, first_step_, count);
    }
  }
  ImGui::Checkbox(tr("transparent background (GIF only)"), &transparent_);
  if (!problem_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.2f, 0.2f, 1));
    wrapped_text(problem_.c_str());
    ImGui::PopStyleColor();
  }
  if (ImGui::Button(tr("Export"))) start(scene, theme);
  ImGui::SameLine();
  if (ImGui::Button(tr("Cancel"))) ImGui::CloseCurrentPopup();
}

void AnimationExportDialog::start(Scene& scene, gfx::Theme theme) {
  problem_.clear();
  try {
    WS_REQUIRE(animation_format(path_).has_value(),
               std::string(tr("the file name must end in .gif or .mp4")));
    WS_REQUIRE(animation_format(path_) != AnimationFormat::Mp4 || !gfx::page::in_browser(),
               std::string(tr("MP4 export is not available in the browser (it needs ffmpeg): "
                              "export a GIF, or MP4 from the desktop app")));
    WS_REQUIRE(size_[0] >= 64 && size_[1] >= 64 && size_[0] <= 8192 && size_[1] <= 8192,
               std::string(tr("size must be between 64 and 8192 pixels")));
    AnimationPlan plan;
    plan.out = path_;
    plan.figure.width = size_[0];
    plan.figure.height = size_[1];
    plan.figure.scale = scale_;
    plan.figure.theme = theme;
    plan.figure.transparent = transparent_;
    const bool live = live_only(scene);
    plan.fps = live ? fps_live_ : fps_steps_;
    if (live) {
      plan.live_frames = live_frames_;
      WS_REQUIRE(live_frames_ >= 1, std::string(tr("record at least one frame")));
    } else {
      plan.first_step = all_steps_ ? 0 : first_step_ - 1;
      plan.last_step = all_steps_ ? scene.step_count() - 1 : last_step_ - 1;
    }
    animation_ = std::make_unique<SceneAnimation>(scene, plan);
    recording_ = &scene;
  } catch (const std::exception& e) {
    problem_ = e.what();
  }
}

void AnimationExportDialog::progress_ui(std::string& notice, std::string& error) {
  // Record frames until the budget of this UI frame is spent (at least one).
  const auto start = std::chrono::steady_clock::now();
  try {
    do {
      animation_->next_frame();
    } while (!animation_->closed() &&
             std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
                 kBudgetSeconds);
  } catch (const std::exception& e) {
    error = e.what();  // the partial file is gone, the scene back on its step
  }
  const AnimationPlan& plan = animation_->plan();
  if (animation_->closed()) {
    if (animation_->finished()) {
      notice = trf("wrote {0} ({1} frames)", plan.out, animation_->total());
      gfx::page::offer_download(plan.out);  // the browser: a download
    }
    animation_.reset();
    recording_ = nullptr;
    ImGui::CloseCurrentPopup();
    return;
  }
  ImGui::TextUnformatted(plan.out.c_str());
  const int done = animation_->done(), total = animation_->total();
  ImGui::ProgressBar(float(done) / float(total), ImVec2(ImGui::GetFontSize() * 20, 0),
                     trf("frame {0} of {1}", done, total).c_str());
  if (ImGui::Button(tr("Cancel"))) {
    animation_->cancel();
    animation_.reset();
    recording_ = nullptr;
    notice = tr("animation export cancelled: nothing was written");
    ImGui::CloseCurrentPopup();
  }
}

}  // namespace ws::app
