// The lab's counters and output panels: the per-step counters of the student's run, and its
// diagnostics with the first wrong outputs against the reference.
#include "lab_panels.h"

#include <imgui.h>

#include <cstdio>

#include "common/inputs.h"
#include "i18n/i18n.h"
#include "lab_figure.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

std::string lab_number(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

void lab_cell(const std::string& text) {
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(text.c_str());
}

}  // namespace

std::string lab_diag_kind_name(lab::DiagKind kind) {
  switch (kind) {
    case lab::DiagKind::CompileError:
      return tr("compile error");
    case lab::DiagKind::CompileWarning:
      return tr("warning");
    case lab::DiagKind::OutOfBounds:
      return tr("out of bounds");
    case lab::DiagKind::Race:
      return tr("race");
    case lab::DiagKind::UninitializedRead:
      return tr("uninitialized read");
    case lab::DiagKind::Budget:
      return tr("stopped by the budget");
    case lab::DiagKind::Timeout:
      return tr("timeout");
    case lab::DiagKind::Crash:
      return tr("crash");
    case lab::DiagKind::WrongAnswer:
      return tr("wrong answer");
    case lab::DiagKind::LaunchError:
      return tr("launch error");
    default:
      return tr("missing tool");
  }
}

int lab_counters_panel(const lab::Result& result, const LabFigureData& data, int step) {
  const Trace& trace = result.trace;
  if (trace.steps.empty() || data.counters.per_step.size() != trace.steps.size()) {
    ImGui::TextDisabled("%s", tr("no trace: nothing to count"));
    return -1;
  }
  int clicked = -1;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
  const float height = ImGui::GetTextLineHeightWithSpacing() * (float(trace.steps.size()) + 2.5f);
  if (!ImGui::BeginTable("lab-counters", 7, flags, {0, std::min(height, 320.0f)})) return -1;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* name :
       {TR_NOOP("step"), TR_NOOP("phase"), TR_NOOP("active threads"), TR_NOOP("divergent warps"),
        TR_NOOP("sectors / request"), TR_NOOP("bank conflicts"), TR_NOOP("atomics")})
    ImGui::TableSetupColumn(tr(name));
  ImGui::TableHeadersRow();
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    const StepCounters& c = data.counters.per_step[s];
    ImGui::TableNextRow();
    if (static_cast<int>(s) == step)
      ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(ImGuiCol_Header));
    ImGui::TableNextColumn();
    const std::string label = std::to_string(s + 1) + "##lab-step-" + std::to_string(s);
    if (ImGui::Selectable(label.c_str(), static_cast<int>(s) == step,
                          ImGuiSelectableFlags_SpanAllColumns))
      clicked = static_cast<int>(s);
    lab_cell(tr_text(trace.steps[s].label));
    lab_cell(std::to_string(c.active_threads));
    lab_cell(std::to_string(c.divergent_warps));
    const double spr = sectors_per_request(data, static_cast<int>(s));
    lab_cell(spr > 0 ? lab_number(spr) : "-");
    lab_cell(std::to_string(c.bank_conflicts));
    lab_cell(std::to_string(c.atomics));
  }
  ImGui::EndTable();
  const Counters& t = data.counters;
  ImGui::Text("%s", trf("totals: {0} global sectors · {1} bank conflicts · {2} atomics · {3} "
                        "barriers",
                        t.global_requests, t.bank_conflicts, t.atomics, t.barriers)
                        .c_str());
  return clicked;
}

int lab_output_panel(const lab::Result& result, const std::vector<lab::Arg>* args,
                     const std::vector<std::vector<double>>* expected) {
  int jump = 0;
  if (result.diagnostics.empty()) {
    ImGui::TextColored({0.2f, 0.65f, 0.3f, 1}, "%s",
                       tr("no problems found: every output matches the reference"));
    return 0;
  }
  for (size_t i = 0; i < result.diagnostics.size(); ++i) {
    const lab::Diagnostic& d = result.diagnostics[i];
    const std::string head = lab_diag_kind_name(d.kind) +
                             (d.line > 0 ? " · " + trf("source line {0}", d.line) : std::string()) +
                             "##lab-diag-" + std::to_string(i);
    if (ImGui::Selectable(head.c_str(), false) && d.line > 0) jump = d.line;
    ImGui::Indent();
    wrapped_text(lab_diagnostic_text(result, d, args, expected));
    ImGui::Unindent();
  }
  std::vector<const lab::Diagnostic*> wrong;
  for (const lab::Diagnostic& d : result.diagnostics)
    if (d.kind == lab::DiagKind::WrongAnswer && d.index >= 0) wrong.push_back(&d);
  if (wrong.empty() || !ImGui::BeginTable("lab-mismatches", 6,
                                          ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders |
                                              ImGuiTableFlags_SizingFixedFit))
    return jump;
  for (const char* name : {TR_NOOP("array"), TR_NOOP("index"), TR_NOOP("expected"), TR_NOOP("got"),
                           TR_NOOP("thread"), TR_NOOP("line")})
    ImGui::TableSetupColumn(tr(name));
  ImGui::TableHeadersRow();
  for (const lab::Diagnostic* d : wrong) {
    const int arg = args ? lab_arg_of_buffer(*args, d->buffer) : -1;
    const size_t index = static_cast<size_t>(d->index);
    auto value_of = [&](const std::vector<std::vector<double>>* table) {
      if (!table || arg < 0 || size_t(arg) >= table->size() || index >= (*table)[arg].size())
        return std::string("?");
      return lab_number((*table)[size_t(arg)][index]);
    };
    ImGui::TableNextRow();
    const bool named = d->buffer >= 0 && d->buffer < int(result.trace.buffers.size());
    lab_cell(arg >= 0 ? (*args)[size_t(arg)].name
             : named  ? result.trace.buffers[size_t(d->buffer)].name
                      : "?");
    lab_cell(std::to_string(d->index));
    lab_cell(value_of(expected));
    lab_cell(value_of(&result.outputs));
    lab_cell(d->thread >= 0 ? std::to_string(d->thread) : "-");
    lab_cell(d->line > 0 ? std::to_string(d->line) : "-");
  }
  ImGui::EndTable();
  return jump;
}

}  // namespace ws::app
