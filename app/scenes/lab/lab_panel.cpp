// The lab's exercise panel: the exercise and size, Run (in the background, with Cancel), the
// source's files (Load .cu, Save .cu, Reset to starter, Undo replace), "Show a solution" behind a
// confirmation, the statement in the app's language, then S2's result panels (figure/).
#include <imgui.h>

#include "common/error.h"
#include "i18n/i18n.h"
#include "io/user_settings.h"
#include "lab/exercise.h"
#include "lab_files.h"
#include "lab_markdown.h"
#include "lab_mode.h"
#include "scene_kit/panel_widgets.h"
#include "shell/page.h"

namespace ws::app {

void LabMode::ui() {
  exercise_controls();
  run_controls();
  ImGui::Separator();
  file_controls();
  solution_controls();
  statement_panel();
  result_panels();
}

void LabMode::result_panels() {
  if (!run_) return;
  const LabRun& run = *run_;
  if (panel_section(tr("Steps"), "lab-steps")) {
    const int chosen = lab_counters_panel(run.result, run.figure, step_);
    if (chosen >= 0) seek(chosen);
  }
  if (panel_section(tr("Output against the reference"), "lab-output")) {
    const int line = lab_output_panel(run.result, &run.inputs, &run.expected);
    if (line > 0) editor_.jump_to_line(line);
  }
  if (panel_section(tr("Time"), "lab-time", false)) lab_time_panel(run.times);
  if (panel_section(tr("Resources, PTX and SASS"), "lab-resources", false)) {
    int line = editor_.cursor_line();
    if (line == 0) {
      const std::vector<int> lines = lines_of_step(run.result, step_);
      if (!lines.empty()) line = lines.front();
    }
    lab_resources_panel(run.result.resources, run.request.backend, line);
  }
}

void LabMode::exercise_controls() {
  const LabSettings& s = settings();
  std::vector<std::string> titles;
  int index = 0;
  for (const lab::Exercise& e : lab::exercises()) {
    if (e.id == s.exercise) index = int(titles.size());
    const bool zh = i18n::language() == i18n::Language::Chinese && !e.title_zh.empty();
    titles.push_back(zh ? e.title_zh : e.title);
  }
  if (combo(label_id(tr("exercise"), "lab-exercise").c_str(), index, titles))
    replace_source({{"exercise", lab::exercises()[size_t(index)].id}});
  const lab::Exercise& exercise = lab::find_exercise(s.exercise);
  std::vector<std::string> sizes;
  int size_index = 0;
  for (const lab::Size& size : exercise.sizes) {
    if (size.name == "photo") continue;
    if (size.name == s.size) size_index = int(sizes.size());
    sizes.push_back(size.name);
  }
  std::vector<std::string> shown;
  for (const std::string& name : sizes) shown.push_back(tr_text(name.c_str()));
  if (combo(label_id(tr("size"), "lab-size").c_str(), size_index, shown))
    edit({{"size", sizes[size_t(size_index)]}});
}

void LabMode::run_controls() {
  if (work_.busy()) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    ImGui::TextUnformatted(tr("compiling and running..."));
    ImGui::SameLine();
    ImGui::TextDisabled("%.1f s", seconds);
    ImGui::SameLine();
    if (ImGui::SmallButton(label_id(tr("Cancel"), "lab-cancel").c_str())) work_.cancel();
    return;
  }
  if (gfx::page::in_browser()) {
    ImGui::BeginDisabled();
    ImGui::Button(label_id(tr("Compile and run"), "lab-run").c_str());
    ImGui::EndDisabled();
    ImGui::TextWrapped("%s", tr(kNoCompilerInBrowser));
    return;
  }
  if (ImGui::Button(label_id(tr("Compile and run"), "lab-run").c_str())) reset();
  ImGui::SameLine();
  if (!run_) {
    ImGui::TextDisabled("%s", tr("not run yet"));
  } else if (run_->passed()) {
    ImGui::TextColored(ImVec4(0.2f, 0.65f, 0.3f, 1), "%s", tr("passed"));
  } else {
    ImGui::TextColored(ImVec4(0.85f, 0.2f, 0.2f, 1), "%s",
                       run_->result.compiled ? tr("failed") : tr("did not compile"));
  }
  if (work_.cancelled_job()) ImGui::TextDisabled("%s", tr("cancelled: the last result is kept"));
}

void LabMode::replace_source(const nlohmann::json& change) {
  const Replaced before{settings().exercise, settings().source, settings().file_name};
  edit(change);
  if (settings().source != before.source) replaced_.push_back(before);
}

void LabMode::file_controls() {
  const LabSettings& s = settings();
  if (ImGui::Button(label_id(tr("Load .cu"), "lab-load").c_str())) {
    if (!browser_) browser_ = std::make_unique<FileBrowser>();
    browser_->set_filter(FileBrowser::Filter::All);
    browser_open_ = true;
  }
  ImGui::SameLine();
  if (ImGui::Button(label_id(tr("Reset to starter"), "lab-reset").c_str()))
    replace_source({{"source", lab_starter(s.exercise)}, {"file", "starter.cu"}});
  if (!replaced_.empty()) {
    ImGui::SameLine();
    if (ImGui::Button(label_id(tr("Undo replace"), "lab-undo").c_str())) {
      const Replaced back = replaced_.back();
      replaced_.pop_back();
      edit({{"exercise", back.exercise}, {"source", back.source}, {"file", back.file_name}});
    }
  }
  if (browser_) {
    static const UserSettings no_recent_files;
    if (const std::optional<std::string> path =
            file_browser_ui(*browser_, browser_open_, no_recent_files)) {
      replace_source({{"kernel", *path}});
      save_path_ = *path;
    }
  }
  if (save_path_.empty()) save_path_ = s.exercise + ".cu";
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
  text_field(label_id(tr("file"), "lab-save-path").c_str(), "kernel.cu", save_path_);
  ImGui::SameLine();
  if (ImGui::Button(label_id(tr("Save .cu"), "lab-save").c_str())) {
    try {
      write_kernel_file(save_path_, s.source);
      file_message_ = trf("saved {0}", save_path_);
    } catch (const std::exception& e) {
      file_message_ = e.what();
    }
  }
  if (!file_message_.empty()) ImGui::TextDisabled("%s", file_message_.c_str());
}

void LabMode::solution_controls() {
  if (ImGui::Button(label_id(tr("Show a solution"), "lab-solution").c_str()))
    confirm_solution_ = true;
  if (!confirm_solution_) return;
  wrapped_text(
      tr("Replace your code with the reference solution? \"Undo replace\" brings your "
         "code back."));
  if (ImGui::Button(label_id(tr("Show it"), "lab-solution-yes").c_str())) {
    replace_source({{"solution", "true"}});
    confirm_solution_ = false;
  }
  ImGui::SameLine();
  if (ImGui::Button(label_id(tr("Not yet"), "lab-solution-no").c_str())) confirm_solution_ = false;
}

void LabMode::statement_panel() {
  if (!panel_section(tr("Exercise"), "lab-statement")) return;
  const std::string key = settings().exercise + "|" + i18n::language_code(i18n::language());
  if (key != statement_key_) {
    statement_key_ = key;
    statement_error_.clear();
    statement_.clear();
    try {
      statement_ = parse_markdown(lab_statement(settings().exercise));
    } catch (const std::exception& e) {
      statement_error_ = e.what();
    }
  }
  error_line(statement_error_);
  for (const MarkdownBlock& block : statement_) {
    switch (block.kind) {
      case MarkdownBlock::Kind::Heading:
        ImGui::Spacing();
        ImGui::TextColored(ImGui::GetStyleColorVec4(ImGuiCol_PlotLinesHovered), "%s",
                           block.text.c_str());
        break;
      case MarkdownBlock::Kind::Paragraph:
        wrapped_text(block.text);
        ImGui::Spacing();
        break;
      case MarkdownBlock::Kind::Bullet:
        ImGui::Bullet();
        wrapped_text(block.text);
        break;
      case MarkdownBlock::Kind::Numbered:
        ImGui::Text("%d.", block.level);
        ImGui::SameLine();
        wrapped_text(block.text);
        break;
      case MarkdownBlock::Kind::Code:
        ImGui::Indent();
        if (ImFont* font = code_font()) ImGui::PushFont(font);
        ImGui::TextUnformatted(block.text.c_str());
        if (code_font()) ImGui::PopFont();
        ImGui::Unindent();
        break;
    }
  }
}

}  // namespace ws::app
