#include "spmv_panels.h"

#include <imgui.h>

#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"
#include "spmv_matrix_source.h"

namespace ws::app {

namespace {

void matrix_picker(const SpmvSettings& s, nlohmann::json& edit) {
  const auto& examples = matrix_examples();
  std::vector<std::string> names;
  int index = -1;
  for (size_t i = 0; i < examples.size(); ++i) {
    names.push_back(examples[i].first + ": " + tr(examples[i].second.c_str()));
    if (!s.values && s.matrix == examples[i].first) index = int(i);
  }
  names.push_back(tr("typed (below)"));
  if (s.values) index = int(examples.size());
  if (index < 0) {
    names.push_back(s.matrix);
    index = int(names.size()) - 1;
  }
  if (combo(label_id(tr("matrix"), "spmv-matrix").c_str(), index, names) &&
      index < int(examples.size()))
    edit["matrix"] = examples[size_t(index)].first;
}

}  // namespace

void matrix_input_panel(const SpmvSettings& s, nlohmann::json& edit) {
  if (!panel_section(tr("Matrix and x"), "spmv-input")) return;
  matrix_picker(s, edit);
  std::string path = s.values ? "" : s.matrix;
  if (text_field(label_id(tr("file or gen:SPEC"), "spmv-path").c_str(), "bcspwr10.mtx", path))
    edit["matrix"] = path;
  std::string rows = s.values ? *s.values : "";
  if (text_field(label_id(tr("typed rows"), "spmv-values").c_str(), kBookMatrix, rows))
    edit["values"] = rows;
  int x_choice = int(s.x_kind);
  const std::vector<std::string> x_names = {tr("all ones"), tr("random (seeded)"), tr("typed")};
  if (combo(label_id(tr("x"), "spmv-x").c_str(), x_choice, x_names) && x_choice != 2)
    edit["x"] = x_choice == 0 ? "ones" : "random";
  if (x_choice == 2 || s.x_kind == spmv::XKind::Typed) {
    std::string typed = s.x_values;
    if (text_field(label_id(tr("x values"), "spmv-x-values").c_str(), "1 2 3 4", typed))
      edit["x"] = typed;
  }
  int seed = int(s.seed);
  if (ImGui::InputInt(label_id(tr("seed"), "spmv-seed").c_str(), &seed) && seed >= 0)
    edit["seed"] = seed;
  for (ValueType t : {ValueType::Float32, ValueType::Float64}) {
    if (ImGui::RadioButton(type_name(t), s.precision == t)) edit["precision"] = type_name(t);
    ImGui::SameLine();
  }
  ImGui::NewLine();
  if (s.loaded)
    wrapped_text(trf("{0}: {1} x {2}, {3} nonzeros", matrix_label(s), s.loaded->rows,
                     s.loaded->cols, s.loaded->nnz()));
}

}  // namespace ws::app
