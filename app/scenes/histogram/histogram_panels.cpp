#include "histogram_panels.h"

#include <imgui.h>

#include "common/error.h"

#include "histogram_input.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "io/image_planes.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace hg = ws::histogram;

std::string histogram_shipped_photos() {
  ImGui::TextDisabled("%s", tr("shipped photos:"));
  std::string chosen;
  for (const char* name : {"blackmarble_night.jpg", "camera.png", "coffee.png", "astronaut.png",
                           "bluemarble_day.jpg"}) {
    ImGui::SameLine();
    if (ImGui::SmallButton(name)) chosen = name;
  }
  return chosen;
}

nlohmann::json histogram_input_panel(const HistogramSettings& s, int64_t max_n) {
  nlohmann::json edit = nlohmann::json::object();
  if (!panel_section(tr("Input"), "hg-input")) return edit;
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
  if (const std::string photo = histogram_shipped_photos(); !photo.empty()) edit["image"] = photo;
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
  for (const std::string& name : dists) dist_names.push_back(kernel_text(name));
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
  return edit;
}

nlohmann::json histogram_bins_panel(const HistogramSettings& s) {
  nlohmann::json edit = nlohmann::json::object();
  if (!panel_section(tr("Bins"), "hg-bins-header")) return edit;
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
  return edit;
}

int64_t limit_max(const std::vector<ModeLimit<HistogramSettings>>& limits, const char* key) {
  for (const ModeLimit<HistogramSettings>& row : limits)
    if (std::string(row.key) == key) return row.max;
  throw Error(std::string("no limit on --") + key);
}

nlohmann::json histogram_variant_panel(const HistogramSettings& s,
                                       const std::vector<ModeLimit<HistogramSettings>>* teach) {
  nlohmann::json edit = nlohmann::json::object();
  if (!panel_section(tr("Variant"), "hg-variant-header")) return edit;
  variant_controls(edit, label_id(tr("variant"), "hg-variant"), hg::variant_infos(), s.variant);
  if (teach) {  // the sliders end at teach mode's limits
    int block = s.teach.block_dim / 32;
    if (ImGui::SliderInt(label_id(tr("warps per block"), "hg-block").c_str(), &block, 1,
                         int(limit_max(*teach, "block") / 32)))
      edit["block"] = block * 32;
    int grid = s.teach.grid_dim;
    if (ImGui::SliderInt(label_id(tr("blocks (0: enough for n)"), "hg-grid").c_str(), &grid, 0,
                         int(limit_max(*teach, "grid"))))
      edit["grid"] = grid;
    const hg::Variant v = s.variant;
    if (v == hg::Variant::CoarseContiguous || v == hg::Variant::CoarseInterleaved ||
        v == hg::Variant::Aggregated || v == hg::Variant::WarpAggregated) {
      int c = s.teach.coarsening;
      if (ImGui::SliderInt(label_id(tr("samples per thread"), "hg-coarsening").c_str(), &c, 1,
                           int(limit_max(*teach, "coarsening"))))
        edit["coarsening"] = c;
    }
  }
  bool race = s.teach.inject_race;
  if (ImGui::Checkbox(
          label_id(tr("inject the race (non-atomic read-modify-write)"), "hg-race").c_str(), &race))
    edit["race"] = race;
  if (!teach && race)
    ImGui::TextDisabled("%s", tr("full-size runs inject it in variants 2 and 4 only"));
  return edit;
}

void histogram_notes_panel() {
  if (!panel_section(tr("Notes"), "hg-notes", false)) return;
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

std::string histogram_image_file(const HistogramSettings& s) {
  return s.source == HistogramSource::Image && !s.file.empty()
             ? s.file
             : std::string(bench::kHistogramPhoto);
}

bench::HistogramBenchChoice histogram_bench_choice(const HistogramSettings& s, bool shows_photo) {
  bench::HistogramBenchChoice c;
  c.read_luminance = [](const std::string& file) {
    ImagePlanes img = load_image_planes(file, ColourMode::Luminance, 8192);
    return bench::LuminanceImage{img.width, img.height, std::move(img.planes)};
  };
  if (shows_photo || s.source == HistogramSource::Image) c.photo = histogram_image_file(s);
  c.dist = s.dist;
  c.skew = s.skew;
  c.bins = s.bins;
  return c;
}

}  // namespace ws::app
