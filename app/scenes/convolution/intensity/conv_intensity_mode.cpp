#include "conv_intensity_mode.h"

#include <imgui.h>

#include <climits>
#include <cstdio>

#include "common/error.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scenes/convolution/conv_panels.h"

namespace ws::app {

namespace {

std::string two_decimals(double v) {
  char text[32];
  // Halves round up, as the book prints them (3.125 is 3.13).
  std::snprintf(text, sizeof text, "%.2f", v + 1e-9);
  return text;
}

nlohmann::json point_json(const IntensityPoint& p) {
  return {{"tile", p.tile},
          {"op_per_byte", p.op_per_byte ? nlohmann::json(*p.op_per_byte) : nlohmann::json()}};
}

}  // namespace

std::vector<ModeLimit<ConvSettings>> conv_intensity_limits() {
  return {{"intensity-tile",
           [](const ConvSettings& s) {
             return std::optional<int64_t>(s.intensity_tile - 2 * s.radius);
           },
           1, INT_MAX,
           "intensity-tile {0}: the input tile must be wider than its two halos (at least "
           "2 radius + 1)",
           "", nullptr,
           [](const ConvSettings& s) {
             return std::to_string(s.intensity_tile) + " with radius " + std::to_string(s.radius) +
                    " (at least " + std::to_string(2 * s.radius + 1) + ")";
           }}};
}

void ConvIntensityMode::reset() {
  run_ =
      compute_intensity(settings().radius, settings().intensity_tile, device_roofline(backend()));
}

void ConvIntensityMode::fill(RunJson& doc) const {
  doc.input = {
      {"radius", run_.radius},
      {"filter", std::to_string(2 * run_.radius + 1) + "x" + std::to_string(2 * run_.radius + 1)},
      {"tile", run_.tile}};
  nlohmann::json variants = nlohmann::json::array();
  for (const IntensityVariant& v : run_.variants) {
    nlohmann::json table = nlohmann::json::array(), curve = nlohmann::json::array();
    for (const IntensityPoint& p : v.table) table.push_back(point_json(p));
    for (const IntensityPoint& p : v.curve) curve.push_back(point_json(p));
    variants.push_back({{"variant", conv::info(v.variant).id},
                        {"takes_radius", v.takes_radius},
                        {"op_per_byte", point_json(v.chosen)["op_per_byte"]},
                        {"bound", v.bound},
                        {"table", table},
                        {"curve", curve},
                        {"attainable_gflops", v.attainable_gflops}});
  }
  doc.result = {{"variants", variants}};
  nlohmann::json book = nlohmann::json::array();
  bool all = true;
  for (const BookFigure& f : run_.book) {
    book.push_back(
        {{"what", f.what}, {"book", f.book}, {"computed", f.computed}, {"matches", f.matches()}});
    all = all && f.matches();
  }
  doc.reference = {{"book", book}};
  doc.matches_reference = all;
  doc.extra["roofline"] = {{"device", run_.roof.device},
                           {"assumed", run_.roof.assumed},
                           {"peak_gflops", run_.roof.peak_gflops},
                           {"bandwidth_gbps", run_.roof.bandwidth_gbps},
                           {"ridge_op_per_byte", run_.roof.ridge()}};
  std::string summary = "OP/B at a " + std::to_string(run_.tile) + "x" + std::to_string(run_.tile) +
                        " tile, radius " + std::to_string(run_.radius) + ":";
  for (const IntensityVariant& v : run_.variants)
    summary += std::string(" ") + conv::info(v.variant).id + " " +
               (v.chosen.op_per_byte ? two_decimals(*v.chosen.op_per_byte) : "-");
  summary += "; ridge " + two_decimals(run_.roof.ridge()) + " OP/B; book figures " +
             (all ? "match" : "DIFFER");
  doc.summary = summary;
}

void ConvIntensityMode::ui() {
  nlohmann::json e = nlohmann::json::object();
  if (panel_section(tr("Filter and tile"), "conv-intensity")) {
    int radius = settings().radius;
    if (ImGui::SliderInt(label_id(tr("radius"), "conv-intensity-radius").c_str(), &radius, 0,
                         conv::kMaxTiledRadius)) {
      e["radius"] = radius;
      if (settings().typed_filter()) e["filter"] = "box";
    }
    int tile = settings().intensity_tile;
    if (ImGui::SliderInt(label_id(tr("input tile edge"), "conv-intensity-tile").c_str(), &tile, 8,
                         64))
      e["intensity-tile"] = tile;
    if (ImGui::SmallButton(label_id(tr("the book's 5x5 on 32x32"), "conv-book-5").c_str())) {
      e["radius"] = 2;
      e["intensity-tile"] = 32;
      if (settings().typed_filter()) e["filter"] = "box";
    }
    ImGui::SameLine();
    if (ImGui::SmallButton(label_id(tr("the book's 9x9 on 32x32"), "conv-book-9").c_str())) {
      e["radius"] = 4;
      e["intensity-tile"] = 32;
      if (settings().typed_filter()) e["filter"] = "box";
    }
  }
  if (!e.empty()) edit(e);
  if (panel_section(tr("The book's figures"), "conv-book-figures")) {
    for (const BookFigure& f : run_.book)
      ImGui::TextWrapped(
          "%s", trf("{0}: book {1}, computed {2} {3}", tr_text(f.what), conv_number(f.book),
                    two_decimals(f.computed), f.matches() ? tr("(matches)") : tr("(DIFFERS)"))
                    .c_str());
    wrapped_text(
        run_.roof.assumed
            ? trf("CPU backend: no device measured; the roofline assumes an {0}: {1} "
                  "GFLOP/s FP32, {2} GB/s.",
                  kernel_text(run_.roof.device), with_commas(int64_t(run_.roof.peak_gflops)),
                  with_commas(int64_t(run_.roof.bandwidth_gbps)))
            : trf("{0}: {1} GFLOP/s FP32 (SMs x lanes x 2 x clock), {2} GB/s measured "
                  "copy bandwidth: the ridge is {3} OP/B.",
                  kernel_text(run_.roof.device), with_commas(int64_t(run_.roof.peak_gflops)),
                  with_commas(int64_t(run_.roof.bandwidth_gbps)), two_decimals(run_.roof.ridge())));
  }
  fast_mode(26, tr("every variant at full size against NPP's nppiFilter"));
  conv_notes_panel();
}

void ConvIntensityMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  draw_intensity(canvas, theme, run_, hover());
}

std::string ConvIntensityMode::caption() const {
  const int f = 2 * run_.radius + 1;
  std::string text = trf(
      "Arithmetic intensity of a {0}x{0} filter: operations per byte of DRAM traffic. The basic "
      "kernel loads an input and a weight for each multiply-add (0.25 OP/B), constant memory "
      "halves that traffic (0.5 OP/B), and a tile reuses each loaded input up to {1} times, "
      "toward the bound {2} OP/B of an infinitely large tile.",
      f, f * f, two_decimals(f * f * 2 / 4.0));
  text += " " + trf("Below the ridge point ({0} OP/B) a kernel is memory-bound.",
                    two_decimals(run_.roof.ridge()));
  return text;
}

}  // namespace ws::app
