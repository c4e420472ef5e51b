#include "sat_query_scene.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "sat_panels.h"
#include "sat_report.h"
#include "sat_strings.h"
#include "scene_kit/panel_widgets.h"
#include "views/figure_parts.h"

namespace ws::app {

SatQueryScene::SatQueryScene(std::shared_ptr<SatSettings> settings)
    : settings_(std::move(settings)) {}

SceneCapabilities SatQueryScene::capabilities() const {
  return sat_mode_capabilities(false);
}

void SatQueryScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

void SatQueryScene::detach() {
  context_ = nullptr;
}

nlohmann::json SatQueryScene::params_to_json() const {
  return sat_params_json(*settings_);
}

void SatQueryScene::params_from_json(const nlohmann::json& params) {
  *settings_ = parse_sat_params(*settings_, params);
}

void SatQueryScene::reset() {
  error_.clear();
  input_ = load_sat_input(*settings_, kSatQueryMax, false);
  const SatSettings& s = *settings_;
  if (s.accum == sat::Accum::U8U32 && !input_.bytes)
    throw Error("type u8: the values must be integers 0..255 (" + input_.first_non_byte +
                "; choose type f32 or f32-f64 for other numbers)");
  if (input_.bytes) {
    // The table comes from the backend's engine: the variant runs on the GPU when there is one.
    std::unique_ptr<sat::Engine> engine = sat::Engine::create(backend());
    const std::vector<uint8_t> bytes = input_.bytes_planes();
    engine->set_image(input_.width, input_.height, 1, bytes.data());
    engine->compute_sat(s.variant, s.accum);
    table_ = engine->sat(0);
    computed_on_ = std::string(backend_name(backend())) + " " + sat::info(s.variant).id;
    computed_sequential_ = false;
    computed_backend_ = backend();
    computed_variant_ = s.variant;
  } else {
    table_ = sat::sat_sequential(input_.plane(0), s.accum);
    computed_on_ = "cpu sequential (typed values that are not bytes)";
    computed_sequential_ = true;
  }
  const bool fits = !s.has_query() || (s.query[2] < input_.width && s.query[3] < input_.height);
  // A new image drops a rectangle that does not fit it; one given with the image is an error.
  const bool new_input = !shown_input_.empty() && shown_input_ != input_.label;
  shown_input_ = input_.label;
  if (!fits && new_input) settings_->query = {-1, -1, -1, -1};
  if (!fits && !new_input)
    throw Error("query: the rectangle (" + std::to_string(s.query[0]) + ", " +
                std::to_string(s.query[1]) + ") to (" + std::to_string(s.query[2]) + ", " +
                std::to_string(s.query[3]) + ") does not fit " + input_.label +
                ": corners go from (0, 0) to (" + std::to_string(input_.width - 1) + ", " +
                std::to_string(input_.height - 1) + ")");
  if (!settings_->has_query()) {
    // A rectangle in the middle third until the user drags one.
    settings_->query = {input_.width / 3, input_.height / 3,
                        std::max(input_.width / 3, (2 * input_.width) / 3 - 1),
                        std::max(input_.height / 3, (2 * input_.height) / 3 - 1)};
  }
}

SatQuery SatQueryScene::query() const {
  SatQuery q;
  const auto& r = settings_->query;
  const int w = input_.width, h = input_.height;
  if (w < 1 || h < 1 || table_.empty()) return q;
  q.x0 = std::clamp(r[0], 0, w - 1);
  q.y0 = std::clamp(r[1], 0, h - 1);
  q.x1 = std::clamp(r[2], q.x0, w - 1);
  q.y1 = std::clamp(r[3], q.y0, h - 1);
  auto at = [&](int x, int y) { return x < 0 || y < 0 ? 0.0 : table_[size_t(y) * w + x]; };
  q.d = at(q.x1, q.y1);
  q.b = at(q.x1, q.y0 - 1);
  q.c = at(q.x0 - 1, q.y1);
  q.a = at(q.x0 - 1, q.y0 - 1);
  q.sum = sat::rect_sum(table_, w, h, settings_->accum, q.x0, q.y0, q.x1, q.y1);
  q.count = int64_t(q.x1 - q.x0 + 1) * (q.y1 - q.y0 + 1);
  for (int y = q.y0; y <= q.y1; ++y)
    for (int x = q.x0; x <= q.x1; ++x) q.direct += input_.planes[size_t(y) * w + x];
  return q;
}

void SatQueryScene::pointer(const Pointer& p) {
  int x, y;
  if (!image_cell(p.point, x, y)) {
    if (!p.left_down) drag_x_ = -1;
    return;
  }
  if (p.left_clicked) {
    drag_x_ = x;
    drag_y_ = y;
  }
  if (p.left_down && drag_x_ >= 0)
    settings_->query = {std::min(drag_x_, x), std::min(drag_y_, y), std::max(drag_x_, x),
                        std::max(drag_y_, y)};
  if (!p.left_down) drag_x_ = -1;
}

std::string SatQueryScene::computed_on_text() const {
  if (computed_sequential_) return tr("cpu sequential (typed values that are not bytes)");
  return std::string(backend_name(computed_backend_)) + " " + sat_variant_name(computed_variant_);
}

bool SatQueryScene::image_cell(gfx::Vec2 point, int& x, int& y) const {
  return image_geo_.cell_at(point, x, y);
}

std::string SatQueryScene::describe_at(gfx::Vec2 point) const {
  int x, y;
  const int w = input_.width;
  if (image_geo_.cell_at(point, x, y))
    return trf("pixel ({0}, {1}) = {2}\ndrag to choose a rectangle", x, y,
               number(input_.planes[size_t(y) * w + x], ValueType::Float32));
  if (table_geo_.cell_at(point, x, y))
    return trf("SAT({0}, {1}) = {2}\nthe sum of pixels (0..0) to ({0}, {1})", x, y,
               number(table_[size_t(y) * w + x], ValueType::Float32));
  return "";
}

nlohmann::json SatQueryScene::results_json() const {
  RunJson doc =
      sat_table_json(*settings_, backend(), input_, table_.empty() ? nullptr : &table_, "query");
  const SatQuery q = query();
  doc.extra["query"] = {{"x0", q.x0},
                        {"y0", q.y0},
                        {"x1", q.x1},
                        {"y1", q.y1},
                        {"A", q.a},
                        {"B", q.b},
                        {"C", q.c},
                        {"D", q.d},
                        {"sum", q.sum},
                        {"pixels", q.count},
                        {"mean", q.mean()},
                        {"direct_sum", q.direct},
                        {"matches_direct", q.matches()}};
  doc.extra["computed_on"] = computed_on_;
  doc.params = params_to_json();
  doc.params["mode"] = "query";
  return doc.to_json();
}

BenchJob SatQueryScene::bench_job(const BenchRequest& request) const {
  return sat_bench_job(request, *settings_);
}

void SatQueryScene::ui() {
  error_line(error_);
  sat_input_controls(*this, *settings_, error_, false);
  sat_variant_controls(*this, *settings_, error_, false);
  if (ImGui::CollapsingHeader(label_id(tr("Query"), "sat-query").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    const SatQuery q = query();
    const auto g = [](const char* format, double v) {
      char text[40];
      std::snprintf(text, sizeof text, format, v);
      return std::string(text);
    };
    ImGui::TextWrapped("%s", trf("Drag a rectangle on the image. Corners on the table: A ({0}, "
                                 "{1}), B ({2}, {3}), C ({4}, {5}), D ({6}, {7})",
                                 q.x0 - 1, q.y0 - 1, q.x1, q.y0 - 1, q.x0 - 1, q.y1, q.x1, q.y1)
                                 .c_str());
    ImGui::TextWrapped("%s",
                       trf("sum = D - B - C + A = {0} - {1} - {2} + {3} = {4}", g("%.10g", q.d),
                           g("%.10g", q.b), g("%.10g", q.c), g("%.10g", q.a), g("%.10g", q.sum))
                           .c_str());
    ImGui::TextWrapped(
        "%s",
        trf("mean = {0} / {1} = {2}", g("%.10g", q.sum), q.count, g("%.6g", q.mean())).c_str());
    if (q.matches())
      ImGui::TextColored(
          ImVec4(0.2f, 0.7f, 0.3f, 1), "%s",
          trf("direct sum of the pixels: {0} (equal)", g("%.10g", q.direct)).c_str());
    else
      ImGui::TextColored(ImVec4(0.9f, 0.2f, 0.2f, 1), "%s",
                         trf("direct sum of the pixels: {0} (differs by {1}: the table's "
                             "rounding)",
                             g("%.10g", q.direct), g("%.6g", q.sum - q.direct))
                             .c_str());
    ImGui::TextDisabled("%s", trf("table computed on {0}", computed_on_text()).c_str());
  }
  sat_notes_panel();
}

void SatQueryScene::code_ui() {
  sat_code_panel(settings_->variant, "");
}

}  // namespace ws::app
