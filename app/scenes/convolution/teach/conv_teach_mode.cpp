#include "conv_teach_mode.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scenes/convolution/conv_panels.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

// A row-major plane as JSON: one array for a 1D input, rows of numbers for 2D.
nlohmann::json plane_json(const std::vector<double>& values, int width, int height) {
  if (height == 1) return values;
  nlohmann::json rows = nlohmann::json::array();
  for (int y = 0; y < height; ++y)
    rows.push_back(std::vector<double>(values.begin() + int64_t(y) * width,
                                       values.begin() + int64_t(y + 1) * width));
  return rows;
}

nlohmann::json filter_json(const conv::FilterSpec& spec) {
  const conv::Filter& f = spec.filter;
  const std::vector<double> weights(f.weights.begin(), f.weights.end());
  return {{"name", spec.name},
          {"width", f.width},
          {"height", f.height},
          {"weights", plane_json(weights, f.width, f.height)}};
}

std::string values_text(const std::vector<double>& v) {
  std::string text;
  for (size_t i = 0; i < v.size() && i < 16; ++i) text += (i ? " " : "") + conv_number(v[i]);
  if (v.size() > 16) text += " ...";
  return text;
}

}  // namespace

conv::Plane ConvTeachInput::plane() const {
  return {image.width, image.height, image.plane(0)};
}

ConvTeachInput load_conv_teach_input(const ConvSettings& s) {
  ConvTeachInput in;
  const bool typed = !s.source.values.empty();
  // Typed values must fit as they are (1D up to 256); photos are averaged down to 32x32.
  in.image = load_image_input(s.source, typed ? conv::kTeachMaxLength : conv::kTeachMaxSide, false,
                              conv::kMaxSide);
  if (in.image.height > 1 &&
      (in.image.width > conv::kTeachMaxSide || in.image.height > conv::kTeachMaxSide))
    throw Error(
        "values: teach mode takes 2D inputs up to 32x32 and 1D arrays up to 256 values, "
        "got " +
        std::to_string(in.image.width) + "x" + std::to_string(in.image.height));
  in.spec = s.filter_spec(in.image.height == 1 ? 1 : 2);
  return in;
}

void ConvTeachMode::prepare() {
  input_ = load_conv_teach_input(settings());
  shown_block_ = 0;
}

conv::TeachRun ConvTeachMode::run(Backend backend, int which) const {
  conv::TeachParams p;
  p.variant = which == 1 ? settings().compare_variant : settings().variant;
  p.boundary = settings().boundary;
  p.tile = settings().tile;
  return conv::teach(p, input_.plane(), input_.spec.filter, backend);
}

void ConvTeachMode::fill(RunJson& doc) const {
  const conv::Plane plane = input_.plane();
  const std::vector<double> in(plane.values.begin(), plane.values.end());
  doc.input = {{"label", input_.image.label},
               {"width", plane.width},
               {"height", plane.height},
               {"values", plane_json(in, plane.width, plane.height)},
               {"filter", filter_json(input_.spec)},
               {"boundary", conv::boundary_name(settings().boundary)}};
  const std::vector<double> reference =
      conv::convolve_reference(plane, input_.spec.filter, settings().boundary);
  doc.reference = plane_json(reference, plane.width, plane.height);
  const Taught<conv::TeachRun>* t = taught();
  if (!t) return;
  const conv::TeachRun& run = t->run;
  doc.result = plane_json(run.output, run.width, run.height);
  // Float sums in the kernels' order against the exact sum: within float rounding.
  double abs_taps = 0, abs_input = 0;
  for (float w : input_.spec.filter.weights) abs_taps += std::abs(w);
  for (double v : in) abs_input = std::max(abs_input, std::abs(v));
  // A float sum of taps terms, each at most abs_input x |weight|: well within 1e-5 of its size.
  const double tolerance = 1e-5 * (1 + abs_taps * abs_input);
  bool matches = run.output.size() == reference.size();
  for (size_t i = 0; matches && i < reference.size(); ++i)
    matches = std::abs(run.output[i] - reference[i]) <= tolerance;
  doc.matches_reference = matches;
  const conv::TeachGeometry& g = run.geometry;
  doc.extra["variant"] = conv::info(run.params.variant).id;
  doc.extra["geometry"] = {{"grid", {g.grid_x, g.grid_y}},
                           {"block", {g.block_x, g.block_y}},
                           {"in_tile", {g.in_tile_x, g.in_tile_y}},
                           {"out_tile", {g.out_tile_x, g.out_tile_y}}};
  if (const Taught<conv::TeachRun>* c = taught(1))
    doc.extra["compare"] = {{"variant", conv::info(c->run.params.variant).id},
                            {"result", plane_json(c->run.output, c->run.width, c->run.height)},
                            {"counters", counters_json(c->traced.counters)}};
  doc.summary = std::string(conv::info(run.params.variant).id) + ": y = [" +
                values_text(run.output) + "] (" + std::to_string(run.output.size()) + " outputs, " +
                conv::boundary_name(settings().boundary) + " ghost cells), " +
                (matches ? "matches the double reference" : "DIFFERS from the double reference");
}

void ConvTeachMode::ui() {
  if (nlohmann::json e = conv_input_controls(settings()); !e.empty()) edit(e);
  if (nlohmann::json e = conv_filter_controls(settings(), true); !e.empty()) edit(e);
  if (nlohmann::json e = conv_variant_controls(settings(), true); !e.empty()) edit(e);
  const Taught<conv::TeachRun>* t = taught();
  if (!t) return;
  if (panel_section(tr("This step"), "conv-this-step")) {
    const conv::TeachRun& run = t->run;
    const TraceStep& s = run.trace.steps.at(step());
    ImGui::TextWrapped("%s", trf("Step {0} of {1}: {2} (phase {3})", step() + 1,
                                 run.trace.steps.size(), kernel_text(s.label), kernel_text(s.phase))
                                 .c_str());
    const int blocks = run.geometry.grid_x * run.geometry.grid_y;
    if (blocks > 1) {
      int block = shown_block_;
      if (ImGui::SliderInt(label_id(tr("block shown"), "conv-block").c_str(), &block, 0,
                           blocks - 1))
        shown_block_ = std::clamp(block, 0, blocks - 1);
    }
    twin_check_line(t->traced.twin);
    const Taught<conv::TeachRun>* c = taught(1);
    // The kit's constant-memory counters: one warp read per weight and warp (a lane at a zero
    // ghost cell sits the read out, it reads no other weight), so the serialization stays 0.
    const StepCounters& mine = t->traced.counters.per_step.at(size_t(step()));
    const StepCounters* theirs = c && size_t(step()) < c->traced.counters.per_step.size()
                                     ? &c->traced.counters.per_step[size_t(step())]
                                     : nullptr;
    std::vector<std::array<std::string, 3>> extra;
    extra.push_back({tr("constant reads (warp accesses)"), std::to_string(mine.constant_reads),
                     theirs ? std::to_string(theirs->constant_reads) : ""});
    extra.push_back({tr("constant serialization"), std::to_string(mine.constant_serialization),
                     theirs ? std::to_string(theirs->constant_serialization) : ""});
    const CountersColumn a{conv::info(run.params.variant).id, &t->traced.counters};
    if (c) {
      const CountersColumn b{conv::info(c->run.params.variant).id, &c->traced.counters};
      counters_table("conv-counters", a, &b, step(), extra);
    } else {
      counters_table("conv-counters", a, nullptr, step(), extra);
    }
  }
  fast_mode(26, tr("every variant at full size against NPP's nppiFilter"));
  conv_notes_panel();
}

void ConvTeachMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  const Taught<conv::TeachRun>* t = taught();
  if (!t) {
    draw_no_run(canvas, gfx::palette(theme), error());
    return;
  }
  draw_conv_teach(canvas, theme, *t, taught(1), input_, step(), shown_block_, hover());
}

std::string ConvTeachMode::caption() const {
  const Taught<conv::TeachRun>* t = taught();
  if (!t) return error();
  // Past the run's last step, the comparison's longer trace goes on alone.
  const Taught<conv::TeachRun>* c = taught(1);
  if (step() >= static_cast<int>(t->run.trace.steps.size()))
    return c && step() < static_cast<int>(c->run.trace.steps.size())
               ? conv_teach_caption(*c, input_, step(), shown_block_)
               : "";
  return conv_teach_caption(*t, input_, step(), shown_block_);
}

}  // namespace ws::app
