#include "merge_panels.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

void key_type_and_pairs(const MergeSettings& s, nlohmann::json& edit, const char* id) {
  int type = s.key_type == merge::KeyType::Float32 ? 1 : 0;
  if (combo(label_id(tr("keys"), id).c_str(), type, {"int32", "float32"}))
    edit["keys"] = type == 1 ? "float32" : "int32";
  bool pairs = s.pairs;
  const std::string pairs_id = std::string(id) + "-pairs";
  if (ImGui::Checkbox(label_id(tr("key-value pairs (show stability)"), pairs_id.c_str()).c_str(),
                      &pairs))
    edit["pairs"] = pairs;
}

void seed_field(const MergeSettings& s, nlohmann::json& edit, const char* id) {
  int seed = static_cast<int>(s.seed % 1000000);
  if (ImGui::InputInt(label_id(tr("seed"), id).c_str(), &seed) && seed >= 0) edit["seed"] = seed;
}

}  // namespace

void merge_input_controls(const MergeSettings& s, nlohmann::json& edit) {
  if (!panel_section(tr("Inputs A and B"), "merge-inputs")) return;
  std::string a = s.a_text.value_or(""), b = s.b_text.value_or("");
  if (text_field(label_id(tr("A (sorted)"), "merge-a").c_str(), "1 7 8 9 10", a)) edit["a"] = a;
  if (text_field(label_id(tr("B (sorted)"), "merge-b").c_str(), "7 10 10 12", b)) edit["b"] = b;
  if (ImGui::Button(label_id(tr("the book's example"), "merge-book").c_str())) {
    edit["a"] = kBookA;
    edit["b"] = kBookB;
  }
  std::vector<std::string> gens;
  int gen = 0;
  for (const merge::MergeGenInfo& g : merge::merge_gen_infos()) {
    if (g.gen == s.gen) gen = static_cast<int>(gens.size());
    gens.push_back(g.id);
  }
  if (combo(label_id(tr("generate"), "merge-gen").c_str(), gen, gens))
    edit["gen"] = gens[static_cast<size_t>(gen)];
  int n_a = s.n_a, n_b = s.n_b;
  if (ImGui::SliderInt(label_id(tr("keys in A"), "merge-n-a").c_str(), &n_a, 0,
                       merge::kMergeTeachMaxSide))
    edit["n-a"] = n_a;
  if (ImGui::SliderInt(label_id(tr("keys in B"), "merge-n-b").c_str(), &n_b, 0,
                       merge::kMergeTeachMaxSide))
    edit["n-b"] = n_b;
  seed_field(s, edit, "merge-seed");
  key_type_and_pairs(s, edit, "merge-keys");
}

void sort_input_controls(const MergeSettings& s, nlohmann::json& edit) {
  if (!panel_section(tr("Input to sort"), "merge-sort-input")) return;
  std::string input = s.input_text.value_or("");
  if (text_field(label_id(tr("keys"), "merge-input").c_str(), "5 2 9 1 7 3", input))
    edit["input"] = input;
  std::vector<std::string> gens;
  int gen = 0;
  for (const merge::SortGenInfo& g : merge::sort_gen_infos()) {
    if (g.gen == s.sort_gen) gen = static_cast<int>(gens.size());
    gens.push_back(g.id);
  }
  if (combo(label_id(tr("generate"), "merge-sort-gen").c_str(), gen, gens))
    edit["sort-gen"] = gens[static_cast<size_t>(gen)];
  int n = s.n;
  if (ImGui::SliderInt(label_id(tr("keys"), "merge-n").c_str(), &n, 0, merge::kSortTeachMaxKeys))
    edit["n"] = n;
  seed_field(s, edit, "merge-sort-seed");
  key_type_and_pairs(s, edit, "merge-sort-keys");
}

}  // namespace ws::app
