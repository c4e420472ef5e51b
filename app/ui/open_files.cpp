#include "open_files.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "i18n/i18n.h"
#include "scene_kit/file_params.h"
#include "shell/page.h"

namespace ws::app {

namespace {

std::string file_name(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

bool verbose() {
  const char* env = std::getenv("WARPSCOPE_VERBOSE");
  return env && std::string(env) == "1";
}

std::string join_lines(std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += (text.empty() ? "" : "\n") + l;
  lines.clear();
  return text;
}

}  // namespace

OpenFilesUi::OpenFilesUi(UserSettings& settings) : settings_(settings) {}

void OpenFilesUi::menu_items() {
  if (ImGui::MenuItem(tr("Open..."), "Ctrl+O")) browser_open_ = true;
  const std::vector<std::string> recent = FileBrowser::recent_files(settings_);
  if (ImGui::BeginMenu(tr("Open recent"), !recent.empty())) {
    for (const std::string& f : recent)
      if (ImGui::MenuItem(f.c_str())) open({f});
    ImGui::EndMenu();
  }
}

void OpenFilesUi::open(const std::vector<std::string>& paths) {
  for (const std::string& p : paths) queue_.push_back(p);
}

std::string OpenFilesUi::take_notice() {
  return join_lines(notices_);
}

std::string OpenFilesUi::take_error() {
  return join_lines(errors_);
}

void OpenFilesUi::frame(SceneHost& host, const std::vector<std::string>& dropped, float dt) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.KeyCtrl && !io.WantTextInput && ImGui::IsKeyPressed(GLFW_KEY_O, false))
    browser_open_ = true;
  if (!dropped.empty()) open(dropped);
  // In the browser "Open..." is the browser's own picker (the app's browser would show only the
  // page's memory); what the user picks arrives in /uploads a few frames later.
  if (browser_open_ && gfx::page::pick_files("")) browser_open_ = false;
  if (const std::vector<std::string> picked = gfx::page::take_picked_files(); !picked.empty())
    open(picked);

  if (browser_open_ || ImGui::IsPopupOpen("###open-file"))
    browser_.set_accepted(file_kinds_taken(host.current()));  // the scene may have changed
  if (std::optional<std::string> chosen = file_browser_ui(browser_, browser_open_, settings_))
    open({*chosen});

  if (!busy()) {
    recent_frames_.push_back(dt);
    if (recent_frames_.size() > 30) recent_frames_.pop_front();
  }
  // `dt` is the previous frame's time: the frame of an apply is seen one frame later.
  if (frames_after_ >= 0 && timing_) {
    timing_->longest_after_s = std::max(timing_->longest_after_s, double(dt));
    if (++frames_after_ > kFramesAfter) {
      frames_after_ = -1;
      if (verbose())
        std::fprintf(
            stderr,
            "warpscope: opened %s: %.3f s decoding on a worker (%d frames, the longest "
            "%.1f ms; before it the median frame took %.1f ms), %.1f ms applying on the UI "
            "thread, the longest frame from the apply on %.1f ms\n",
            timing_->path.c_str(), timing_->worker_s, timing_->frames,
            timing_->longest_decoding_s * 1000, timing_->typical_frame_s * 1000,
            timing_->apply_s * 1000, timing_->longest_after_s * 1000);
    }
  }
  if (preload_.running()) {
    ++running_timing_.frames;
    running_timing_.longest_decoding_s = std::max(running_timing_.longest_decoding_s, double(dt));
    if (preload_.finished()) finish(host);
  }
  if (!preload_.running() && !queue_.empty()) start_next(host);
  if (preload_.running()) progress_window();
}

void OpenFilesUi::start_next(SceneHost& host) {
  const std::string path = queue_.front();
  queue_.pop_front();
  OpenPlan plan = plan_open(path, host);
  if (!plan.ok()) {
    errors_.push_back(plan.error);
    return;
  }
  if (plan.preload.empty()) {
    apply(host, plan);
    return;
  }
  running_timing_ = Timing{};
  running_timing_.path = path;
  if (!recent_frames_.empty()) {
    std::vector<float> sorted(recent_frames_.begin(), recent_frames_.end());
    std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
    running_timing_.typical_frame_s = sorted[sorted.size() / 2];
  }
  started_ = std::chrono::steady_clock::now();
  preload_.start(plan.preload);
  pending_ = std::move(plan);
}

void OpenFilesUi::finish(SceneHost& host) {
  const FilePreload::Outcome outcome = preload_.collect();
  OpenPlan plan = std::move(*pending_);
  pending_.reset();
  running_timing_.worker_s = outcome.seconds;
  if (outcome.cancelled) {
    note(trf("cancelled opening {0}; the previous input stays", file_name(plan.preview.info.path)));
    return;
  }
  if (!outcome.ok) {
    errors_.push_back(open_failure(plan.preview.info.path, outcome.error));
    return;
  }
  // Planned again: the user may have changed the scene or its mode while the worker ran (the
  // decoded data waits in the cache either way).
  OpenPlan now = plan_open(plan.preview.info.path, host);
  if (!now.ok()) {
    errors_.push_back(now.error);
    return;
  }
  const auto t0 = std::chrono::steady_clock::now();
  apply(host, now);
  running_timing_.apply_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  timing_ = running_timing_;
  frames_after_ = 0;
}

void OpenFilesUi::apply(SceneHost& host, const OpenPlan& plan) {
  try {
    note(apply_plan(plan, host));
    settings_.add_recent(plan.preview.info.path);
    save_user_settings(settings_);
  } catch (const std::exception& e) {
    errors_.push_back(e.what());
  }
}

void OpenFilesUi::progress_window() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 26, 0), ImGuiCond_Always);
  const std::string title = std::string(tr("Opening")) + "###opening-file";
  ImGui::Begin(title.c_str(), nullptr,
               ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::TextUnformatted(file_name(preload_.current_file()).c_str());
  const double fraction = preload_.progress();
  if (fraction < 0) {
    // No fraction known: a bar that sweeps, so the user sees the work goes on.
    const float t = static_cast<float>(ImGui::GetTime());
    ImGui::ProgressBar(0.5f + 0.5f * std::sin(t * 3.0f), ImVec2(-1, 0), tr("working..."));
  } else {
    const std::string label = std::to_string(std::lround(fraction * 100)) + "%";
    ImGui::ProgressBar(static_cast<float>(fraction), ImVec2(-1, 0), label.c_str());
  }
  if (preload_.cancel_requested()) {
    ImGui::TextDisabled("%s", tr("cancelling..."));
  } else if (ImGui::Button(tr("Cancel"))) {
    cancel();
  }
  ImGui::End();
}

}  // namespace ws::app
