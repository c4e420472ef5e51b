// The lab's code panel: the editor over the student's source, marked with the last run's
// diagnostics and the lines of the step shown, and under it the diagnostics list (kind, line,
// thread, message; a click shows the line).
#include <imgui.h>

#include <algorithm>

#include "i18n/i18n.h"
#include "lab_mode.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

void LabMode::code_ui() {
  CodeEditorMarks marks;
  std::string text = settings().source;
  if (run_) {
    marks.marks = line_marks(lab_code_notes(run_->result), int(split_code_lines(text).size()));
    for (const int line : lines_of_step(run_->result, step_)) marks.step_lines.insert(line);
    // The timeline moved, or a new run came: the step's first line comes into view.
    if ((step_ != shown_step_ || run_.get() != shown_run_) && !marks.step_lines.empty())
      editor_.show_line(*marks.step_lines.begin());
    shown_step_ = step_;
    shown_run_ = run_.get();
  }
  ImGui::TextDisabled("%s", settings().file_name.c_str());
  // The editor keeps most of the panel: the list takes its rows, at most a third of it.
  const size_t count = run_ ? run_->result.diagnostics.size() : 0;
  const float avail = ImGui::GetContentRegionAvail().y;
  const float list_height =
      count == 0 ? 0
                 : std::min(avail / 3, ImGui::GetFrameHeightWithSpacing() * float(count + 1) +
                                           ImGui::GetStyle().ItemSpacing.y);
  const ImVec2 editor_size(0, std::max(ImGui::GetFontSize() * 6, avail - list_height));
  if (editor_.draw("##lab-editor", text, marks, editor_size))
    settings_to_keep().source = text;  // typing runs nothing: Run does
  diagnostics_list();
}

void LabMode::diagnostics_list() {
  if (!run_ || run_->result.diagnostics.empty()) return;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("##lab-diagnostics", 4, flags,
                         ImVec2(0, ImGui::GetContentRegionAvail().y)))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn(tr("kind"));
  ImGui::TableSetupColumn(tr("line"));
  ImGui::TableSetupColumn(tr("thread"));
  ImGui::TableSetupColumn(tr("message"), ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  int row = 0;
  for (const lab::Diagnostic& d : run_->result.diagnostics) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const bool warning = d.kind == lab::DiagKind::CompileWarning;
    ImGui::PushID(row++);
    ImGui::PushStyleColor(ImGuiCol_Text,
                          warning ? ImVec4(0.85f, 0.55f, 0.0f, 1) : ImVec4(0.85f, 0.2f, 0.2f, 1));
    if (ImGui::Selectable(lab_diag_kind_name(d.kind).c_str(), false,
                          ImGuiSelectableFlags_SpanAllColumns) &&
        d.line > 0)
      editor_.jump_to_line(d.line);
    ImGui::PopStyleColor();
    ImGui::PopID();
    ImGui::TableNextColumn();
    if (d.line > 0) ImGui::Text("%d", d.line);
    ImGui::TableNextColumn();
    if (d.thread >= 0) ImGui::Text("%d", d.thread);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(d.message.c_str());  // one line a row; the whole of it on hover
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
      ImGui::TextUnformatted(d.message.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
  ImGui::EndTable();
}

}  // namespace ws::app
