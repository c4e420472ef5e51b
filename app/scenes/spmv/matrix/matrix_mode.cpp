#include "matrix_mode.h"

#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/spmv/spmv_matrix_source.h"
#include "scenes/spmv/spmv_panels.h"
#include "scenes/spmv/threads/spmv_fast_job.h"
#include "views/figure_parts.h"

namespace ws::app {

void MatrixMode::reset() {
  try {
    // A scene attached without an edit has not read its matrix yet (the book's example).
    if (!settings().loaded) load_matrix_choice(settings_to_keep());
    facts_ = matrix_facts(settings());
    set_error("");
  } catch (const std::exception& e) {
    facts_ = {};
    set_error(e.what());
  }
}

void MatrixMode::fill(RunJson& doc) const {
  if (!facts_.matrix) return;
  const spmv::CsrMatrix& m = *facts_.matrix;
  const spmv::RowStats& st = facts_.stats;
  doc.input = {{"matrix", facts_.label}, {"rows", m.rows}, {"cols", m.cols}, {"nnz", m.nnz()}};
  if (facts_.small()) doc.input["x"] = *facts_.x;
  nlohmann::json bins = nlohmann::json::array();
  for (const spmv::RowLengthBin& b : st.bins) bins.push_back({b.lo, b.hi, b.rows});
  doc.result = {{"row_lengths",
                 {{"min", st.min},
                  {"max", st.max},
                  {"mean", st.mean},
                  {"stddev", st.stddev},
                  {"empty_rows", st.empty_rows},
                  {"log_bins", st.log_bins},
                  {"bins", bins}}},
                {"sparsity_image",
                 {{"width", facts_.image.width},
                  {"height", facts_.image.height},
                  {"max_count", facts_.image.max_count}}}};
  if (facts_.small()) {
    doc.result["y"] = facts_.y;
    doc.reference = "y = A x, summed in long double per row (spmv::dense_reference)";
  }
  doc.summary = matrix_summary(m, facts_.label) + "; " + row_stats_text(m, st);
}

void MatrixMode::ui() {
  nlohmann::json e = nlohmann::json::object();
  matrix_input_panel(settings(), e);
  if (!e.empty()) edit(e);
  if (facts_.matrix && panel_section(tr("Row lengths"), "spmv-rows"))
    wrapped_text(row_stats_text(*facts_.matrix, facts_.stats));
  fast_mode(0, spmv_fast_about());  // S2: every mode's fast panel
}

void MatrixMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  if (!facts_.matrix) {
    draw_no_run(canvas, gfx::palette(theme), error());
    return;
  }
  draw_matrix_figure(canvas, theme, facts_, hover());
}

std::string MatrixMode::caption() const {
  return facts_.matrix ? matrix_caption(facts_) : error();
}

}  // namespace ws::app
