#include "scene_kit/panel_widgets.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>

#include "i18n/i18n.h"
#include "scene_kit/code_panel.h"
#include "scene_kit/kernel_resources_panel.h"

namespace ws::app {

std::string label_id(const char* shown, const char* id) {
  return std::string(shown) + "###" + id;
}

std::string label_id(const char* english) {
  return label_id(tr(english), english);
}

void wrapped_text(const std::string& text) {
  ImGui::TextWrapped("%s", text.c_str());
}

bool panel_section(const char* shown, const char* id, bool open) {
  return ImGui::CollapsingHeader(label_id(shown, id).c_str(),
                                 open ? ImGuiTreeNodeFlags_DefaultOpen : 0);
}

bool combo(const char* label, int& index, const std::vector<std::string>& items) {
  bool changed = false;
  const int current = std::clamp(index, 0, static_cast<int>(items.size()) - 1);
  if (ImGui::BeginCombo(label, items[current].c_str())) {
    for (int i = 0; i < static_cast<int>(items.size()); ++i) {
      if (ImGui::Selectable(items[i].c_str(), i == current)) {
        index = i;
        changed = i != current;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

namespace {}  // namespace

void op_type_controls(BinaryOp op, ValueType type, nlohmann::json& edit) {
  int op_index = static_cast<int>(op);
  if (combo(label_id(tr("Operator"), "op").c_str(), op_index,
            {tr("sum"), tr("product"), tr("min"), tr("max")}))
    edit["op"] = op_name(static_cast<BinaryOp>(op_index));
  int type_index = static_cast<int>(type);
  if (combo(label_id(tr("Type"), "type").c_str(), type_index, {"int32", "float32"}))
    edit["type"] = type_name(static_cast<ValueType>(type_index));
}

void input_controls(const InputSource& source, const InputLimits& limits, nlohmann::json& edit,
                    const char* image_tooltip) {
  std::string values = source.values_text;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputTextWithHint("##values", tr("typed values, e.g. 3 1 7 0 4 1 6 3"), &values,
                               ImGuiInputTextFlags_EnterReturnsTrue))
    edit["values"] = values;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Type values and press Enter"));
  if (limits.images) {
    std::string image = source.image_path;
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 6);
    if (ImGui::InputTextWithHint(label_id(tr("Image file"), "image").c_str(),
                                 tr("e.g. camera.png (shipped in assets/)"), &image,
                                 ImGuiInputTextFlags_EnterReturnsTrue))
      edit["image"] = image;
    if (ImGui::IsItemHovered() && *image_tooltip) ImGui::SetTooltip("%s", tr(image_tooltip));
  }
  int n = static_cast<int>(source.n);
  ImGui::SliderInt(label_id(tr("N (random)"), "n").c_str(), &n, 1, static_cast<int>(limits.max_n),
                   "%d", ImGuiSliderFlags_Logarithmic);
  const bool n_changed = ImGui::IsItemDeactivatedAfterEdit();
  uint64_t seed = source.seed;
  const uint64_t one = 1;
  const bool seed_changed =
      ImGui::InputScalar(label_id(tr("Seed"), "seed").c_str(), ImGuiDataType_U64, &seed, &one);
  int dist = static_cast<int>(source.distribution);
  const bool dist_changed = combo(label_id(tr("Distribution"), "distribution").c_str(), dist,
                                  {tr("uniform"), tr("equal"), tr("sorted"), tr("few-huge")});
  if (n_changed || seed_changed || dist_changed ||
      ImGui::Button(label_id(tr("Generate random input"), "generate").c_str())) {
    edit["n"] = n;
    edit["seed"] = std::min<uint64_t>(seed, INT64_MAX);
    edit["distribution"] = distribution_name(static_cast<Distribution>(dist));
  }
}

namespace {

void counter_row(const std::string& name, const std::string& a, const std::string& b, bool two) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(name.c_str());
  ImGui::TableSetColumnIndex(1);
  ImGui::TextUnformatted(a.c_str());
  if (two) {
    ImGui::TableSetColumnIndex(2);
    ImGui::TextUnformatted(b.c_str());
  }
}

std::string num(int64_t v) {
  return std::to_string(v);
}

std::string pct(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f%%", 100 * v);
  return b;
}

}  // namespace

void counters_table(const char* id, const CountersColumn& first, const CountersColumn* second,
                    int step, const std::vector<std::array<std::string, 3>>& extra) {
  const bool two = second != nullptr;
  if (!first.counters ||
      !ImGui::BeginTable(id, two ? 3 : 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders))
    return;
  ImGui::TableSetupColumn(tr("counter"));
  ImGui::TableSetupColumn(first.title.c_str());
  if (two) ImGui::TableSetupColumn(second->title.c_str());
  ImGui::TableHeadersRow();
  const Counters& a = *first.counters;
  const Counters& b = two && second->counters ? *second->counters : a;
  const auto at_step = [step](const Counters& c, int64_t StepCounters::*field) {
    return step >= 0 && step < static_cast<int>(c.per_step.size()) ? num(c.per_step[step].*field)
                                                                   : std::string("-");
  };
  const auto row = [&](const char* name, auto&& value) {
    counter_row(tr(name), value(a), value(b), two);
  };
  row(TR_NOOP("this step: active threads"),
      [&](const Counters& c) { return at_step(c, &StepCounters::active_threads); });
  row(TR_NOOP("this step: operations"),
      [&](const Counters& c) { return at_step(c, &StepCounters::ops); });
  row(TR_NOOP("this step: lanes consumed"),
      [&](const Counters& c) { return at_step(c, &StepCounters::lanes_consumed); });
  row(TR_NOOP("this step: divergent warps"),
      [&](const Counters& c) { return at_step(c, &StepCounters::divergent_warps); });
  row(TR_NOOP("steps"), [](const Counters& c) { return num(c.steps); });
  row(TR_NOOP("operations (serial)"),
      [](const Counters& c) { return num(c.ops) + " (" + num(c.useful_ops) + ")"; });
  row(TR_NOOP("work efficiency"), [](const Counters& c) { return pct(c.work_efficiency); });
  row(TR_NOOP("lanes consumed"), [](const Counters& c) { return num(c.lanes_consumed); });
  row(TR_NOOP("execution efficiency"), [](const Counters& c) { return pct(c.efficiency); });
  row(TR_NOOP("divergent warps"), [](const Counters& c) { return num(c.divergent_warps); });
  row(TR_NOOP("global sectors"), [](const Counters& c) { return num(c.global_requests); });
  row(TR_NOOP("bank conflicts (worst ways)"),
      [](const Counters& c) { return num(c.bank_conflicts) + " (" + num(c.max_bank_ways) + ")"; });
  row(TR_NOOP("atomics (hottest address)"), [](const Counters& c) {
    return num(c.atomics) + " (" + num(c.max_atomics_per_address) + ")";
  });
  row(TR_NOOP("barriers per block"), [](const Counters& c) { return num(c.barriers); });
  for (const auto& [name, va, vb] : extra) counter_row(tr_text(name), va, vb, two);
  ImGui::EndTable();
}

void apply_edit(Scene& scene, const nlohmann::json& edit, std::string& error) {
  if (edit.empty()) return;
  const nlohmann::json before = scene.params_to_json();
  try {
    scene.params_from_json(edit);
    scene.reset();
    error.clear();
  } catch (const std::exception& e) {
    error = e.what();
    try {  // a reset that failed after the parameters changed: back to what was shown
      scene.params_from_json(before);
      scene.reset();
    } catch (const std::exception&) {
    }
  }
}

void error_line(const std::string& error) {
  if (error.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.2f, 0.2f, 1));
  ImGui::TextWrapped("%s", error.c_str());
  ImGui::PopStyleColor();
}

bool text_field(const char* label, const char* hint, std::string& value) {
  const bool entered =
      ImGui::InputTextWithHint(label, hint, &value, ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Press Enter to apply"));
  return entered;
}

void counter_table(const char* id, const std::vector<std::pair<std::string, std::string>>& rows) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) return;
  for (const auto& [name, value] : rows) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(tr_text(name).c_str());
    ImGui::TableSetColumnIndex(1);
    ImGui::TextUnformatted(value.c_str());
  }
  ImGui::EndTable();
}

void twin_check_line(const TwinCheck& twin) {
  if (!twin.ran) return;
  if (!twin.matches()) {
    ImGui::TextColored(ImVec4(0.9f, 0.2f, 0.2f, 1), "%s",
                       trf("GPU differs from the CPU twin: {0}", twin.difference).c_str());
    return;
  }
  ImGui::TextColored(ImVec4(0.1f, 0.6f, 0.2f, 1), "%s", tr("GPU trace matches the CPU twin"));
  if (!twin.note.empty()) ImGui::TextWrapped("(%s)", tr_text(twin.note).c_str());
}

void kernel_source_panel(const KernelSource& k) {
  const SourceSection source = load_step_source(k.file, k.section, k.marker);
  ImGui::TextDisabled("%s", k.file.c_str());
  if (!k.note.empty()) ImGui::TextWrapped("%s", tr_text(k.note).c_str());
  const int highlight = find_marker_line(source, k.marker);
  kernel_resources_panel(k.file, k.section, highlight >= 0 ? source.first_line + highlight : 0);
  show_code_panel(source, highlight,
                  tr("The kernel source was not found (or has no section for this variant yet); "
                     "set WARPSCOPE_SOURCE_DIR to the source tree."));
}

bool background_work_status(bool busy, double progress, bool cancelled, const char* id) {
  if (!busy) {
    if (cancelled) ImGui::TextDisabled("%s", tr("cancelled: the last result is kept"));
    return false;
  }
  ImGui::ProgressBar(float(progress), ImVec2(-ImGui::GetFrameHeight() * 4, 0));
  ImGui::SameLine();
  return ImGui::SmallButton(label_id(tr("Cancel"), id).c_str());
}

}  // namespace ws::app
