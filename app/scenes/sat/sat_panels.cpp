#include "sat_panels.h"

#include <imgui.h>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scene_kit/image_source_panel.h"

namespace ws::app {

nlohmann::json sat_input_controls(const SatSettings& s, bool colour) {
  ImageSourcePanel panel;
  panel.id = "sat";
  panel.example = kSatNotesExample;
  panel.example_label = tr("the notes' example");
  panel.colour = colour;
  return image_source_controls(s.source, panel);
}

nlohmann::json sat_variant_controls(const SatSettings& s, bool tile) {
  nlohmann::json edit = nlohmann::json::object();
  if (!panel_section(tr("Variant"), "sat-variant-header")) return edit;
  variant_controls(edit, label_id(tr("variant"), "sat-variant"), sat::variant_infos(), s.variant);
  const std::vector<std::string> types = {"u8 -> u32", "f32 -> f32", "f32 -> f64"};
  int type = static_cast<int>(s.accum);
  if (combo(label_id(tr("type"), "sat-type").c_str(), type, types))
    edit["type"] = sat::accum_name(static_cast<sat::Accum>(type));
  if (tile && (s.variant == sat::Variant::SinglePass || s.variant == sat::Variant::RegisterTiled)) {
    int t = s.tile;
    if (ImGui::SliderInt(label_id(tr("tile edge"), "sat-tile").c_str(), &t, 2, 16))
      edit["tile"] = t;
  }
  return edit;
}

nlohmann::json sat_teach_kernel_controls(const SatSettings& s) {
  nlohmann::json edit = nlohmann::json::object();
  if (!panel_section(tr("Kernel"), "sat-kernel-header")) return edit;
  const std::vector<std::string> kernels = {tr("summed-area table"), tr("fused box filter")};
  int kernel = static_cast<int>(s.teach_kernel);
  if (combo(label_id(tr("kernel"), "sat-kernel").c_str(), kernel, kernels)) {
    const auto k = static_cast<sat::TeachKernel>(kernel);
    edit["kernel"] = sat::teach_kernel_name(k);
    if (k == sat::TeachKernel::FusedFilter) edit["type"] = sat::accum_name(sat::Accum::U8U32);
  }
  if (s.teach_kernel == sat::TeachKernel::FusedFilter) {
    int r = s.filter.radius;
    if (ImGui::SliderInt(label_id(tr("radius"), "sat-teach-radius").c_str(), &r, 0, sat::kTeachMax))
      edit["radius"] = r;
  }
  return edit;
}

std::string sat_sentences(const std::vector<std::string>& sentences) {
  // Sentences follow each other with a space in English, with none in Chinese.
  const char* gap = i18n::language() == i18n::Language::Chinese ? "" : " ";
  std::string text;
  for (const std::string& s : sentences) {
    if (s.empty()) continue;
    text += (text.empty() ? "" : gap) + s;
  }
  return text;
}

void add_grid_hover(HoverMap& hover, const GridGeometry& grid,
                    std::function<std::string(int x, int y)> describe) {
  hover.add(grid.min, grid.cell_min(grid.width, grid.height),
            [grid, describe = std::move(describe)](gfx::Vec2 point) {
              int x, y;
              return grid.cell_at(point, x, y) ? describe(x, y) : std::string();
            });
}

void sat_notes_panel() {
  if (!panel_section(tr("Notes"), "sat-notes", false)) return;
  ImGui::TextWrapped(
      "%s",
      tr("A summed-area table is a 2D inclusive prefix sum: scan every row, then every column of "
         "the result. The notes' example, the image 1..9 in three rows, gives the row scans "
         "[1 3 6; 4 9 15; 7 15 24] and then the table [1 3 6; 5 12 21; 12 27 45]."));
  ImGui::TextWrapped(
      "%s",
      tr("The sum over any rectangle is then four look-ups, D - B - C + A, where D is the table "
         "at the rectangle's bottom-right corner, B above its top-right, C left of its "
         "bottom-left and A diagonally above-left: a 3x3 box filter and a 500x500 one cost the "
         "same."));
  ImGui::TextWrapped(
      "%s",
      tr("u8 -> u32 wraps: an 8192x8192 image of 255s sums to 17,112,760,320, more than 2^32. "
         "The table's last entries are then wrong as numbers, yet every rectangle whose true sum "
         "is below 2^32 (up to 16,843,009 pixels of 255) comes out exact from the four look-ups, "
         "because unsigned arithmetic is modulo 2^32 and the wrap-around cancels. Larger windows "
         "are summed in parts."));
  ImGui::TextWrapped(
      "%s",
      tr("f32 -> f32 loses precision as the table grows: float has 24 bits of mantissa, so sums "
         "beyond 2^24 (16,777,216) are rounded, and a box sum taken as a difference of two large "
         "rounded numbers can be off by many units. f32 -> f64 keeps it exact at these sizes."));
}

}  // namespace ws::app
