#include "histogram_panels.h"

#include <imgui.h>

#include "histogram_input.h"
#include "histogram_strings.h"
#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace hg = ws::histogram;

namespace {}  // namespace

void histogram_input_controls(Scene& scene, const HistogramSettings& s, std::string& error,
                              int64_t max_n) {
  if (!ImGui::CollapsingHeader(label_id(tr("Input"), "hg-input").c_str(),
                               ImGuiTreeNodeFlags_DefaultOpen))
    return;
  nlohmann::json edit = nlohmann::json::object();
  static std::string text, seen_text, values, seen_values, file, seen_file;
  if (s.text != seen_text) text = seen_text = s.text;
  if (s.values != seen_values) values = seen_values = s.values;
  if (s.file != seen_file) file = seen_file = s.file;
  ImGui::TextDisabled("%s", trf("source: {0}", histogram_input_label_text(s)).c_str());
  if (text_field(label_id(tr("text"), "hg-text").c_str(), tr("letters to count; Enter applies"),
                 text))
    edit["text"] = text;
  if (ImGui::SmallButton(label_id(tr("the textbook's phrase"), "hg-phrase").c_str())) {
    text = kTextbookPhrase;
    edit["text"] = text;
  }
  if (text_field(label_id(tr("values"), "hg-values").c_str(),
                 tr("numbers separated by spaces or commas"), values))
    edit["values"] = values;
  if (text_field(label_id(tr("text file"), "hg-file").c_str(),
                 tr("a path; its bytes are counted as letters"), file))
    edit["file"] = file;
  if (text_field(label_id(tr("image"), "hg-image").c_str(),
                 tr("a PNG, JPEG, BMP, TGA or PGM path, or a shipped photo"), file))
    edit["image"] = file;
  ImGui::TextDisabled("%s", tr("shipped photos:"));
  for (const char* name : kHistogramShippedImages) {
    ImGui::SameLine();
    if (ImGui::SmallButton(name)) edit["image"] = name;
  }
  if (s.source == HistogramSource::Image) {
    const std::vector<std::string> channels = {"luminance", "r", "g", "b"};
    const std::vector<std::string> shown = {tr("luminance"), "r", "g", "b"};
    int c = 0;
    for (size_t i = 0; i < channels.size(); ++i)
      if (channels[i] == s.channel) c = static_cast<int>(i);
    if (combo(label_id(tr("channel"), "hg-channel").c_str(), c, shown))
      edit["channel"] = channels[size_t(c)];
  }
  ImGui::Separator();
  ImGui::TextDisabled("%s", tr("synthetic samples"));
  const std::vector<std::string> dists = {"uniform", "normal", "zipf", "all-equal", "sorted"};
  std::vector<std::string> dist_names;
  for (const std::string& name : dists) dist_names.push_back(tr_text(name));
  int d = static_cast<int>(s.dist);
  if (combo(label_id(tr("distribution"), "hg-dist").c_str(), d, dist_names))
    edit["dist"] = dists[size_t(d)];
  if (s.dist == hg::Dist::Zipf) {
    float skew = static_cast<float>(s.skew);
    if (ImGui::SliderFloat(label_id(tr("skew"), "hg-skew").c_str(), &skew, 0.0f, 4.0f, "%.2f")) {
      edit["skew"] = skew;
      edit["dist"] = "zipf";
    }
  }
  int log2n = 0;
  while ((int64_t{1} << (log2n + 1)) <= s.n) ++log2n;
  int max_log2 = 0;
  while ((int64_t{1} << (max_log2 + 1)) <= max_n) ++max_log2;
  if (ImGui::SliderInt(label_id(tr("log2 n"), "hg-log2n").c_str(), &log2n, 0, max_log2))
    edit["n"] = int64_t{1} << log2n;
  int seed = static_cast<int>(s.seed);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  if (ImGui::InputInt(label_id(tr("seed"), "hg-seed").c_str(), &seed, 1, 10,
                      ImGuiInputTextFlags_EnterReturnsTrue) &&
      seed >= 0)
    edit["seed"] = seed;
  apply_edit(scene, edit, error);
}

void histogram_bins_controls(Scene& scene, const HistogramSettings& s, std::string& error) {
  if (!ImGui::CollapsingHeader(label_id(tr("Bins"), "hg-bins-header").c_str(),
                               ImGuiTreeNodeFlags_DefaultOpen))
    return;
  nlohmann::json edit = nlohmann::json::object();
  int bins = s.bins;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  if (ImGui::InputInt(label_id(tr("bins"), "hg-bins").c_str(), &bins, 1, 16,
                      ImGuiInputTextFlags_EnterReturnsTrue))
    edit["bins"] = bins;
  bool automatic = s.auto_range;
  if (ImGui::Checkbox(label_id(tr("range from the data"), "hg-auto").c_str(), &automatic))
    edit["range"] = automatic ? "auto" : "0,256";
  if (!s.auto_range) {
    double range[2] = {s.lo, s.hi};
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
    if (ImGui::InputScalarN(label_id(tr("range [lo, hi)"), "hg-range").c_str(),
                            ImGuiDataType_Double, range, 2, nullptr, nullptr, "%g",
                            ImGuiInputTextFlags_EnterReturnsTrue)) {
      char text[64];
      std::snprintf(text, sizeof text, "%.17g,%.17g", range[0], range[1]);
      edit["range"] = text;
    }
  }
  double width = s.width;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  if (ImGui::InputDouble(label_id(tr("bin width (0: by count)"), "hg-width").c_str(), &width, 0, 0,
                         "%g", ImGuiInputTextFlags_EnterReturnsTrue))
    edit["width"] = width;
  apply_edit(scene, edit, error);
}

void histogram_variant_controls(Scene& scene, const HistogramSettings& s, std::string& error,
                                bool teach) {
  if (!ImGui::CollapsingHeader(label_id(tr("Variant"), "hg-variant-header").c_str(),
                               ImGuiTreeNodeFlags_DefaultOpen))
    return;
  nlohmann::json edit = nlohmann::json::object();
  std::vector<std::string> names;
  int index = 0;
  for (const hg::VariantInfo& v : hg::variant_infos()) {
    if (v.variant == s.variant) index = static_cast<int>(names.size());
    names.push_back(std::to_string(int(v.variant)) + " " + histogram_variant_title_text(v));
  }
  if (combo(label_id(tr("variant"), "hg-variant").c_str(), index, names))
    edit["variant"] = hg::variant_infos()[size_t(index)].id;
  ImGui::TextWrapped("%s", histogram_variant_lesson_text(hg::info(s.variant)).c_str());
  if (teach) {
    int block = s.teach.block_dim / 32;
    if (ImGui::SliderInt(label_id(tr("warps per block"), "hg-block").c_str(), &block, 1, 8))
      edit["block"] = block * 32;
    int grid = s.teach.grid_dim;
    if (ImGui::SliderInt(label_id(tr("blocks (0: enough for n)"), "hg-grid").c_str(), &grid, 0, 64))
      edit["grid"] = grid;
    const hg::Variant v = s.variant;
    if (v == hg::Variant::CoarseContiguous || v == hg::Variant::CoarseInterleaved ||
        v == hg::Variant::Aggregated || v == hg::Variant::WarpAggregated) {
      int c = s.teach.coarsening;
      if (ImGui::SliderInt(label_id(tr("samples per thread"), "hg-coarsening").c_str(), &c, 1, 32))
        edit["coarsening"] = c;
    }
  }
  bool race = s.teach.inject_race;
  if (ImGui::Checkbox(
          label_id(tr("inject the race (non-atomic read-modify-write)"), "hg-race").c_str(), &race))
    edit["race"] = race;
  if (!teach && race)
    ImGui::TextDisabled("%s", tr("full-size runs inject it in variants 2 and 4 only"));
  apply_edit(scene, edit, error);
}

void histogram_code_panel(hg::Variant variant, const std::string& marker) {
  KernelSource src;
  src.file = std::string("kernels/histogram/") + hg::info(variant).source;
  src.section = hg::info(variant).id;
  src.marker = marker;
  kernel_source_panel(src);
}

void histogram_notes_panel() {
  if (!ImGui::CollapsingHeader(label_id(tr("Notes"), "hg-notes").c_str())) return;
  ImGui::TextWrapped(
      "%s", tr("PMPP 9.1: the phrase \"programming massively parallel processors\" with 7 bins of "
               "four letters (a-d, e-h, ..., y-z) gives 5 5 6 10 10 1 1 over its 38 letters."));
  ImGui::TextWrapped(
      "%s", tr("Every sample increments the counter of its bin. Atomics on one address serialize: "
               "when a warp's lanes hit the same counter, they wait in a queue (the chain). Text, "
               "dark photos and skewed data put most samples into a few bins: long chains."));
  ImGui::TextWrapped(
      "%s", tr("The cures: private copies per block (in global, then in shared memory) so only a "
               "block's threads contend; coarsening, so fewer threads merge fewer copies; "
               "aggregation, so a run of equal bins costs one atomic; warp aggregation, so a "
               "warp's lanes of one bin add once."));
  ImGui::TextWrapped(
      "%s", tr("The injected race replaces the atomic by a read and a write: threads that read the "
               "same counter before any of them writes lose each other's updates (PMPP Fig. "
               "9.4/9.5)."));
}

SceneCapabilities histogram_mode_capabilities(bool steps) {
  SceneCapabilities c;
  c.steps = steps;
  c.takes_image = true;
  c.takes_text = true;
  c.benchable = true;
  return c;
}

}  // namespace ws::app
