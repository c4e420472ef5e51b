#include "formats_mode.h"

#include <imgui.h>

#include <algorithm>

#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/spmv/spmv_matrix_source.h"
#include "scenes/spmv/spmv_panels.h"
#include "scenes/spmv/threads/spmv_fast_job.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

nlohmann::json storage_json(const spmv::FormatStorage& s) {
  return {{"bytes_index", s.bytes_index},           {"bytes_values", s.bytes_values},
          {"bytes_total", s.bytes_total},           {"padding_slots", s.padding_slots},
          {"padding_fraction", s.padding_fraction}, {"ratio_to_csr", s.ratio_to_csr}};
}

}  // namespace

void FormatsMode::reset() {
  try {
    // A scene attached without an edit has not read its matrix yet (the book's example).
    if (!settings().loaded) load_matrix_choice(settings_to_keep());
    facts_ = formats_facts(settings());
    set_error("");
  } catch (const std::exception& e) {
    facts_ = {};
    set_error(e.what());
  }
}

void FormatsMode::seek(int step) {
  settings_to_keep().format = spmv::SparseFormat(std::clamp(step, 0, kFormatCount - 1));
  facts_.shown = settings().format;
}

void FormatsMode::fill(RunJson& doc) const {
  if (!facts_.matrix) return;
  const spmv::CsrMatrix& m = *facts_.matrix;
  doc.input = {{"matrix", facts_.label}, {"rows", m.rows}, {"cols", m.cols}, {"nnz", m.nnz()}};
  nlohmann::json storage = nlohmann::json::object();
  for (int i = 0; i < kFormatCount; ++i)
    storage[spmv::sparse_format_id(spmv::SparseFormat(i))] = {
        {"float32", storage_json(facts_.storage32[size_t(i)])},
        {"float64", storage_json(facts_.storage64[size_t(i)])}};
  doc.result = {{"format", spmv::sparse_format_id(facts_.shown)},
                {"ell_width", facts_.ell_width},
                {"hybrid_width", facts_.hybrid_width},
                {"hybrid_width_chosen", facts_.width_chosen},
                {"storage", storage}};
  if (facts_.cells) {
    doc.result["csr"] = {{"row_ptr", m.row_ptr}, {"col", m.col}, {"val", m.val}};
    doc.result["coo"] = {{"row", facts_.coo.row}, {"col", facts_.coo.col}, {"val", facts_.coo.val}};
    doc.result["ell"] = {{"width", facts_.ell.width},
                         {"col", facts_.ell.col},
                         {"val", facts_.ell.val},
                         {"padded", facts_.ell.padded}};
    doc.result["hybrid"] = {{"width", facts_.hybrid.width},     {"ell_col", facts_.hybrid.ell.col},
                            {"ell_val", facts_.hybrid.ell.val}, {"coo_row", facts_.hybrid.coo.row},
                            {"coo_col", facts_.hybrid.coo.col}, {"coo_val", facts_.hybrid.coo.val}};
    doc.result["jds"] = {{"perm", facts_.jds.perm},
                         {"iter_ptr", facts_.jds.iter_ptr},
                         {"col", facts_.jds.col},
                         {"val", facts_.jds.val}};
  }
  doc.summary = matrix_summary(m, facts_.label) + "; " + formats_caption(facts_);
}

void FormatsMode::ui() {
  nlohmann::json e = nlohmann::json::object();
  if (panel_section(tr("Format"), "spmv-format")) {
    for (int i = 0; i < kFormatCount; ++i) {
      const auto f = spmv::SparseFormat(i);
      if (ImGui::RadioButton(
              label_id(tr_text(spmv::sparse_format_title(f)).c_str(), spmv::sparse_format_id(f))
                  .c_str(),
              settings().format == f))
        e["format"] = spmv::sparse_format_id(f);
    }
    bool automatic = settings().ell_width < 0;
    if (ImGui::Checkbox(
            label_id(tr("hybrid width chosen from the row lengths"), "spmv-auto").c_str(),
            &automatic))
      e["ell-width"] = automatic ? nlohmann::json("auto") : nlohmann::json(facts_.hybrid_width);
    int width = facts_.hybrid_width;
    if (!automatic && ImGui::SliderInt(label_id(tr("hybrid ELL width"), "spmv-width").c_str(),
                                       &width, 0, std::max(facts_.ell_width, 1)))
      e["ell-width"] = width;
  }
  matrix_input_panel(settings(), e);
  if (!e.empty()) edit(e);
  fast_mode(0, spmv_fast_about());  // S2: every mode's fast panel
}

void FormatsMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  if (!facts_.matrix) {
    draw_no_run(canvas, gfx::palette(theme), error());
    return;
  }
  draw_formats_figure(canvas, theme, facts_, hover());
}

std::string FormatsMode::caption() const {
  return facts_.matrix ? formats_caption(facts_) : error();
}

}  // namespace ws::app
