#include "sat_query_mode.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "common/error.h"
#include "i18n/i18n.h"
#include "scenes/sat/sat_panels.h"
#include "scenes/sat/sat_report.h"
#include "scenes/sat/sat_strings.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

// The table of `in` from the backend's engine (the variant runs on the GPU when there is one), or
// from the sequential loop for typed values that are not bytes.
void compute_table(SatQueryTable& t, const SatSettings& s, Backend backend) {
  const ImageInput& in = t.input;
  t.sequential = !in.bytes;
  if (t.sequential) {
    t.table = sat::sat_sequential(sat_plane(in, 0), s.accum);
    t.computed_on = "cpu sequential (typed values that are not bytes)";
    return;
  }
  std::unique_ptr<sat::Engine> engine = sat::Engine::create(backend);
  const std::vector<uint8_t> bytes = in.bytes_planes();
  engine->set_image(in.width, in.height, 1, bytes.data());
  engine->compute_sat(s.variant, s.accum);
  t.table = engine->sat(0);
  t.computed_on = std::string(backend_name(backend)) + " " + sat::info(s.variant).id;
  t.backend = backend;
  t.variant = s.variant;
}

}  // namespace

SatQuery sat_query(const SatQueryTable& t, const std::array<int, 4>& r, sat::Accum accum) {
  SatQuery q;
  const int w = t.input.width, h = t.input.height;
  if (w < 1 || h < 1 || t.table.empty()) return q;
  q.x0 = std::clamp(r[0], 0, w - 1);
  q.y0 = std::clamp(r[1], 0, h - 1);
  q.x1 = std::clamp(r[2], q.x0, w - 1);
  q.y1 = std::clamp(r[3], q.y0, h - 1);
  auto at = [&](int x, int y) { return x < 0 || y < 0 ? 0.0 : t.table[size_t(y) * w + x]; };
  q.d = at(q.x1, q.y1);
  q.b = at(q.x1, q.y0 - 1);
  q.c = at(q.x0 - 1, q.y1);
  q.a = at(q.x0 - 1, q.y0 - 1);
  q.sum = sat::rect_sum(t.table, w, h, accum, q.x0, q.y0, q.x1, q.y1);
  q.count = int64_t(q.x1 - q.x0 + 1) * (q.y1 - q.y0 + 1);
  for (int y = q.y0; y <= q.y1; ++y)
    for (int x = q.x0; x <= q.x1; ++x) q.direct += t.input.planes[size_t(y) * w + x];
  return q;
}

std::string computed_on_text(const SatQueryTable& t) {
  if (t.sequential) return tr("cpu sequential (typed values that are not bytes)");
  return std::string(backend_name(t.backend)) + " " + sat_variant_name(t.variant);
}

void SatQueryMode::reset() {
  set_error("");
  const SatSettings& s = settings();
  ImageInput input = load_sat_input(s, kSatQueryMax, false);
  if (s.accum == sat::Accum::U8U32 && !input.bytes)
    throw Error("type u8: the values must be integers 0..255 (" + input.first_non_byte +
                "; choose type f32 or f32-f64 for other numbers)");
  table_.input = std::move(input);
  compute_table(table_, s, backend());
  const ImageInput& in = table_.input;
  const bool fits = !s.has_query() || (s.query[2] < in.width && s.query[3] < in.height);
  // A new image drops a rectangle that does not fit it; one given with the image is an error.
  const bool new_input = !table_.shown_input.empty() && table_.shown_input != in.label;
  table_.shown_input = in.label;
  std::array<int, 4>& query = settings_to_keep().query;
  if (!fits && new_input) query = {-1, -1, -1, -1};
  if (!fits && !new_input)
    throw Error("query: the rectangle (" + std::to_string(query[0]) + ", " +
                std::to_string(query[1]) + ") to (" + std::to_string(query[2]) + ", " +
                std::to_string(query[3]) + ") does not fit " + in.label +
                ": corners go from (0, 0) to (" + std::to_string(in.width - 1) + ", " +
                std::to_string(in.height - 1) + ")");
  // A rectangle in the middle third until the user drags one.
  if (!s.has_query())
    query = {in.width / 3, in.height / 3, std::max(in.width / 3, (2 * in.width) / 3 - 1),
             std::max(in.height / 3, (2 * in.height) / 3 - 1)};
}

void SatQueryMode::pointer(const Scene::Pointer& p) {
  int x, y;
  if (!image_.cell_at(p.point, x, y)) {
    if (!p.left_down) drag_x_ = -1;
    return;
  }
  if (p.left_clicked) {
    drag_x_ = x;
    drag_y_ = y;
  }
  if (p.left_down && drag_x_ >= 0)
    settings_to_keep().query = {std::min(drag_x_, x), std::min(drag_y_, y), std::max(drag_x_, x),
                                std::max(drag_y_, y)};
  if (!p.left_down) drag_x_ = -1;
}

void SatQueryMode::fill(RunJson& doc) const {
  fill_sat_table(doc, settings(), table_.input, table_.table.empty() ? nullptr : &table_.table,
                 "query");
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
  doc.extra["computed_on"] = table_.computed_on;
}

void SatQueryMode::ui() {
  if (nlohmann::json e = sat_input_controls(settings(), false); !e.empty()) edit(e);
  if (nlohmann::json e = sat_variant_controls(settings(), false); !e.empty()) edit(e);
  if (panel_section(tr("Query"), "sat-query")) {
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
    ImGui::TextDisabled("%s", trf("table computed on {0}", computed_on_text(table_)).c_str());
  }
  sat_notes_panel();
}

}  // namespace ws::app
